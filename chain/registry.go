package chain

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
)

// Errors of the registry and of amount conversion.
var (
	ErrUnknownSource = errors.New("unknown source")
	ErrUnknownAsset  = errors.New("unknown asset")
	ErrBadAmount     = errors.New("invalid amount")
)

// Asset is a token of one chain. Its ID is the interface's asset identifier (a lowercase
// ticker such as "usdt"); on the wire a token address is accepted too.
type Asset struct {
	ID       string
	Address  common.Address
	Decimals uint8
}

// ToBaseUnits converts a decimal amount to base units. Amounts with more fractional
// digits than the token has, negative amounts and zero are rejected: rounding money
// silently is never right.
func (a Asset) ToBaseUnits(d decimal.Decimal) (*big.Int, error) {
	if d.Sign() <= 0 {
		return nil, fmt.Errorf("%w: %s must be positive", ErrBadAmount, d)
	}
	if -d.Exponent() > int32(a.Decimals) {
		if d.Truncate(int32(a.Decimals)).Cmp(d) != 0 {
			return nil, fmt.Errorf("%w: %s has more than %d decimals, the precision of %s", ErrBadAmount, d, a.Decimals, a.ID)
		}
	}
	return d.Shift(int32(a.Decimals)).BigInt(), nil
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
	// Operator is the signer spec of the operator key that sends return transactions.
	Operator string
	Assets   []Asset
}

// Asset finds an asset by id (case-insensitive) or token address.
func (s *Source) Asset(idOrAddress string) (Asset, error) {
	for _, a := range s.Assets {
		if strings.EqualFold(a.ID, idOrAddress) {
			return a, nil
		}
	}
	if common.IsHexAddress(idOrAddress) {
		addr := common.HexToAddress(idOrAddress)
		for _, a := range s.Assets {
			if a.Address == addr {
				return a, nil
			}
		}
	}
	return Asset{}, fmt.Errorf("%w %q on %s", ErrUnknownAsset, idOrAddress, s.Name)
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
	return nil, fmt.Errorf("%w %q: valid sources are %s", ErrUnknownSource, name, strings.Join(r.Names(), ", "))
}

// Names returns the configured source names, sorted.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }
