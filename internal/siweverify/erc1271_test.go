package siweverify_test

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/internal/siwetest"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestERC1271OnAnvil signs in as a real contract wallet (contracts/test/OwnerWallet.sol)
// deployed on anvil, through the chain's RPC.
func TestERC1271OnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	ctx := context.Background()
	net := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := net.Chains[0]
	owner := c.Traders[0]
	code := append(common.FromHex(bindings.OwnerWalletMetaData.Bin), bindings.NewOwnerWallet().PackConstructor(owner.Address)...)
	receipt, err := c.Transact(ctx, owner, nil, code, nil)
	require.NoError(t, err)
	wallet := receipt.ContractAddress

	chainID := c.ChainID.Uint64()
	v := siweverify.New(siweverify.Config{Domain: domain, URI: uri, ChainIDs: []uint64{chainID}, ClockSkew: time.Minute},
		siweverify.NewERC1271(map[uint64]siweverify.ContractCaller{chainID: c.Client}))
	text := siwetest.Message{Domain: domain, Address: wallet.Hex(), URI: uri, Nonce: nonce, ChainID: int(chainID), IssuedAt: time.Now()}.String(t)
	sign := func(key []byte) string {
		k, err := crypto.ToECDSA(key)
		require.NoError(t, err)
		sig, err := crypto.Sign(siwetest.HashMessage(text), k)
		require.NoError(t, err)
		sig[64] += 27
		return hexutil.Encode(sig)
	}

	res, err := v.Verify(ctx, text, sign(crypto.FromECDSA(owner.Key)), time.Now())
	require.NoError(t, err)
	require.Equal(t, wallet, res.Address)

	stranger := siwetest.NewSigner(t)
	_, err = v.Verify(ctx, text, stranger.Sign(t, text), time.Now())
	require.ErrorIs(t, err, siweverify.ErrRejected, "the wallet refuses a stranger's signature")

	eoa := siwetest.Message{Domain: domain, Address: stranger.Address.Hex(), URI: uri, Nonce: nonce, ChainID: int(chainID), IssuedAt: time.Now()}.String(t)
	_, err = v.Verify(ctx, eoa, sign(crypto.FromECDSA(owner.Key)), time.Now())
	require.ErrorIs(t, err, siweverify.ErrRejected, "an address without code gets no ERC-1271 pass")
}
