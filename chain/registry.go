package chain

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/echo"
)

// Errors of the registry and of amount conversion.
var (
	ErrUnknownSource = errors.New("unknown source")
	ErrUnknownAsset  = errors.New("unknown asset")
	ErrBadAmount     = errors.New("invalid amount")
	ErrBadAddress    = errors.New("invalid address")
)

// Asset is a token of one chain. Its ID is the interface's asset identifier (a lowercase
// ticker such as "usdt"); on the wire a token address is accepted too.
type Asset struct {
	ID       string
	Address  common.Address
	Decimals uint8
}

// FromBaseUnits converts base units to a decimal amount.
func (a Asset) FromBaseUnits(b *big.Int) decimal.Decimal {
	if b == nil {
		return decimal.Zero
	}
	return decimal.NewFromBigInt(b, -int32(a.Decimals))
}

// Source is one chain the gateway serves.
type Source struct {
	// Name is the interface's source name, e.g. ETHEREUM.
	Name    string
	ChainID uint64
	RPCURLs []string
	DTW     common.Address
	// StartBlock is where the follower starts reading (the DTW deployment block).
	StartBlock uint64
	// Confirmations is the depth at which events and return transactions count.
	Confirmations uint64
	// VerifyQuorum is how many RPC endpoints must agree on a read a decision rests on
	// (at least 1).
	VerifyQuorum int
	// Operator is the signer spec of the operator key that sends return transactions.
	Operator string
	Assets   []Asset
	// DepositFactory is the DepositForwarderFactory whose forwarders are the accounts'
	// OFFCHAIN deposit addresses on this chain; zero when the chain takes no OFFCHAIN
	// deposits.
	DepositFactory common.Address
}

// Asset finds an asset by id (case-insensitive) or token address.
func (s *Source) Asset(idOrAddress string) (Asset, error) {
	for _, a := range s.Assets {
		if strings.EqualFold(a.ID, idOrAddress) {
			return a, nil
		}
	}
	if addr, err := ParseAddress(idOrAddress); err == nil {
		for _, a := range s.Assets {
			if a.Address == addr {
				return a, nil
			}
		}
	}
	return Asset{}, fmt.Errorf("%w %q on %s", ErrUnknownAsset, echo.Value(idOrAddress), s.Name)
}

// AssetByAddress finds an asset by token address.
func (s *Source) AssetByAddress(addr common.Address) (Asset, bool) {
	for _, a := range s.Assets {
		if a.Address == addr {
			return a, true
		}
	}
	return Asset{}, false
}

// Registry maps source names to chains.
type Registry struct {
	sources map[string]*Source
	names   []string
}

// NewRegistry builds a registry; source names are upper-cased and must be unique.
func NewRegistry(sources []Source) (*Registry, error) {
	r := &Registry{sources: map[string]*Source{}}
	for i := range sources {
		s := sources[i]
		s.Name = strings.ToUpper(s.Name)
		if _, dup := r.sources[s.Name]; dup {
			return nil, fmt.Errorf("source %s configured twice", s.Name)
		}
		r.sources[s.Name] = &s
		r.names = append(r.names, s.Name)
	}
	sort.Strings(r.names)
	return r, nil
}

// Source returns a configured source by name, case-insensitively.
func (r *Registry) Source(name string) (*Source, error) {
	if s, ok := r.sources[strings.ToUpper(name)]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("%w %q: valid sources are %s", ErrUnknownSource, echo.Value(name), strings.Join(r.Names(), ", "))
}

// Names returns the configured source names, sorted.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }
