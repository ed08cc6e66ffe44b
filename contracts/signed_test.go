package contracts_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// signOrder signs o for the DTW contract of c with signer's key, whoever o.Trader is.
func signOrder(t *testing.T, c *testnet.Chain, signer testnet.Account, o dtw.SignedOrder) []byte {
	t.Helper()
	sig, err := signer.SignTypedData(dtw.OrderTypedData(c.ChainID, c.DTW, o))
	require.NoError(t, err)
	return sig
}

// signWithdrawal signs w for the DTW contract of c with signer's key.
func signWithdrawal(t *testing.T, c *testnet.Chain, signer testnet.Account, w dtw.SignedWithdrawal) []byte {
	t.Helper()
	sig, err := signer.SignTypedData(dtw.WithdrawalTypedData(c.ChainID, c.DTW, w))
	require.NoError(t, err)
	return sig
}

// signedOrder is an order of `trader` selling 100 DAI for USDT, valid for an hour.
func signedOrder(t *testing.T, c *testnet.Chain, trader common.Address, nonce int64) dtw.SignedOrder {
	t.Helper()
	p := daiForUSDT(c)
	return dtw.SignedOrder{
		Trader: trader, SellToken: p.Sell.Address, BuyToken: p.Buy.Address, SellAmount: p.SellAmount,
		MinBuyAmount: p.MinBuyAmount, Deadline: now(t, c) + 3600, Kind: p.Kind, Nonce: big.NewInt(nonce),
	}
}

func relayOrder(c *testnet.Chain, relayer testnet.Account, o dtw.SignedOrder, sig []byte) error {
	_, err := c.RelaySignedOrder(ctx, relayer, o, sig)
	return err
}

func relayWithdrawal(c *testnet.Chain, relayer testnet.Account, w dtw.SignedWithdrawal, sig []byte) error {
	_, err := transact(c, relayer, dtwABI.PackWithdrawSigned(w, sig))
	return err
}

// highS returns the other, malleated form (n - s, flipped v) of a valid signature.
func highS(sig []byte) []byte {
	out := bytes.Clone(sig)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(sig[32:64]))
	copy(out[32:64], common.LeftPadBytes(s.Bytes(), 32))
	out[64] = 27 + 28 - out[64]
	return out
}

// atContract returns a view of the chain whose DTW is the contract at addr.
func atContract(c *testnet.Chain, addr common.Address) *testnet.Chain {
	cp := *c
	cp.DTW = addr
	return &cp
}

func requireNonceUsed(t *testing.T, c *testnet.Chain, trader common.Address, nonce *big.Int, want bool) {
	t.Helper()
	got := call(t, c, dtwABI.PackNonceUsed(trader, nonce), dtwABI.UnpackNonceUsed)
	require.Equalf(t, want, got, "nonceUsed(%s, %s)", trader, nonce)
}

func TestSignedOrders(t *testing.T) {
	n := testnet.New(t, testnet.Options{Traders: 3})
	c, op := n.Chain("ETHEREUM"), n.Chain("OPTIMISM")
	trader, relayer, walletOwner := c.Traders[0], c.Traders[1], c.Traders[2]
	dai := c.MustToken("DAI")
	for _, ch := range n.Chains {
		fund(t, ch, trader, dai, dai.Units(1000))
	}

	t.Run("relayed by anyone", func(t *testing.T) {
		c.Isolate(t)
		o := signedOrder(t, c, trader.Address, 1)
		before := snapshotBalances(t, c, trader.Address, relayer.Address)
		placed, err := c.RelaySignedOrder(ctx, relayer, o, signOrder(t, c, trader, o))
		require.NoError(t, err)
		require.Equal(t, dtw.Order{
			Trader: trader.Address, SellToken: o.SellToken, BuyToken: o.BuyToken, SellAmount: o.SellAmount,
			MinBuyAmount: o.MinBuyAmount, Deadline: o.Deadline, Kind: o.Kind,
		}, placed.Order)
		// The order's id names its nonce (its slot is the nonce's): no NonceUsed event.
		require.Empty(t, testnet.Events(placed.Receipt, c.DTW, dtwABI.UnpackNonceUsedEvent))
		requireAmount(t, new(big.Int).Or(new(big.Int).Lsh(big.NewInt(1), 62), o.Nonce), placed.ID, "relayed order id")
		requireNonceUsed(t, c, trader.Address, o.Nonce, true)
		requireOpen(t, c, placed, true)
		before.requireFreeDelta(trader.Address, dai, neg(o.SellAmount))
		before.requireFreeDelta(relayer.Address, dai, new(big.Int))
	})
	t.Run("v as 0 or 1", func(t *testing.T) {
		c.Isolate(t)
		o := signedOrder(t, c, trader.Address, 2)
		sig := signOrder(t, c, trader, o)
		sig[64] -= 27
		require.NoError(t, relayOrder(c, relayer, o, sig))
	})
	t.Run("rejected placement leaves the nonce unused", func(t *testing.T) {
		c.Isolate(t)
		o := signedOrder(t, c, trader.Address, 3)
		o.SellAmount = plus(dai.Units(1000), 1)
		sig := signOrder(t, c, trader, o)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, sig), "InsufficientBalance")
		requireNonceUsed(t, c, trader.Address, o.Nonce, false)
		fund(t, c, trader, dai, big.NewInt(1))
		require.NoError(t, relayOrder(c, relayer, o, sig))
	})

	deployed, err := deployDTW(t, c, c.Owner.Address)
	require.NoError(t, err)
	other := atContract(c, deployed.ContractAddress)
	fund(t, other, trader, dai, dai.Units(1000))

	for _, tc := range []struct {
		name string
		// relay relays one or more signed orders; the last one must fail.
		relay func(t *testing.T, o dtw.SignedOrder) error
		want  string
	}{
		{"replay of the same order", func(t *testing.T, o dtw.SignedOrder) error {
			sig := signOrder(t, c, trader, o)
			require.NoError(t, relayOrder(c, relayer, o, sig))
			return relayOrder(c, relayer, o, sig)
		}, "NonceAlreadyUsed"},
		{"another order with a used nonce", func(t *testing.T, o dtw.SignedOrder) error {
			require.NoError(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)))
			o.SellAmount = dai.Units(1)
			return relayOrder(c, relayer, o, signOrder(t, c, trader, o))
		}, "NonceAlreadyUsed"},
		{"invalidated nonce", func(t *testing.T, o dtw.SignedOrder) error {
			_, err := transact(c, trader, dtwABI.PackInvalidateNonce(o.Nonce))
			require.NoError(t, err)
			return relayOrder(c, relayer, o, signOrder(t, c, trader, o))
		}, "NonceAlreadyUsed"},
		{"signed by another key", func(t *testing.T, o dtw.SignedOrder) error {
			return relayOrder(c, relayer, o, signOrder(t, c, relayer, o))
		}, "BadSignature"},
		{"field changed after signing", func(t *testing.T, o dtw.SignedOrder) error {
			sig := signOrder(t, c, trader, o)
			o.MinBuyAmount = plus(o.MinBuyAmount, -1)
			return relayOrder(c, relayer, o, sig)
		}, "BadSignature"},
		{"zero trader", func(t *testing.T, o dtw.SignedOrder) error {
			o.Trader = common.Address{}
			return relayOrder(c, relayer, o, signOrder(t, c, trader, o))
		}, "BadSignature"},
		{"signed for ETHEREUM, relayed on OPTIMISM", func(t *testing.T, o dtw.SignedOrder) error {
			op.Isolate(t)
			require.Equal(t, c.DTW, op.DTW, "the replay needs the same contract address on both chains")
			require.NoError(t, relayOrder(op, relayer, o, signOrder(t, op, trader, o)), "control: signed for OPTIMISM")
			o.Nonce = plus(o.Nonce, 1)
			return relayOrder(op, relayer, o, signOrder(t, c, trader, o))
		}, "BadSignature"},
		{"signed for another DTW on the same chain", func(t *testing.T, o dtw.SignedOrder) error {
			require.NoError(t, relayOrder(other, relayer, o, signOrder(t, other, trader, o)), "control: signed for the other DTW")
			o.Nonce = plus(o.Nonce, 1)
			return relayOrder(other, relayer, o, signOrder(t, c, trader, o))
		}, "BadSignature"},
		{"high s", func(t *testing.T, o dtw.SignedOrder) error {
			sig := signOrder(t, c, trader, o)
			malleated := highS(sig)
			digest, err := dtw.Digest(dtw.OrderTypedData(c.ChainID, c.DTW, o))
			require.NoError(t, err)
			raw := bytes.Clone(malleated)
			raw[64] -= 27
			pub, err := crypto.Ecrecover(digest[:], raw)
			require.NoError(t, err, "the malleated signature is valid ECDSA")
			require.Equal(t, crypto.FromECDSAPub(&trader.Key.PublicKey), pub, "and recovers the trader")
			return relayOrder(c, relayer, o, malleated)
		}, "BadSignature"},
		{"v out of range", func(t *testing.T, o dtw.SignedOrder) error {
			sig := signOrder(t, c, trader, o)
			sig[64] += 2
			return relayOrder(c, relayer, o, sig)
		}, "BadSignature"},
		{"empty signature", func(t *testing.T, o dtw.SignedOrder) error {
			return relayOrder(c, relayer, o, nil)
		}, "BadSignature"},
		{"64-byte signature", func(t *testing.T, o dtw.SignedOrder) error {
			return relayOrder(c, relayer, o, signOrder(t, c, trader, o)[:64])
		}, "BadSignature"},
		{"66-byte signature", func(t *testing.T, o dtw.SignedOrder) error {
			return relayOrder(c, relayer, o, append(signOrder(t, c, trader, o), 0))
		}, "BadSignature"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := signedOrder(t, c, trader.Address, 10)
			before := snapshotBalances(t, c, trader.Address)
			testnet.RequireRevert(t, tc.relay(t, o), tc.want)
			if tc.want == "BadSignature" {
				before.requireUnchanged()
			}
		})
	}
	t.Run("NonceAlreadyUsed names the nonce", func(t *testing.T) {
		c.Isolate(t)
		o := signedOrder(t, c, trader.Address, 1<<40)
		_, err := transact(c, trader, dtwABI.PackInvalidateNonce(o.Nonce))
		require.NoError(t, err)
		requireRevertArgs(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)), &bindings.DTWNonceAlreadyUsed{Nonce: o.Nonce})
	})

	t.Run("ERC-1271 contract wallet", func(t *testing.T) {
		c.Isolate(t)
		wallet := deployWallet(t, c, walletOwner, dai, dai.Units(500))
		o := signedOrder(t, c, wallet, 1)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, signOrder(t, c, relayer, o)), "BadSignature")
		testnet.RequireRevert(t, relayOrder(c, relayer, o, signOrder(t, c, walletOwner, o)[:64]), "BadSignature")
		before := snapshotBalances(t, c, wallet, walletOwner.Address)
		placed, err := c.RelaySignedOrder(ctx, relayer, o, signOrder(t, c, walletOwner, o))
		require.NoError(t, err)
		require.Equal(t, wallet, placed.Order.Trader)
		before.requireFreeDelta(wallet, dai, neg(o.SellAmount))
		before.requireFreeDelta(walletOwner.Address, dai, new(big.Int))

		w := dtw.SignedWithdrawal{Trader: wallet, Token: dai.Address, Amount: dai.Units(7), To: walletOwner.Address, Nonce: big.NewInt(2), Deadline: now(t, c) + 600}
		require.NoError(t, relayWithdrawal(c, relayer, w, signWithdrawal(t, c, walletOwner, w)))
		before.requireHeldDelta(walletOwner.Address, dai, dai.Units(7))
	})
}

// deployWallet deploys an OwnerWallet for owner and deposits amount of tok into DTW from it.
func deployWallet(t *testing.T, c *testnet.Chain, owner testnet.Account, tok testnet.Token, amount *big.Int) common.Address {
	t.Helper()
	ow := bindings.NewOwnerWallet()
	code := append(common.FromHex(bindings.OwnerWalletMetaData.Bin), ow.PackConstructor(owner.Address)...)
	r, err := c.Transact(ctx, owner, nil, code, nil)
	require.NoError(t, err)
	wallet := r.ContractAddress
	require.NoError(t, c.Mint(ctx, tok, wallet, amount))
	for _, step := range []struct {
		target common.Address
		data   []byte
	}{
		{tok.Address, bindings.NewTestToken().PackApprove(c.DTW, amount)},
		{c.DTW, dtwABI.PackDeposit(tok.Address, amount)},
	} {
		_, err := c.Transact(ctx, owner, &wallet, ow.PackExecute(step.target, new(big.Int), step.data), nil)
		require.NoError(t, err)
	}
	requireAmount(t, amount, free(t, c, wallet, tok), "wallet's deposit")
	return wallet
}

func TestSignedWithdrawals(t *testing.T) {
	n := testnet.New(t, testnet.Options{Traders: 3})
	c, op := n.Chain("ETHEREUM"), n.Chain("OPTIMISM")
	trader, relayer := c.Traders[0], c.Traders[1]
	to, err := testnet.NewAccount("recipient", testnet.RoleTrader)
	require.NoError(t, err)
	dai, eth := c.MustToken("DAI"), c.MustToken("ETH")
	for _, ch := range n.Chains {
		fund(t, ch, trader, dai, dai.Units(100))
		fund(t, ch, trader, eth, eth.Units(2))
	}
	withdrawal := func(t *testing.T, tok testnet.Token, nonce int64) dtw.SignedWithdrawal {
		return dtw.SignedWithdrawal{Trader: trader.Address, Token: tok.Address, Amount: tok.Units(1), To: to.Address, Nonce: big.NewInt(nonce), Deadline: now(t, c) + 600}
	}

	for _, tc := range []tokenCase{{"DAI", false}, {"ETH", false}, {"DAI", true}} {
		t.Run(tc.name(), func(t *testing.T) {
			tok := tc.setUp(t, c)
			w := withdrawal(t, tok, 5)
			before := snapshotBalances(t, c, trader.Address, relayer.Address, to.Address)
			r, err := transact(c, relayer, dtwABI.PackWithdrawSigned(w, signWithdrawal(t, c, trader, w)))
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackWithdrawnEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWWithdrawn{Trader: trader.Address, Token: tok.Address, Amount: w.Amount, To: to.Address}, ev)
			require.Equal(t, trader.Address, testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackNonceUsedEvent).Trader)
			requireNonceUsed(t, c, trader.Address, w.Nonce, true)
			before.requireFreeDelta(trader.Address, tok, neg(w.Amount))
			before.requireFreeDelta(relayer.Address, tok, new(big.Int))
			before.requireHeldDelta(to.Address, tok, w.Amount)
			before.requireHeldDelta(c.DTW, tok, neg(w.Amount))
		})
	}

	for _, tc := range []struct {
		name  string
		relay func(t *testing.T, w dtw.SignedWithdrawal) error
		want  string
	}{
		{"expired", func(t *testing.T, w dtw.SignedWithdrawal) error {
			w.Deadline = now(t, c) - 1
			return relayWithdrawal(c, relayer, w, signWithdrawal(t, c, trader, w))
		}, "DeadlinePassed"},
		{"replay", func(t *testing.T, w dtw.SignedWithdrawal) error {
			sig := signWithdrawal(t, c, trader, w)
			require.NoError(t, relayWithdrawal(c, relayer, w, sig))
			return relayWithdrawal(c, relayer, w, sig)
		}, "NonceAlreadyUsed"},
		{"nonce used by a signed order", func(t *testing.T, w dtw.SignedWithdrawal) error {
			o := signedOrder(t, c, trader.Address, w.Nonce.Int64())
			require.NoError(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)))
			return relayWithdrawal(c, relayer, w, signWithdrawal(t, c, trader, w))
		}, "NonceAlreadyUsed"},
		{"tampered to", func(t *testing.T, w dtw.SignedWithdrawal) error {
			sig := signWithdrawal(t, c, trader, w)
			w.To = relayer.Address
			return relayWithdrawal(c, relayer, w, sig)
		}, "BadSignature"},
		{"tampered amount", func(t *testing.T, w dtw.SignedWithdrawal) error {
			sig := signWithdrawal(t, c, trader, w)
			w.Amount = plus(w.Amount, 1)
			return relayWithdrawal(c, relayer, w, sig)
		}, "BadSignature"},
		{"signed by another key", func(t *testing.T, w dtw.SignedWithdrawal) error {
			return relayWithdrawal(c, relayer, w, signWithdrawal(t, c, relayer, w))
		}, "BadSignature"},
		{"signed for ETHEREUM, relayed on OPTIMISM", func(t *testing.T, w dtw.SignedWithdrawal) error {
			return relayWithdrawal(op, relayer, w, signWithdrawal(t, c, trader, w))
		}, "BadSignature"},
		{"more than the free balance", func(t *testing.T, w dtw.SignedWithdrawal) error {
			w.Amount = plus(dai.Units(100), 1)
			err := relayWithdrawal(c, relayer, w, signWithdrawal(t, c, trader, w))
			requireNonceUsed(t, c, trader.Address, w.Nonce, false)
			return err
		}, "InsufficientBalance"},
		{"to the zero address", func(t *testing.T, w dtw.SignedWithdrawal) error {
			w.To = common.Address{}
			return relayWithdrawal(c, relayer, w, signWithdrawal(t, c, trader, w))
		}, "ZeroAddress"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			testnet.RequireRevert(t, tc.relay(t, withdrawal(t, dai, 9)), tc.want)
		})
	}
}

func TestViews(t *testing.T) {
	n := testnet.New(t, testnet.Options{Traders: 2})
	c := n.Chains[0]
	trader, other := c.Traders[0], c.Traders[1]
	deployed, err := deployDTW(t, c, c.Owner.Address)
	require.NoError(t, err)

	t.Run("domainSeparator is the EIP-712 domain hash", func(t *testing.T) {
		seen := map[common.Hash]string{}
		for _, ch := range append(n.Chains, atContract(c, deployed.ContractAddress)) {
			td := dtw.OrderTypedData(ch.ChainID, ch.DTW, dtw.SignedOrder{SellAmount: new(big.Int), MinBuyAmount: new(big.Int), Nonce: new(big.Int)})
			want, err := td.HashStruct("EIP712Domain", td.Domain.Map())
			require.NoError(t, err)
			got := common.Hash(call(t, ch, dtwABI.PackDomainSeparator(), dtwABI.UnpackDomainSeparator))
			require.Equalf(t, common.BytesToHash(want), got, "domainSeparator on %s at %s", ch.Source, ch.DTW)
			where := ch.Source + " " + ch.DTW.Hex()
			require.NotContainsf(t, seen, got, "%s shares its domain with %s", where, seen[got])
			seen[got] = where
		}
	})
	t.Run("type hashes", func(t *testing.T) {
		td := dtw.OrderTypedData(c.ChainID, c.DTW, dtw.SignedOrder{})
		require.Equal(t, common.BytesToHash(td.TypeHash("Order")), common.Hash(call(t, c, dtwABI.PackORDERTYPEHASH(), dtwABI.UnpackORDERTYPEHASH)))
		require.Equal(t, common.BytesToHash(td.TypeHash("Withdrawal")), common.Hash(call(t, c, dtwABI.PackWITHDRAWALTYPEHASH(), dtwABI.UnpackWITHDRAWALTYPEHASH)))
		require.Equal(t, common.BytesToHash(td.TypeHash("CancelRequest")), common.Hash(call(t, c, dtwABI.PackCANCELREQUESTTYPEHASH(), dtwABI.UnpackCANCELREQUESTTYPEHASH)))
		require.Equal(t, common.BytesToHash(td.TypeHash("NonceInvalidation")), common.Hash(call(t, c, dtwABI.PackNONCEINVALIDATIONTYPEHASH(), dtwABI.UnpackNONCEINVALIDATIONTYPEHASH)))
	})
	t.Run("constants", func(t *testing.T) {
		require.Equal(t, dtw.Native, call(t, c, dtwABI.PackNATIVE(), dtwABI.UnpackNATIVE))
		require.Equal(t, dtw.KindMarket, call(t, c, dtwABI.PackKINDMARKET(), dtwABI.UnpackKINDMARKET))
		require.Equal(t, dtw.KindLimit, call(t, c, dtwABI.PackKINDLIMIT(), dtwABI.UnpackKINDLIMIT))
		require.Equal(t, dtw.SkipClosed, call(t, c, dtwABI.PackSKIPCLOSED(), dtwABI.UnpackSKIPCLOSED))
		require.Equal(t, dtw.SkipExpired, call(t, c, dtwABI.PackSKIPEXPIRED(), dtwABI.UnpackSKIPEXPIRED))
		require.Equal(t, dtw.SkipCancelRequested, call(t, c, dtwABI.PackSKIPCANCELREQUESTED(), dtwABI.UnpackSKIPCANCELREQUESTED))
	})
	t.Run("hashOrder equals dtw.OrderHash", func(t *testing.T) {
		maxU256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
		for _, o := range []dtw.Order{
			{SellAmount: new(big.Int), MinBuyAmount: new(big.Int)},
			{Trader: trader.Address, SellToken: c.MustToken("DAI").Address, BuyToken: dtw.Native, SellAmount: big.NewInt(1), MinBuyAmount: big.NewInt(2), Deadline: 3, Kind: dtw.KindLimit},
			{Trader: other.Address, SellAmount: maxU256, MinBuyAmount: maxU256, Deadline: ^uint64(0), Kind: 255},
		} {
			require.Equal(t, dtw.OrderHash(o), common.Hash(call(t, c, dtwABI.PackHashOrder(o), dtwABI.UnpackHashOrder)))
		}
	})
	t.Run("unknown order and untouched balance are zero", func(t *testing.T) {
		require.Equal(t, [32]byte{}, call(t, c, dtwABI.PackOrderHash(big.NewInt(12345)), dtwABI.UnpackOrderHash))
		requireAmount(t, new(big.Int), free(t, c, trader.Address, c.MustToken("DAI")), "free DAI of a new trader")
	})

	t.Run("invalidateNonce and nonceUsed", func(t *testing.T) {
		// Nonces are told apart by their low 62 bits (a relayed order's id keeps them).
		huge := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 255), new(big.Int).Lsh(big.NewInt(1), 61))
		nonces := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(255), big.NewInt(256), huge}
		for i, nonce := range nonces {
			requireNonceUsed(t, c, trader.Address, nonce, false)
			r, err := transact(c, trader, dtwABI.PackInvalidateNonce(nonce))
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackNonceUsedEvent)
			require.Equal(t, trader.Address, ev.Trader)
			requireAmount(t, nonce, ev.Nonce, "NonceUsed nonce")
			for j, later := range nonces {
				requireNonceUsed(t, c, trader.Address, later, j <= i) // one bit per nonce
			}
			requireNonceUsed(t, c, other.Address, nonce, false)
		}
		_, err := transact(c, trader, dtwABI.PackInvalidateNonce(big.NewInt(256)))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
	})
}
