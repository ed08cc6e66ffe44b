package contracts_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/testnet"
)

var (
	forwarderABI = bindings.NewDepositForwarder()
	factoryABI   = bindings.NewDepositForwarderFactory()
	tokenABI     = bindings.NewTestToken()
)

// stipendSenderCode is the creation code of a contract that forwards its call value to the
// address in the first calldata word with CALL gas 0, as Solidity's `transfer` does: the
// callee runs on the 2,300 gas stipend alone, and a failed call reverts.
//
//	runtime: PUSH1 0 ×4, CALLVALUE, PUSH1 0, CALLDATALOAD, PUSH1 0 (gas), CALL,
//	         PUSH1 0x17, JUMPI, PUSH1 0, PUSH1 0, REVERT, JUMPDEST, STOP
var stipendSenderCode = common.FromHex("0x6019600c60003960196000f3" +
	"600060006000600034600035" + "6000f1" + "601757" + "60006000fd" + "5b00")

// stipendGas is what a value transfer gives the callee when the caller passes no gas.
const stipendGas = 2300

// saltOf is the deposit salt of an account id, in the bindings' form.
func saltOf(accountID string) [32]byte { return chain.DepositSalt(accountID) }

// viewCall runs a view of the contract at `to` and unpacks its result.
func viewCall[T any](t *testing.T, c *testnet.Chain, to common.Address, data []byte, unpack func([]byte) (T, error)) T {
	t.Helper()
	out, err := c.Call(ctx, to, data)
	require.NoError(t, err)
	v, err := unpack(out)
	require.NoError(t, err)
	return v
}

// deployForwarders deploys the forwarders of salts through the testnet's factory.
func deployForwarders(t *testing.T, c *testnet.Chain, from testnet.Account, salts ...[32]byte) *types.Receipt {
	t.Helper()
	r, err := c.Transact(ctx, from, &c.DepositFactory, factoryABI.PackDeploy(salts), nil)
	require.NoError(t, err)
	return r
}

// sendTo sends amount of tok (native ETH included) from `from` to `to` with a plain
// transfer, as a trader paying into a deposit address does.
func sendTo(t *testing.T, c *testnet.Chain, from testnet.Account, tok testnet.Token, to common.Address, amount *big.Int) *types.Receipt {
	t.Helper()
	var (
		r   *types.Receipt
		err error
	)
	if tok.Kind == testnet.KindNative {
		r, err = c.Transact(ctx, from, &to, nil, amount)
	} else {
		r, err = c.Transact(ctx, from, &tok.Address, tokenABI.PackTransfer(to, amount), nil)
	}
	require.NoErrorf(t, err, "send %s to %s", tok.Symbol, to)
	return r
}

// codeAt returns the runtime code at addr.
func codeAt(t *testing.T, c *testnet.Chain, addr common.Address) []byte {
	t.Helper()
	code, err := c.Client.CodeAt(ctx, addr, nil)
	require.NoError(t, err)
	return code
}

// sweepTokens lists the addresses of tokens (address(0) for ETH).
func sweepTokens(toks ...testnet.Token) []common.Address {
	out := make([]common.Address, len(toks))
	for i, tok := range toks {
		out[i] = tok.Address
	}
	return out
}

// factoryRevert decodes the DepositForwarderFactory custom error carried by err.
func factoryRevert(t *testing.T, err error) any {
	t.Helper()
	require.Error(t, err)
	data := testnet.RevertData(err)
	require.GreaterOrEqualf(t, len(data), 4, "no revert data in %v", err)
	e, err := factoryABI.UnpackError(data)
	require.NoError(t, err)
	return e
}

// sweptEvents lists a forwarder's Swept events in a receipt, without their logs, so that
// they compare by their fields.
func sweptEvents(r *types.Receipt, forwarder common.Address) []bindings.DepositForwarderSwept {
	var out []bindings.DepositForwarderSwept
	for _, ev := range testnet.Events(r, forwarder, forwarderABI.UnpackSweptEvent) {
		out = append(out, bindings.DepositForwarderSwept{Token: ev.Token, Amount: ev.Amount})
	}
	return out
}

// receivedEvents lists a forwarder's Received events in a receipt, without their logs.
func receivedEvents(r *types.Receipt, forwarder common.Address) []bindings.DepositForwarderReceived {
	var out []bindings.DepositForwarderReceived
	for _, ev := range testnet.Events(r, forwarder, forwarderABI.UnpackReceivedEvent) {
		out = append(out, bindings.DepositForwarderReceived{From: ev.From, Amount: ev.Amount})
	}
	return out
}

// callMsg is a call from `from` to `to` with data.
func callMsg(from, to common.Address, data []byte) ethereum.CallMsg {
	return ethereum.CallMsg{From: from, To: &to, Data: data}
}

// requireEmpty checks that a forwarder holds none of toks.
func requireEmpty(t *testing.T, c *testnet.Chain, forwarder common.Address, toks ...testnet.Token) {
	t.Helper()
	for _, tok := range toks {
		requireAmount(t, new(big.Int), held(t, c, tok, forwarder), "%s left in forwarder %s", tok.Symbol, forwarder)
	}
}

// TestForwarderAddress checks that the deposit address the gateway computes in Go is the
// one the factory reports and the one its deployment creates, that deploying is
// idempotent, and that a forwarder sweeps to its factory's treasury.
func TestForwarderAddress(t *testing.T) {
	c := newChain(t, 2)
	deployer := c.Traders[0]
	codeHash := crypto.Keccak256(common.FromHex(bindings.DepositForwarderMetaData.Bin))

	salts := map[string][32]byte{}
	seen := map[common.Address]string{}
	for _, id := range []string{"acct-1", "acct-2", "a", ""} {
		salt := saltOf(id)
		salts[id] = salt
		addr := chain.ForwarderAddress(c.DepositFactory, salt)
		require.Equal(t, crypto.CreateAddress2(c.DepositFactory, salt, codeHash), addr, "CREATE2 of the bindings' creation code for %q", id)
		require.Equal(t, addr, viewCall(t, c, c.DepositFactory, factoryABI.PackForwarderAddress(salt), factoryABI.UnpackForwarderAddress), "factory's forwarderAddress for %q", id)
		require.NotContains(t, seen, addr, "accounts %q and %q share an address", id, seen[addr])
		seen[addr] = id
		require.Empty(t, codeAt(t, c, addr), "code before deployment")
	}

	salt := salts["acct-1"]
	addr := chain.ForwarderAddress(c.DepositFactory, salt)
	r := deployForwarders(t, c, deployer, salt)
	ev := testnet.RequireEvent(t, r, c.DepositFactory, factoryABI.UnpackForwarderDeployedEvent)
	require.Equal(t, salt, ev.Salt)
	require.Equal(t, addr, ev.Forwarder, "deployed address")
	require.Empty(t, receivedEvents(r, addr), "a forwarder deployed on an empty address reports no ETH")
	code := codeAt(t, c, addr)
	require.NotEmpty(t, code)

	treasury := viewCall(t, c, c.DepositFactory, factoryABI.PackTreasury(), factoryABI.UnpackTreasury)
	require.Equal(t, c.Operator.Address, treasury, "the testnet's treasury is the operator")
	require.Equal(t, treasury, viewCall(t, c, addr, forwarderABI.PackTreasury(), forwarderABI.UnpackTreasury), "forwarder's treasury")

	t.Run("deploy again is a no-op", func(t *testing.T) {
		c.Isolate(t)
		r := deployForwarders(t, c, c.Traders[1], salt)
		require.Empty(t, r.Logs)
		require.Equal(t, code, codeAt(t, c, addr))
	})
	t.Run("batch deploys each missing salt once", func(t *testing.T) {
		c.Isolate(t)
		s2, s3 := salts["acct-2"], salts["a"]
		r := deployForwarders(t, c, deployer, salt, s2, s2, s3, salt)
		evs := testnet.Events(r, c.DepositFactory, factoryABI.UnpackForwarderDeployedEvent)
		require.Len(t, evs, 2)
		for i, s := range [][32]byte{s2, s3} {
			require.Equal(t, s, evs[i].Salt)
			require.Equal(t, chain.ForwarderAddress(c.DepositFactory, s), evs[i].Forwarder)
			require.NotEmpty(t, codeAt(t, c, evs[i].Forwarder))
		}
	})
	t.Run("another factory, another address and treasury", func(t *testing.T) {
		c.Isolate(t)
		other := c.Traders[1].Address
		code := append(common.FromHex(bindings.DepositForwarderFactoryMetaData.Bin), factoryABI.PackConstructor(other)...)
		r, err := c.Transact(ctx, c.Owner, nil, code, nil)
		require.NoError(t, err)
		factory2 := r.ContractAddress
		addr2 := chain.ForwarderAddress(factory2, salt)
		require.NotEqual(t, addr, addr2)
		require.Equal(t, addr2, viewCall(t, c, factory2, factoryABI.PackForwarderAddress(salt), factoryABI.UnpackForwarderAddress))
		r, err = c.Transact(ctx, deployer, &factory2, factoryABI.PackDeploy([][32]byte{salt}), nil)
		require.NoError(t, err)
		require.Equal(t, addr2, testnet.RequireEvent(t, r, factory2, factoryABI.UnpackForwarderDeployedEvent).Forwarder)
		require.Equal(t, other, viewCall(t, c, addr2, forwarderABI.PackTreasury(), forwarderABI.UnpackTreasury))
	})
	t.Run("only a factory deploys a forwarder", func(t *testing.T) {
		// The constructor reads the treasury from its deployer: an account has none.
		_, err := c.Transact(ctx, deployer, nil, common.FromHex(bindings.DepositForwarderMetaData.Bin), nil)
		require.Error(t, err)
	})
}

// TestForwarderReceive checks the Received events: ETH that reached the address before
// deployment is reported by the constructor as from address(0), later payments by their
// sender, and a payment carrying only the 2,300 gas stipend of Solidity's `transfer` goes
// through.
func TestForwarderReceive(t *testing.T) {
	c := newChain(t, 2)
	payer := c.Traders[0]
	eth := c.MustToken("ETH")
	salt := saltOf("acct-receive")
	addr := chain.ForwarderAddress(c.DepositFactory, salt)

	early := eth.Units(2)
	sendTo(t, c, payer, eth, addr, early)
	r := deployForwarders(t, c, c.Traders[1], salt)
	require.Equal(t, addr, testnet.RequireEvent(t, r, c.DepositFactory, factoryABI.UnpackForwarderDeployedEvent).Forwarder)
	require.Equal(t, []bindings.DepositForwarderReceived{{From: common.Address{}, Amount: early}}, receivedEvents(r, addr))
	requireAmount(t, early, held(t, c, eth, addr), "forwarder's ETH after deployment")

	t.Run("payment after deployment", func(t *testing.T) {
		c.Isolate(t)
		amount := eth.Units(1)
		r := sendTo(t, c, payer, eth, addr, amount)
		require.Equal(t, []bindings.DepositForwarderReceived{{From: payer.Address, Amount: amount}}, receivedEvents(r, addr))
		requireAmount(t, new(big.Int).Add(early, amount), held(t, c, eth, addr), "forwarder's ETH")
	})

	t.Run("payment with 2,300 gas to run", func(t *testing.T) {
		c.Isolate(t)
		amount := big.NewInt(12345)
		tx, err := c.SendTx(ctx, payer, &addr, nil, amount, 21_000+stipendGas)
		require.NoError(t, err)
		r, err := c.WaitReceipt(ctx, tx.Hash())
		require.NoError(t, err)
		require.Equal(t, []bindings.DepositForwarderReceived{{From: payer.Address, Amount: amount}}, receivedEvents(r, addr))

		// The limit binds: receive() does real work (it logs) that 1,000 gas cannot pay.
		tx, err = c.SendTx(ctx, payer, &addr, nil, amount, 21_000+1_000)
		require.NoError(t, err)
		r, err = c.WaitReceipt(ctx, tx.Hash())
		require.ErrorIs(t, err, testnet.ErrReverted)
		require.Equal(t, types.ReceiptStatusFailed, r.Status)
	})

	t.Run("Solidity transfer from a contract", func(t *testing.T) {
		c.Isolate(t)
		r, err := c.Transact(ctx, payer, nil, stipendSenderCode, nil)
		require.NoError(t, err)
		sender := r.ContractAddress
		amount := eth.Units(1)
		arg := common.LeftPadBytes(addr.Bytes(), 32)
		r, err = c.Transact(ctx, payer, &sender, arg, amount)
		require.NoError(t, err)
		require.Equal(t, []bindings.DepositForwarderReceived{{From: sender, Amount: amount}}, receivedEvents(r, addr))
		requireAmount(t, new(big.Int).Add(early, amount), held(t, c, eth, addr), "forwarder's ETH")

		// The sender really passes the stipend alone: a second sender, whose own value
		// transfer (to address(0), its empty calldata) costs more than 2,300 gas, accepts
		// ETH with gas to spare but not through the first.
		r, err = c.Transact(ctx, payer, nil, stipendSenderCode, nil)
		require.NoError(t, err)
		costly := r.ContractAddress
		_, err = c.Transact(ctx, payer, &costly, nil, amount)
		require.NoError(t, err)
		_, err = c.Transact(ctx, payer, &sender, common.LeftPadBytes(costly.Bytes(), 32), amount)
		require.Error(t, err)
	})
}

// TestForwarderSweep checks that anyone's forwarder.sweep moves the whole balance of an
// ERC-20, a no-return token, a fee-on-transfer token and ETH to the treasury, that an empty
// balance is a no-op, and that one factory.sweep deploys missing forwarders and sweeps
// every salt and token.
func TestForwarderSweep(t *testing.T) {
	c := newChain(t, 3)
	payer, stranger, treasury := c.Traders[0], c.Traders[1], c.Operator.Address
	toks := []testnet.Token{c.MustToken("ETH"), c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("FOT")}
	salt := saltOf("acct-sweep")
	addr := chain.ForwarderAddress(c.DepositFactory, salt)
	deployForwarders(t, c, stranger, salt)

	for _, tok := range toks {
		t.Run(tok.Symbol, func(t *testing.T) {
			c.Isolate(t)
			sendTo(t, c, payer, tok, addr, tok.Units(5))
			balance := held(t, c, tok, addr)
			requireAmount(t, afterFee(tok, tok.Units(5)), balance, "forwarder's balance")

			out, err := c.Client.CallContract(ctx, callMsg(stranger.Address, addr, forwarderABI.PackSweep(tok.Address)), nil)
			require.NoError(t, err)
			ret, err := forwarderABI.UnpackSweep(out)
			require.NoError(t, err)
			requireAmount(t, balance, ret, "sweep's return value")

			before := snapshotBalances(t, c, treasury, stranger.Address)
			r, err := c.Transact(ctx, stranger, &addr, forwarderABI.PackSweep(tok.Address), nil)
			require.NoError(t, err)
			require.Equal(t, []bindings.DepositForwarderSwept{{Token: tok.Address, Amount: balance}}, sweptEvents(r, addr))
			requireEmpty(t, c, addr, tok)
			before.requireHeldDelta(treasury, tok, afterFee(tok, balance))
			spent := new(big.Int)
			if tok.Kind == testnet.KindNative {
				spent = neg(gasCost(r))
			}
			before.requireHeldDelta(stranger.Address, tok, spent)
		})
	}

	t.Run("empty balance", func(t *testing.T) {
		c.Isolate(t)
		for _, tok := range toks {
			out, err := c.Client.CallContract(ctx, callMsg(stranger.Address, addr, forwarderABI.PackSweep(tok.Address)), nil)
			require.NoError(t, err)
			ret, err := forwarderABI.UnpackSweep(out)
			require.NoError(t, err)
			requireAmount(t, new(big.Int), ret, "sweep of empty %s", tok.Symbol)

			before := held(t, c, tok, treasury)
			r, err := c.Transact(ctx, stranger, &addr, forwarderABI.PackSweep(tok.Address), nil)
			require.NoError(t, err)
			require.Empty(t, r.Logs, "sweep of empty %s", tok.Symbol)
			requireAmount(t, before, held(t, c, tok, treasury), "treasury's %s", tok.Symbol)
		}
	})

	t.Run("factory sweeps several salts and tokens", func(t *testing.T) {
		c.Isolate(t)
		// The deployed forwarder and two that do not exist yet, all funded.
		salts := [][32]byte{salt, saltOf("acct-sweep-2"), saltOf("acct-sweep-3")}
		var addrs []common.Address
		for i, s := range salts {
			a := chain.ForwarderAddress(c.DepositFactory, s)
			addrs = append(addrs, a)
			for _, tok := range toks {
				sendTo(t, c, payer, tok, a, tok.Units(int64(i+1)))
			}
		}
		balance := map[common.Address]map[common.Address]*big.Int{}
		total := map[common.Address]*big.Int{}
		for _, a := range addrs {
			balance[a] = map[common.Address]*big.Int{}
			for _, tok := range toks {
				b := held(t, c, tok, a)
				balance[a][tok.Address] = b
				if total[tok.Address] == nil {
					total[tok.Address] = new(big.Int)
				}
				total[tok.Address].Add(total[tok.Address], afterFee(tok, b))
			}
		}

		before := snapshotBalances(t, c, treasury)
		r, err := c.Transact(ctx, stranger, &c.DepositFactory, factoryABI.PackSweep(salts, sweepTokens(toks...)), nil)
		require.NoError(t, err)
		deployed := testnet.Events(r, c.DepositFactory, factoryABI.UnpackForwarderDeployedEvent)
		require.Len(t, deployed, 2)
		for i, ev := range deployed {
			require.Equal(t, salts[i+1], ev.Salt)
			require.Equal(t, addrs[i+1], ev.Forwarder)
			require.Equal(t, []bindings.DepositForwarderReceived{{Amount: balance[addrs[i+1]][common.Address{}]}}, receivedEvents(r, addrs[i+1]), "pre-deployment ETH of %s", addrs[i+1])
		}
		for _, a := range addrs {
			var want []bindings.DepositForwarderSwept
			for _, tok := range toks {
				want = append(want, bindings.DepositForwarderSwept{Token: tok.Address, Amount: balance[a][tok.Address]})
			}
			require.Equal(t, want, sweptEvents(r, a), "sweeps of %s", a)
			requireEmpty(t, c, a, toks...)
		}
		for _, tok := range toks {
			before.requireHeldDelta(treasury, tok, total[tok.Address])
		}
	})
}

// TestForwarderBrokenToken checks that factory.sweep skips a token whose sweep reverts (an
// account without code, a contract without balanceOf) and still sweeps the others, while a
// direct forwarder.sweep of such a token reverts.
func TestForwarderBrokenToken(t *testing.T) {
	c := newChain(t, 3)
	payer, stranger, treasury := c.Traders[0], c.Traders[1], c.Operator.Address
	eth, dai := c.MustToken("ETH"), c.MustToken("DAI")
	noCode := c.Traders[2].Address
	salt := saltOf("acct-broken")
	addr := chain.ForwarderAddress(c.DepositFactory, salt)
	sendTo(t, c, payer, dai, addr, dai.Units(7))
	sendTo(t, c, payer, eth, addr, eth.Units(1))
	require.Empty(t, codeAt(t, c, noCode))

	for _, tc := range []struct {
		name   string
		tokens []common.Address
	}{
		{"account without code first", []common.Address{noCode, dai.Address, eth.Address}},
		{"account without code last", []common.Address{dai.Address, eth.Address, noCode}},
		{"contract without balanceOf", []common.Address{c.DTW, dai.Address, eth.Address}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			before := snapshotBalances(t, c, treasury)
			r, err := c.Transact(ctx, stranger, &c.DepositFactory, factoryABI.PackSweep([][32]byte{salt}, tc.tokens), nil)
			require.NoError(t, err)
			require.ElementsMatch(t, []bindings.DepositForwarderSwept{{Token: dai.Address, Amount: dai.Units(7)}, {Token: eth.Address, Amount: eth.Units(1)}}, sweptEvents(r, addr))
			requireEmpty(t, c, addr, dai, eth)
			before.requireHeldDelta(treasury, dai, dai.Units(7))
			before.requireHeldDelta(treasury, eth, eth.Units(1))
		})
	}

	t.Run("direct sweep reverts", func(t *testing.T) {
		c.Isolate(t)
		deployForwarders(t, c, stranger, salt)
		for _, token := range []common.Address{noCode, c.DTW} {
			_, err := c.Transact(ctx, stranger, &addr, forwarderABI.PackSweep(token), nil)
			require.Error(t, err, "estimate of sweep(%s)", token)
			// Mined anyway, with gas to spare, it fails on chain too.
			tx, err := c.SendTx(ctx, stranger, &addr, forwarderABI.PackSweep(token), nil, 200_000)
			require.NoError(t, err)
			r, err := c.WaitReceipt(ctx, tx.Hash())
			require.ErrorIs(t, err, testnet.ErrReverted)
			require.Less(t, r.GasUsed, uint64(100_000), "a quick revert, not an out-of-gas")
		}
		requireAmount(t, dai.Units(7), held(t, c, dai, addr), "forwarder's DAI")
	})

	t.Run("treasury refusing ETH", func(t *testing.T) {
		c.Isolate(t)
		// A factory whose treasury is a contract without receive(): ETH cannot move.
		code := append(common.FromHex(bindings.DepositForwarderFactoryMetaData.Bin), factoryABI.PackConstructor(c.DTW)...)
		r, err := c.Transact(ctx, c.Owner, nil, code, nil)
		require.NoError(t, err)
		factory := r.ContractAddress
		fwd := chain.ForwarderAddress(factory, salt)
		sendTo(t, c, payer, dai, fwd, dai.Units(2))
		sendTo(t, c, payer, eth, fwd, eth.Units(1))

		r, err = c.Transact(ctx, stranger, &factory, factoryABI.PackSweep([][32]byte{salt}, []common.Address{eth.Address, dai.Address}), nil)
		require.NoError(t, err)
		require.Equal(t, []bindings.DepositForwarderSwept{{Token: dai.Address, Amount: dai.Units(2)}}, sweptEvents(r, fwd))
		requireAmount(t, eth.Units(1), held(t, c, eth, fwd), "forwarder's ETH")

		_, err = c.Transact(ctx, stranger, &fwd, forwarderABI.PackSweep(eth.Address), nil)
		data := testnet.RevertData(err)
		require.GreaterOrEqualf(t, len(data), 4, "no revert data in %v", err)
		e, err := forwarderABI.UnpackError(data)
		require.NoError(t, err)
		require.Equal(t, &bindings.DepositForwarderSweepFailed{Token: eth.Address}, e)
	})
}

// TestForwarderFactoryZeroTreasury checks that a factory cannot be built to sweep to the
// zero address.
func TestForwarderFactoryZeroTreasury(t *testing.T) {
	c := newChain(t, 0)
	code := append(common.FromHex(bindings.DepositForwarderFactoryMetaData.Bin), factoryABI.PackConstructor(common.Address{})...)
	_, err := c.Transact(ctx, c.Owner, nil, code, nil)
	require.IsType(t, &bindings.DepositForwarderFactoryZeroTreasury{}, factoryRevert(t, err))
}

// sweepGasLimits lists the gas limits TestForwarderSweepOutOfGas tries: every 0.5% from
// 60% of the estimate to the estimate plus the harness's 20% margin, and every 200 gas
// just around the estimate, where the last token's sweep is the one that runs short.
func sweepGasLimits(estimate uint64) []uint64 {
	var out []uint64
	for gas := estimate * 60 / 100; gas <= estimate+estimate/5; gas += estimate / 200 {
		out = append(out, gas)
	}
	for gas := estimate - 2_000; gas <= estimate+12_000; gas += 200 {
		out = append(out, gas)
	}
	return out
}

// freshSender returns a new funded account. Right after evm_revert, anvil can still count
// a reverted transaction in an account's pending nonce, and a transaction sent at that
// nonce waits forever behind the gap: a sender used once per snapshot has no such past.
func freshSender(t *testing.T, c *testnet.Chain) testnet.Account {
	t.Helper()
	a, err := testnet.NewAccount("sweeper", testnet.RoleTrader)
	require.NoError(t, err)
	require.NoError(t, c.SetBalance(ctx, a.Address, big.NewInt(1e18)))
	return a
}

// revertOutput is the revert data of a mined transaction, from its call trace.
func revertOutput(t *testing.T, c *testnet.Chain, tx common.Hash) []byte {
	t.Helper()
	var trace struct {
		Output hexutil.Bytes `json:"output"`
	}
	require.NoError(t, c.RPC.CallContext(ctx, &trace, "debug_traceTransaction", tx, map[string]any{"tracer": "callTracer"}))
	return trace.Output
}

// TestForwarderSweepOutOfGas sends one factory.sweep of three salts and four tokens at
// gas limits from 60% of its estimate to 120%, and checks at each that it either reverts
// or sweeps everything: a short gas limit must never leave a token behind in a successful
// transaction. Some limits must hit the factory's OutOfGas guard, so the scan does reach
// inner sweeps that run out.
//
// A single deployed salt is left out: at its estimate, FOT's transfer runs out inside the
// forwarder, which reverts SweepFailed with gas to spare, and the factory skips FOT as a
// broken token (a DepositForwarder.sol bug, reported with this test).
func TestForwarderSweepOutOfGas(t *testing.T) {
	c := newChain(t, 2)
	payer, sweeper := c.Traders[0], c.Traders[1]
	toks := []testnet.Token{c.MustToken("ETH"), c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("FOT")}
	salts := [][32]byte{saltOf("acct-gas-1"), saltOf("acct-gas-2"), saltOf("acct-gas-3")}
	var addrs []common.Address
	for _, s := range salts {
		a := chain.ForwarderAddress(c.DepositFactory, s)
		addrs = append(addrs, a)
		for _, tok := range toks {
			sendTo(t, c, payer, tok, a, tok.Units(3))
		}
	}
	for _, tc := range []struct {
		name     string
		deployed int // forwarders deployed before the sweep
	}{
		{"two forwarders deployed by the sweep", 1},
		{"all forwarders deployed", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			deployForwarders(t, c, payer, salts[:tc.deployed]...)
			data := factoryABI.PackSweep(salts, sweepTokens(toks...))
			estimate, err := c.Client.EstimateGas(ctx, callMsg(sweeper.Address, c.DepositFactory, data))
			require.NoError(t, err)

			var reverted, outOfGas, swept int
			for _, gas := range sweepGasLimits(estimate) {
				snap, err := c.Snapshot(ctx)
				require.NoError(t, err)
				tx, err := c.SendTx(ctx, freshSender(t, c), &c.DepositFactory, data, nil, gas)
				require.NoError(t, err)
				wait, cancel := context.WithTimeout(ctx, 30*time.Second)
				_, err = c.WaitReceipt(wait, tx.Hash())
				cancel()
				require.NotErrorIs(t, err, context.DeadlineExceeded, "gas %d: transaction %s not mined", gas, tx.Hash())
				if err == nil {
					swept++
					for _, a := range addrs {
						for _, tok := range toks {
							requireAmount(t, new(big.Int), held(t, c, tok, a), "gas %d (estimate %d): successful sweep left %s in %s", gas, estimate, tok.Symbol, a)
						}
					}
				} else {
					require.ErrorIs(t, err, testnet.ErrReverted, "gas %d", gas)
					reverted++
					if out := revertOutput(t, c, tx.Hash()); len(out) >= 4 {
						e, err := factoryABI.UnpackError(out)
						require.NoError(t, err, "gas %d", gas)
						require.IsType(t, &bindings.DepositForwarderFactoryOutOfGas{}, e, "gas %d", gas)
						outOfGas++
					}
				}
				require.NoError(t, c.Revert(ctx, snap))
			}
			t.Logf("estimate %d: %d limits reverted (%d with OutOfGas), %d swept everything", estimate, reverted, outOfGas, swept)
			require.NotZero(t, outOfGas, "no limit made an inner sweep run out")
			require.NotZero(t, swept, "no limit was enough")
		})
	}
}

// TestForwarderSweepAtEstimate: a sweep sent with exactly its gas estimate moves every
// token. The estimate once found a limit at which FOT's transfer ran out of gas inside the
// forwarder, which the factory took for a broken token and skipped, leaving it behind.
func TestForwarderSweepAtEstimate(t *testing.T) {
	c := newChain(t, 2)
	payer, sweeper := c.Traders[0], c.Traders[1]
	toks := []testnet.Token{c.MustToken("ETH"), c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("FOT")}
	salt := saltOf("acct-gas-1")
	addr := chain.ForwarderAddress(c.DepositFactory, salt)
	for _, tok := range toks {
		sendTo(t, c, payer, tok, addr, tok.Units(3))
	}
	deployForwarders(t, c, payer, salt)
	data := factoryABI.PackSweep([][32]byte{salt}, sweepTokens(toks...))
	estimate, err := c.Client.EstimateGas(ctx, callMsg(sweeper.Address, c.DepositFactory, data))
	require.NoError(t, err)
	tx, err := c.SendTx(ctx, sweeper, &c.DepositFactory, data, nil, estimate)
	require.NoError(t, err)
	_, err = c.WaitReceipt(ctx, tx.Hash())
	require.NoError(t, err, "the sweep succeeds at its estimate")
	requireEmpty(t, c, addr, toks...)
}
