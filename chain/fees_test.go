package chain_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
)

// feeNode is a FeeReader with a fixed base fee and tip suggestion.
type feeNode struct {
	baseFee, tip *big.Int
	tipErr       error
}

func (n feeNode) HeaderByNumber(context.Context, *big.Int) (*types.Header, error) {
	return &types.Header{BaseFee: n.baseFee}, nil
}

func (n feeNode) SuggestGasTipCap(context.Context) (*big.Int, error) {
	return n.tip, n.tipErr
}

func gwei(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000_000)) }

func TestFeePolicyFees(t *testing.T) {
	for _, tc := range []struct {
		name             string
		policy           chain.FeePolicy
		node             feeNode
		wantTip, wantCap *big.Int
		wantErr          error
	}{
		{"market", chain.FeePolicy{}, feeNode{baseFee: gwei(10), tip: gwei(2)}, gwei(2), gwei(22), nil},
		{"fixed tip", chain.FeePolicy{Tip: gwei(1)}, feeNode{baseFee: gwei(10), tip: gwei(5)}, gwei(1), gwei(21), nil},
		{"tip fallback", chain.FeePolicy{}, feeNode{baseFee: gwei(10), tipErr: errors.New("unsupported")}, gwei(1), gwei(21), nil},
		{"capped", chain.FeePolicy{MaxFeeCap: gwei(15)}, feeNode{baseFee: gwei(10), tip: gwei(2)}, gwei(2), gwei(15), nil},
		{"tip above cap", chain.FeePolicy{MaxFeeCap: gwei(15)}, feeNode{baseFee: gwei(1), tip: gwei(20)}, gwei(15), gwei(15), nil},
		{"default cap", chain.FeePolicy{}, feeNode{baseFee: gwei(400), tip: gwei(2)}, gwei(2), gwei(500), nil},
		{"no base fee", chain.FeePolicy{}, feeNode{tip: gwei(2)}, nil, nil, chain.ErrNoBaseFee},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tip, feeCap, err := tc.policy.Fees(context.Background(), tc.node)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantTip.String(), tip.String())
			require.Equal(t, tc.wantCap.String(), feeCap.String())
		})
	}
}

func TestFeePolicyBump(t *testing.T) {
	plus := func(v *big.Int, pct int64) *big.Int {
		r := new(big.Int).Mul(v, big.NewInt(100+pct))
		return r.Add(r.Div(r, big.NewInt(100)), big.NewInt(1))
	}
	for _, tc := range []struct {
		name             string
		policy           chain.FeePolicy
		node             feeNode
		oldTip, oldCap   *big.Int
		wantTip, wantCap *big.Int
		wantOK           bool
	}{
		{"raise by default 15%", chain.FeePolicy{}, feeNode{baseFee: gwei(1), tip: gwei(1)}, gwei(2), gwei(10),
			plus(gwei(2), 15), plus(gwei(10), 15), true},
		{"raise by 30%", chain.FeePolicy{BumpPercent: 30}, feeNode{baseFee: gwei(1), tip: gwei(1)}, gwei(2), gwei(10),
			plus(gwei(2), 30), plus(gwei(10), 30), true},
		{"market above raise", chain.FeePolicy{}, feeNode{baseFee: gwei(50), tip: gwei(5)}, gwei(2), gwei(10),
			gwei(5), gwei(105), true},
		{"cap reached", chain.FeePolicy{MaxFeeCap: gwei(11)}, feeNode{baseFee: gwei(1), tip: gwei(1)}, gwei(2), gwei(10),
			nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tip, feeCap, ok, err := tc.policy.Bump(context.Background(), tc.node, tc.oldTip, tc.oldCap)
			require.NoError(t, err)
			require.Equal(t, tc.wantOK, ok)
			if !ok {
				return
			}
			require.Equal(t, tc.wantTip.String(), tip.String())
			require.Equal(t, tc.wantCap.String(), feeCap.String())
		})
	}
}
