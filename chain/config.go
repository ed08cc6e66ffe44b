package chain

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// Config is how every configuration file states a chain: the gateway's config
// (chains[]), the trader's dtw config (sources) and the devnet file (devnet.json). It is
// the one definition of those keys, converted to a Source in one place (Source).
type Config struct {
	// Source is the interface's source name, e.g. ETHEREUM.
	Source string `yaml:"source" json:"source"`
	// ChainID is the EIP-155 chain id; the RPC must serve it.
	ChainID uint64 `yaml:"chainId" json:"chainId"`
	// RPCURLs are the chain's JSON-RPC endpoints, in order of preference: used as a pool,
	// each call going to the first healthy one.
	RPCURLs []string `yaml:"rpcUrls" json:"rpcUrls"`
	// VerifyQuorum is how many of RPCURLs must return the same receipt, logs or block
	// before a return transaction is reported, a deposit credited or a withdrawal
	// completed on their word. Default 1 for the gateway; dtw's default is every URL.
	VerifyQuorum int `yaml:"verifyQuorum,omitempty" json:"verifyQuorum,omitempty"`
	// DTWAddress is the deployed DTW contract (0x, EIP-55 or all one case).
	DTWAddress string `yaml:"dtwAddress" json:"dtwAddress"`
	// StartBlock is the block of the DTW deployment, where searches start. Default 0.
	StartBlock uint64 `yaml:"startBlock,omitempty" json:"startBlock,omitempty"`
	// Confirmations is the depth at which events and transactions count. Default 1.
	Confirmations uint64 `yaml:"confirmations,omitempty" json:"confirmations,omitempty"`
	// Tokens are the tokens traded on the chain.
	Tokens []TokenConfig `yaml:"tokens" json:"tokens"`
	// DepositFactory is the deployed DepositForwarderFactory that gives each account its
	// own OFFCHAIN deposit address on the chain (a gateway setting; traders' configs leave
	// it out). Without it the chain takes no OFFCHAIN crypto deposits.
	DepositFactory string `yaml:"depositFactory,omitempty" json:"depositFactory,omitempty"`
}

// TokenConfig is one token of a chain's Config.
type TokenConfig struct {
	// Symbol is the token's symbol; its lower case is the asset id (e.g. usdc).
	Symbol string `yaml:"symbol" json:"symbol"`
	// Address is the token contract; the zero address stands for native ETH.
	Address string `yaml:"address" json:"address"`
	// Decimals is the token's number of decimals.
	Decimals uint8 `yaml:"decimals" json:"decimals"`
	// MinRelayOrder and MinRelayWithdrawal are, for a gateway that relays gasless
	// requests on the chain, the smallest amount to sell of a relayed order and the
	// smallest relayed withdrawal, in whole tokens as decimal strings (internal/config
	// documents their defaults). Other readers ignore them.
	MinRelayOrder      string `yaml:"minRelayOrder,omitempty" json:"minRelayOrder,omitempty"`
	MinRelayWithdrawal string `yaml:"minRelayWithdrawal,omitempty" json:"minRelayWithdrawal,omitempty"`
}

// ErrConfig is wrapped by every Check error; the message names the field.
var ErrConfig = errors.New("invalid chain config")

// Check validates the config on its own, naming the bad field (prefixed by field, e.g.
// "chains[0]").
func (c Config) Check(field string) error {
	var errs []error
	bad := func(f, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s.%s: %s", ErrConfig, field, f, fmt.Sprintf(format, args...)))
	}
	if c.Source == "" || strings.ToUpper(c.Source) != c.Source || strings.ContainsAny(c.Source, " /?#") {
		bad("source", "%q must be an upper-case name such as ETHEREUM", c.Source)
	}
	if c.ChainID == 0 {
		bad("chainId", "required")
	}
	for i, u := range c.RPCURLs {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https" && p.Scheme != "ws" && p.Scheme != "wss") || p.Host == "" {
			bad(fmt.Sprintf("rpcUrls[%d]", i), "%q is not an http(s) or ws(s) URL", u)
		}
	}
	if c.VerifyQuorum < 0 || c.VerifyQuorum > len(c.RPCURLs) {
		bad("verifyQuorum", "%d must be between 1 and the number of rpcUrls (%d)", c.VerifyQuorum, len(c.RPCURLs))
	}
	if c.DTWAddress != "" {
		if _, err := ParseAddress(c.DTWAddress); err != nil {
			bad("dtwAddress", "%v", err)
		}
	}
	if c.DepositFactory != "" {
		if _, err := ParseAddress(c.DepositFactory); err != nil {
			bad("depositFactory", "%v", err)
		}
	}
	seen := map[string]bool{}
	for i, t := range c.Tokens {
		f := fmt.Sprintf("tokens[%d]", i)
		if t.Symbol == "" {
			bad(f+".symbol", "required")
		}
		if seen[strings.ToLower(t.Symbol)] {
			bad(f+".symbol", "%q is listed twice", t.Symbol)
		}
		seen[strings.ToLower(t.Symbol)] = true
		if _, err := ParseAddress(t.Address); err != nil {
			bad(f+".address", "%v", err)
		}
		if t.Decimals > 77 {
			bad(f+".decimals", "%d is more than a uint256 can carry", t.Decimals)
		}
	}
	return errors.Join(errs...)
}

// ToSource returns the chain registry's source of a checked config: asset ids are the
// tokens' lower-case symbols, and Confirmations is at least 1.
func (c Config) ToSource() Source {
	s := Source{
		Name: c.Source, ChainID: c.ChainID, RPCURLs: append([]string(nil), c.RPCURLs...),
		DTW: common.HexToAddress(c.DTWAddress), StartBlock: c.StartBlock, Confirmations: max(c.Confirmations, 1),
		DepositFactory: common.HexToAddress(c.DepositFactory), VerifyQuorum: max(c.VerifyQuorum, 1),
	}
	for _, t := range c.Tokens {
		s.Assets = append(s.Assets, Asset{ID: strings.ToLower(t.Symbol), Address: common.HexToAddress(t.Address), Decimals: t.Decimals})
	}
	return s
}
