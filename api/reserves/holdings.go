package reserves

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api/receipt"
)

// MaxHoldings bounds a reserves listing.
const MaxHoldings = 10_000

// Errors of the holdings' check.
var (
	// ErrHolding: a listed holding is malformed, or its chain cannot be read.
	ErrHolding = errors.New("invalid holding")
	// ErrOverstated: a listed holding claims more than its chain holds at its block.
	ErrOverstated = errors.New("holding overstated")
	// ErrUndercovered: an asset's holdings are below its liabilities.
	ErrUndercovered = errors.New("holdings below liabilities")
)

// Holding is one on-chain balance that backs the liabilities, as the gateway lists it:
// an address's wallet balance of a token (native when Token is zero), or, when DTW is
// set, its free balance in that DTW contract.
type Holding struct {
	// Chain is the source name, e.g. ETHEREUM; ChainID its chain id, which the
	// verifier's RPC must answer.
	Chain   string `json:"chain"`
	ChainID uint64 `json:"chainId,string"`
	// Asset is the liabilities' asset id this holding backs.
	Asset string `json:"asset"`
	// Token is the token contract; the zero address for the native coin.
	Token common.Address `json:"token"`
	// Decimals is the token's number of decimals on this chain.
	Decimals uint8 `json:"decimals"`
	// Address holds the funds: the treasury, a deposit forwarder, the operator.
	Address common.Address `json:"address"`
	// DTW, when set, makes the holding Address's free balance in this DTW contract.
	DTW *common.Address `json:"dtw,omitempty"`
	// Block is the block the amount is read at.
	Block uint64 `json:"block,string"`
	// Amount is what the gateway says the address holds, in base units.
	Amount string `json:"amount"`
}

// ChainReader reads balances at a block; *ethclient.Client is one.
type ChainReader interface {
	ChainID(ctx context.Context) (*big.Int, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	CallContract(ctx context.Context, call ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
}

var (
	erc20    = bindings.NewTestToken()
	contract = bindings.NewDTW()
)

// Read reads h's balance from r at h.Block.
func (h Holding) Read(ctx context.Context, r ChainReader) (*big.Int, error) {
	block := new(big.Int).SetUint64(h.Block)
	var (
		to   common.Address
		data []byte
	)
	switch {
	case h.DTW != nil:
		to, data = *h.DTW, contract.PackBalanceOf(h.Address, h.Token)
	case h.Token == (common.Address{}):
		return r.BalanceAt(ctx, h.Address, block)
	default:
		to, data = h.Token, erc20.PackBalanceOf(h.Address)
	}
	out, err := r.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, block)
	if err != nil {
		return nil, err
	}
	if h.DTW != nil {
		return contract.UnpackBalanceOf(out)
	}
	return erc20.UnpackBalanceOf(out)
}

// AssetReport is one asset's line of a report.
type AssetReport struct {
	Asset string
	// Liabilities is the statement's total; Receivables the debts beside it.
	Liabilities, Receivables decimal.Decimal
	// Listed is what the listing claims; Holdings what the chains hold at the listed
	// blocks (counting each holding at most at its listed amount).
	Listed, Holdings decimal.Decimal
}

// Coverage returns Holdings / Liabilities (ok false when there are no liabilities).
func (a AssetReport) Coverage() (ratio decimal.Decimal, ok bool) {
	if a.Liabilities.IsZero() {
		return decimal.Decimal{}, false
	}
	return a.Holdings.DivRound(a.Liabilities, 6), true
}

// Report is assets against liabilities, per asset, and every problem found.
type Report struct {
	Position        uint64
	TimestampMillis uint64
	Assets          []AssetReport
	// Problems lists each overstated or unreadable holding and each undercovered asset
	// (errors wrapping ErrHolding, ErrOverstated or ErrUndercovered).
	Problems []error
}

// Err returns the report's problems joined, nil when none.
func (r Report) Err() error { return errors.Join(r.Problems...) }

// CheckHoldings reads every holding from its chain's reader (readers by source name: the
// verifier's own RPCs) at its block and reports, per asset of st, the liabilities, the
// holdings read and the coverage. A holding that claims more than its chain holds, one
// that cannot be read and an asset whose holdings are below its liabilities are problems
// of the report. The error is for input refused before any reading.
func CheckHoldings(ctx context.Context, st Statement, holdings []Holding, readers map[string]ChainReader) (Report, error) {
	if err := st.Check(); err != nil {
		return Report{}, err
	}
	if len(holdings) > MaxHoldings {
		return Report{}, fmt.Errorf("%w: %d holdings, at most %d", ErrHolding, len(holdings), MaxHoldings)
	}
	rep := Report{Position: st.Position, TimestampMillis: st.TimestampMillis}
	byAsset := map[string]*AssetReport{}
	for _, root := range st.Roots {
		total, _ := parseUnits("total", root.Total) // Check parsed them
		debts, _ := parseUnits("debts", root.Debts)
		rep.Assets = append(rep.Assets, AssetReport{Asset: root.Asset,
			Liabilities: decimal.NewFromBigInt(total.ToBig(), -int32(root.Decimals)),
			Receivables: decimal.NewFromBigInt(debts.ToBig(), -int32(root.Decimals))})
	}
	for i := range rep.Assets {
		byAsset[rep.Assets[i].Asset] = &rep.Assets[i]
	}
	chainIDs := map[string]uint64{}
	for _, h := range holdings {
		what := fmt.Sprintf("%s %s holding of %s at block %d", h.Chain, h.Asset, h.Address, h.Block)
		if h.DTW != nil {
			what = fmt.Sprintf("%s %s holding of %s in DTW %s at block %d", h.Chain, h.Asset, h.Address, *h.DTW, h.Block)
		}
		a := byAsset[h.Asset]
		if a == nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: the statement has no %s liabilities", ErrHolding, what, h.Asset))
			continue
		}
		claimed, err := parseUnits("amount", h.Amount)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: %w", ErrHolding, what, err))
			continue
		}
		a.Listed = a.Listed.Add(decimal.NewFromBigInt(claimed.ToBig(), -int32(h.Decimals)))
		r := readers[h.Chain]
		if r == nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: no RPC for %s", ErrHolding, what, h.Chain))
			continue
		}
		if _, ok := chainIDs[h.Chain]; !ok {
			id, err := r.ChainID(ctx)
			if err != nil {
				return Report{}, fmt.Errorf("%w: chain id of %s: %w", ErrHolding, h.Chain, err)
			}
			chainIDs[h.Chain] = id.Uint64()
		}
		if chainIDs[h.Chain] != h.ChainID {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: listed on chain %d, the %s RPC is chain %d", ErrHolding, what, h.ChainID, h.Chain, chainIDs[h.Chain]))
			continue
		}
		got, err := h.Read(ctx, r)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: %w", ErrHolding, what, err))
			continue
		}
		counted := got
		if got.Cmp(claimed.ToBig()) < 0 {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: listed %s, the chain says %s (base units)", ErrOverstated, what, claimed.Dec(), got))
		} else {
			counted = claimed.ToBig() // never count more than the gateway claims
		}
		a.Holdings = a.Holdings.Add(decimal.NewFromBigInt(counted, -int32(h.Decimals)))
	}
	for _, a := range rep.Assets {
		if a.Holdings.LessThan(a.Liabilities) {
			rep.Problems = append(rep.Problems, fmt.Errorf("%w: %s: holdings %s, liabilities %s", ErrUndercovered, a.Asset, a.Holdings, a.Liabilities))
		}
	}
	slices.SortFunc(rep.Assets, func(a, b AssetReport) int { return strings.Compare(a.Asset, b.Asset) })
	return rep, nil
}

// Write prints the report as a table: per asset its liabilities, the holdings read on
// chain, the coverage ratio and the receivables, then each problem.
func (r Report) Write(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "reserves at ledger position %d (%s)\n", r.Position, receipt.Receipt{TimestampMillis: r.TimestampMillis}.Time().Format("2006-01-02T15:04:05Z"))
	fmt.Fprintln(tw, "ASSET\tLIABILITIES\tHOLDINGS\tCOVERAGE\tRECEIVABLES\t")
	for _, a := range r.Assets {
		cov := "-"
		if ratio, ok := a.Coverage(); ok {
			cov = ratio.StringFixed(4)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", a.Asset, a.Liabilities, a.Holdings, cov, a.Receivables)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(tw, "problem: %v\n", p)
	}
	return tw.Flush()
}

// Candidate is a place the gateway may hold an asset on a chain: the treasury, a deposit
// forwarder, the operator's balance in the DTW contract (DTW set).
type Candidate struct {
	Asset    string
	Token    common.Address
	Decimals uint8
	Address  common.Address
	DTW      *common.Address
}

// List reads every candidate from r (the chain named chainName) at block and returns
// those holding something, as the gateway lists them beside a statement.
func List(ctx context.Context, r ChainReader, chainName string, block uint64, candidates []Candidate) ([]Holding, error) {
	if len(candidates) > MaxHoldings {
		return nil, fmt.Errorf("%w: %d candidates, at most %d", ErrHolding, len(candidates), MaxHoldings)
	}
	id, err := r.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("chain id of %s: %w", chainName, err)
	}
	var out []Holding
	for _, c := range candidates {
		h := Holding{Chain: chainName, ChainID: id.Uint64(), Asset: c.Asset, Token: c.Token, Decimals: c.Decimals,
			Address: c.Address, DTW: c.DTW, Block: block}
		v, err := h.Read(ctx, r)
		if err != nil {
			return nil, fmt.Errorf("%s %s of %s at block %d: %w", chainName, c.Asset, c.Address, block, err)
		}
		if v.Sign() > 0 {
			h.Amount = v.String()
			out = append(out, h)
		}
	}
	return out, nil
}
