package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestERC1271GasBounded is issue 17's seventh finding: a contract wallet's
// isValidSignature got all the gas and its return data was copied whole, so a relayer of
// its signed order could be made to burn millions of gas. The gas forwarded and the
// return data read are bounded.
func TestERC1271GasBounded(t *testing.T) {
	c := newChain(t, 2)
	relayer, signer := c.Traders[0], c.Traders[1]
	const gasLimit = 3_000_000
	// A relay costs the base transaction, calldata and the signature check: below this
	// with ERC1271_GAS forwarded, far below what the wallets below could burn.
	const bound = 650_000

	for _, tc := range []struct {
		name    string
		loops   bool
		padding int64
		want    string
	}{
		// Loops until it runs out of gas: bounded to ERC1271_GAS, then BadSignature.
		{"a looping wallet", true, 0, "BadSignature"},
		// Returns the magic value and 400 KB more: accepted on the first 32 bytes (the
		// wallet holds nothing in DTW, so the placement fails next), the rest never copied.
		{"a wallet returning 400 KB", false, 400_000, "InsufficientBalance"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			code := append(common.FromHex(bindings.GreedyWalletMetaData.Bin), bindings.NewGreedyWallet().PackConstructor(tc.loops, big.NewInt(tc.padding))...)
			r, err := c.Transact(ctx, signer, nil, code, nil)
			require.NoError(t, err)
			wallet := r.ContractAddress
			o := signedOrder(t, c, wallet, 1)
			data := dtwABI.PackPlaceOrderSigned(o, signOrder(t, c, signer, o))
			_, err = c.Client.CallContract(ctx, ethereum.CallMsg{From: relayer.Address, To: &c.DTW, Data: data}, nil)
			testnet.RequireRevert(t, err, tc.want)

			tx, err := c.SendTx(ctx, relayer, &c.DTW, data, nil, gasLimit)
			require.NoError(t, err)
			r, err = c.WaitReceipt(ctx, tx.Hash())
			require.ErrorIs(t, err, testnet.ErrReverted)
			require.Lessf(t, r.GasUsed, uint64(bound), "gas used by the failed relay: got %d, want < %d", r.GasUsed, bound)
			t.Logf("gas used %d", r.GasUsed)
		})
	}
}
