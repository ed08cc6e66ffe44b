package custody

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Event topics the custodian reads.
var (
	transferTopic = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	receivedTopic = crypto.Keccak256Hash([]byte("Received(address,uint256)"))
)

// ErrDeepReorg: a block whose deposits were credited is no longer canonical (a reorg
// deeper than the confirmation depth). The custodian stops crediting the chain until an
// operator looks: credits are never guessed.
var ErrDeepReorg = errors.New("a reorg took out a block whose deposits were credited")

// Client is the RPC a custodian needs.
type Client interface {
	chain.LogReader
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error)
}

// Config configures one chain's custodian.
type Config struct {
	// Source is the chain; its DepositFactory must be set.
	Source *chain.Source
	// Assets are the OFFCHAIN venue's assets; those with a token on Source are credited
	// and paid on it.
	Assets []config.OffchainAssetInfo
	// MaxRange bounds the blocks of one round of deposit reading. Default 2000.
	MaxRange uint64
	// SweepAfter is how long funds wait in a forwarder before they are swept (sweeps of
	// several forwarders share a transaction). Default 10s.
	SweepAfter time.Duration
	// RedeployAfter is how long a forwarder deployment may stay without code on chain
	// before it is sent again. Default 2m.
	RedeployAfter time.Duration
	// Logger receives progress; nil uses slog.Default().
	Logger *slog.Logger
	// Now is the clock; nil uses time.Now.
	Now func() time.Time
}

// token is an OFFCHAIN asset's token on the custodian's chain.
type token struct {
	asset    string
	address  common.Address
	decimals int32
}

// Custodian runs one chain's OFFCHAIN custody in the settler: it deploys handed-out
// forwarders, credits deposits to them at the confirmation depth, sweeps them to the
// treasury, and pays OFFCHAIN crypto withdrawals through the chain's journaled sender.
type Custodian struct {
	cfg       Config
	client    Client
	st        store.Store
	led       *ledger.Ledger
	log       *slog.Logger
	byAddress map[common.Address]token
	byAsset   map[string]token
	factory   *bindings.DepositForwarderFactory
	deploying map[common.Address]time.Time
}

// New returns the custodian of cfg.Source.
func New(cfg Config, client Client, st store.Store) *Custodian {
	if cfg.MaxRange == 0 {
		cfg.MaxRange = 2000
	}
	if cfg.SweepAfter == 0 {
		cfg.SweepAfter = 10 * time.Second
	}
	if cfg.RedeployAfter == 0 {
		cfg.RedeployAfter = 2 * time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	c := &Custodian{cfg: cfg, client: client, st: st, led: ledger.New(st, cfg.Now), log: cfg.Logger.With("source", cfg.Source.Name, "job", "custody"),
		byAddress: map[common.Address]token{}, byAsset: map[string]token{}, factory: bindings.NewDepositForwarderFactory(),
		deploying: map[common.Address]time.Time{}}
	for _, a := range cfg.Assets {
		if a.Fiat {
			continue
		}
		for _, t := range a.Tokens {
			if t.Source != cfg.Source.Name {
				continue
			}
			tok := token{asset: a.ID, address: common.HexToAddress(t.Address), decimals: int32(t.Decimals)}
			c.byAddress[tok.address], c.byAsset[a.ID] = tok, tok
		}
	}
	return c
}

// Round does one round of custody work with the chain's sender: deploy, credit, sweep,
// pay, and settle payments. Each part runs even when another failed; the errors are
// joined.
func (c *Custodian) Round(ctx context.Context, sender *chain.Sender) error {
	addrs, err := c.st.DepositAddresses(ctx, c.cfg.Source.Name)
	if err != nil {
		return err
	}
	return errors.Join(
		c.deploy(ctx, sender, addrs),
		c.credit(ctx),
		c.sweep(ctx, sender, addrs),
		c.pay(ctx, sender),
		c.settlePayments(ctx),
	)
}

// deploy sends the deployment of handed-out forwarders that have no code yet, and records
// those that have.
func (c *Custodian) deploy(ctx context.Context, sender *chain.Sender, addrs []store.DepositAddress) error {
	var salts [][32]byte
	now := c.cfg.Now()
	for _, a := range addrs {
		if !a.DeployedAt.IsZero() {
			continue
		}
		code, err := c.client.CodeAt(ctx, a.Address, nil)
		if err != nil {
			return fmt.Errorf("forwarder code: %w", err)
		}
		if len(code) > 0 {
			delete(c.deploying, a.Address)
			if err := c.st.SetForwarderDeployed(ctx, c.cfg.Source.Name, a.Address, now); err != nil {
				return err
			}
			continue
		}
		if at, ok := c.deploying[a.Address]; ok && now.Sub(at) < c.cfg.RedeployAfter {
			continue
		}
		if len(salts) < 50 {
			salts = append(salts, a.Salt)
			c.deploying[a.Address] = now
		}
	}
	if len(salts) == 0 {
		return nil
	}
	if _, err := sender.Send(ctx, "deploy-forwarders", nil, c.cfg.Source.DepositFactory, c.factory.PackDeploy(salts)); err != nil {
		for _, a := range addrs { // try again next round
			if c.deploying[a.Address] == now {
				delete(c.deploying, a.Address)
			}
		}
		return fmt.Errorf("deploy forwarders: %w", err)
	}
	return nil
}

// deposit is one credit read from the chain.
type deposit struct {
	account   string
	forwarder common.Address
	token     token
	amount    decimal.Decimal
	tx        common.Hash
	logIndex  uint
}

// credit reads the deposits to forwarders in the blocks that reached the confirmation
// depth since the last round, and credits them with the new cursor in one store
// transaction: each once (keyed by transaction and log index), none from a block that
// is not at the depth yet (a reorg before the depth credits nothing).
func (c *Custodian) credit(ctx context.Context) error {
	src := c.cfg.Source
	head, err := c.client.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("head: %w", err)
	}
	if head+1 < src.Confirmations {
		return nil
	}
	target := head + 1 - src.Confirmations
	from := src.StartBlock
	cursor, hash, ok, err := c.st.CustodyCursor(ctx, src.Name)
	if err != nil {
		return err
	}
	if ok {
		h, err := c.client.HeaderByNumber(ctx, new(big.Int).SetUint64(cursor))
		if err != nil {
			return fmt.Errorf("header %d: %w", cursor, err)
		}
		if h.Hash() != hash {
			c.log.Error("deposits not credited: a block already credited was reorganized out; an operator must check the deposits of the blocks since", "block", cursor)
			return fmt.Errorf("%w: block %d", ErrDeepReorg, cursor)
		}
		from = cursor + 1
	}
	if from > target {
		return nil
	}
	to := min(target, from+c.cfg.MaxRange-1)
	deposits, tip, err := c.read(ctx, from, to)
	if err != nil {
		return err
	}
	return c.st.InTx(ctx, func(tx store.Tx) error {
		for _, d := range deposits {
			key := fmt.Sprintf("deposit:%s:%s:%d", src.Name, d.tx.Hex(), d.logIndex)
			e, ev := offchain.DepositEntry(key, d.account, d.token.asset, d.amount,
				offchain.DepositMeta{Location: src.Name, TransactionHash: d.tx.Hex()}, src.Name)
			_, created, err := c.led.PostTx(ctx, tx, e, ev, ledger.Options{})
			if err != nil {
				return fmt.Errorf("credit %s: %w", key, err)
			}
			if created {
				c.log.Info("deposit credited", "account", d.account, "asset", d.token.asset, "amount", d.amount, "tx", d.tx)
			}
			if err := tx.MarkSweep(ctx, store.Sweep{Source: src.Name, Address: d.forwarder, Token: d.token.address, Since: c.cfg.Now()}); err != nil {
				return err
			}
		}
		return tx.SetCustodyCursor(ctx, src.Name, to, tip)
	})
}

// read returns the deposits to forwarders in blocks [from, to] and the hash of block to.
// Logs and the tip are checked against each other, so a reorg during the read is caught
// at the next round instead of being credited. The forwarders are loaded after the tip:
// a deposit in a block up to the tip was sent after its address was handed out, which
// the API records before it answers, so every forwarder paid in the range is known.
func (c *Custodian) read(ctx context.Context, from, to uint64) ([]deposit, common.Hash, error) {
	tip, err := c.client.HeaderByNumber(ctx, new(big.Int).SetUint64(to))
	if err != nil {
		return nil, common.Hash{}, fmt.Errorf("header %d: %w", to, err)
	}
	addrs, err := c.st.DepositAddresses(ctx, c.cfg.Source.Name)
	if err != nil {
		return nil, common.Hash{}, err
	}
	accounts := make(map[common.Address]string, len(addrs))
	var forwarders []common.Address
	for _, a := range addrs {
		accounts[a.Address] = a.AccountID
		forwarders = append(forwarders, a.Address)
	}
	var logs []types.Log
	if len(addrs) > 0 {
		var tokens []common.Address
		for addr := range c.byAddress {
			if addr != (common.Address{}) {
				tokens = append(tokens, addr)
			}
		}
		q := ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to)}
		if len(tokens) > 0 {
			q.Addresses, q.Topics = tokens, [][]common.Hash{{transferTopic}}
			got, err := c.client.FilterLogs(ctx, q)
			if err != nil {
				return nil, common.Hash{}, fmt.Errorf("transfer logs %d-%d: %w", from, to, err)
			}
			logs = append(logs, got...)
		}
		if _, native := c.byAddress[common.Address{}]; native {
			for start := 0; start < len(forwarders); start += 500 {
				q.Addresses, q.Topics = forwarders[start:min(start+500, len(forwarders))], [][]common.Hash{{receivedTopic}}
				got, err := c.client.FilterLogs(ctx, q)
				if err != nil {
					return nil, common.Hash{}, fmt.Errorf("received logs %d-%d: %w", from, to, err)
				}
				logs = append(logs, got...)
			}
		}
	}
	var out []deposit
	for _, l := range logs {
		if l.Removed || (l.BlockNumber == to && l.BlockHash != tip.Hash()) {
			return nil, common.Hash{}, fmt.Errorf("block %d changed during the read", l.BlockNumber)
		}
		d, ok := c.decode(l, accounts)
		if ok {
			out = append(out, d)
		}
	}
	return out, tip.Hash(), nil
}

// decode turns a Transfer to a forwarder, or a forwarder's Received, into a deposit.
func (c *Custodian) decode(l types.Log, accounts map[common.Address]string) (deposit, bool) {
	var (
		forwarder common.Address
		tok       token
		ok        bool
	)
	switch {
	case len(l.Topics) == 3 && l.Topics[0] == transferTopic && len(l.Data) == 32:
		forwarder = common.BytesToAddress(l.Topics[2].Bytes())
		tok, ok = c.byAddress[l.Address]
	case len(l.Topics) == 2 && l.Topics[0] == receivedTopic && len(l.Data) == 32:
		forwarder = l.Address
		tok, ok = c.byAddress[common.Address{}]
	}
	account, mine := accounts[forwarder]
	if !ok || !mine {
		return deposit{}, false
	}
	amount := decimal.NewFromBigInt(new(big.Int).SetBytes(l.Data), -tok.decimals)
	if !amount.IsPositive() {
		return deposit{}, false
	}
	return deposit{account: account, forwarder: forwarder, token: tok, amount: amount, tx: l.TxHash, logIndex: l.Index}, true
}

// Sweep bounds: marks read per round (in flight or not), marks one sweep takes, and the
// longest wait before a failed sweep is tried again.
const (
	sweepScan       = 1000
	sweepBatch      = 50
	maxSweepBackoff = 10 * time.Minute
)

// sweep follows the sweeps in flight, then sends the forwarders whose funds waited
// SweepAfter to the treasury, in one transaction of the factory (which deploys a
// forwarder first if needed). A mark is forgotten only once its sweep is confirmed
// successful at the depth; a sweep that reverted, was dropped or could not be sent
// releases its marks, which are swept again after a backoff (doubling from SweepAfter up
// to maxSweepBackoff, never given up: the funds can only go to the treasury).
func (c *Custodian) sweep(ctx context.Context, sender *chain.Sender, addrs []store.DepositAddress) error {
	src := c.cfg.Source.Name
	marks, err := c.st.SweepsDue(ctx, src, sweepScan)
	if err != nil {
		return err
	}
	var (
		errs     []error
		inFlight = map[string][]store.Sweep{}
		due      []store.Sweep
		now      = c.cfg.Now()
	)
	for _, m := range marks {
		switch {
		case m.Ref != "":
			inFlight[m.Ref] = append(inFlight[m.Ref], m)
		case !m.RetryAt.After(now) && len(due) < sweepBatch:
			due = append(due, m)
		}
	}
	for ref, ms := range inFlight {
		errs = append(errs, c.followSweep(ctx, ref, ms))
	}
	if len(due) == 0 || now.Sub(due[0].Since) < c.cfg.SweepAfter {
		return errors.Join(errs...)
	}
	salts := map[common.Address]common.Hash{}
	for _, a := range addrs {
		salts[a.Address] = a.Salt
	}
	var (
		saltList  [][32]byte
		tokenList []common.Address
		taken     []store.Sweep
		seenSalt  = map[common.Hash]bool{}
		seenToken = map[common.Address]bool{}
	)
	for _, sw := range due {
		salt, ok := salts[sw.Address]
		if !ok { // not a forwarder of ours: nothing to sweep
			errs = append(errs, c.st.ClearSweep(ctx, src, sw.Address, sw.Token))
			continue
		}
		taken = append(taken, sw)
		if !seenSalt[salt] {
			seenSalt[salt] = true
			saltList = append(saltList, salt)
		}
		if !seenToken[sw.Token] {
			seenToken[sw.Token] = true
			tokenList = append(tokenList, sw.Token)
		}
	}
	if len(taken) == 0 {
		return errors.Join(errs...)
	}
	ref, err := sweepRef()
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	// The marks name the sweep before it is journaled: a crash in between leaves a ref
	// without a journal entry, which the next round releases.
	if err := c.st.InTx(ctx, func(tx store.Tx) error { return tx.SetSweepRef(ctx, src, ref, taken) }); err != nil {
		return errors.Join(append(errs, err)...)
	}
	if _, err := sender.SendRef(ctx, "sweep", ref, c.cfg.Source.DepositFactory, nil, c.factory.PackSweep(saltList, tokenList)); err != nil {
		errs = append(errs, fmt.Errorf("sweep: %w", err), c.retrySweep(ctx, ref, taken, "the sweep could not be sent: "+err.Error()))
	}
	return errors.Join(errs...)
}

// followSweep forgets the marks of the sweep of ref once it is confirmed successful, and
// releases them for a later sweep when it reverted, was dropped or was never journaled.
func (c *Custodian) followSweep(ctx context.Context, ref string, marks []store.Sweep) error {
	src := c.cfg.Source.Name
	jt, err := c.st.JournalRef(ctx, src, ref)
	if errors.Is(err, store.ErrNotFound) {
		return c.retrySweep(ctx, ref, marks, "the sweep was never journaled")
	}
	if err != nil {
		return fmt.Errorf("sweep %s: %w", ref, err)
	}
	txs, err := c.st.TxsAtNonce(ctx, src, jt.Sender, jt.Nonce)
	if err != nil {
		return err
	}
	var confirmed, failed *chain.JournalTx
	open := false
	for i := range txs {
		switch txs[i].State {
		case chain.TxConfirmed:
			confirmed = &txs[i]
		case chain.TxFailed:
			failed = &txs[i]
		case chain.TxPending, chain.TxMined:
			open = true
		}
	}
	switch {
	case confirmed != nil:
		return c.st.InTx(ctx, func(tx store.Tx) error {
			n, err := tx.ClearSweepRef(ctx, src, ref)
			if err == nil {
				c.log.Info("forwarders swept", "tx", confirmed.Hash, "marks", n)
			}
			return err
		})
	case failed != nil:
		return c.retrySweep(ctx, ref, marks, "the sweep transaction "+failed.Hash.Hex()+" reverted on chain")
	case !open:
		return c.retrySweep(ctx, ref, marks, "the sweep transaction was dropped: its nonce was used by another transaction")
	}
	return nil
}

// retrySweep releases the marks of the sweep of ref for another sweep after a backoff.
func (c *Custodian) retrySweep(ctx context.Context, ref string, marks []store.Sweep, reason string) error {
	attempts := 0
	for _, m := range marks {
		attempts = max(attempts, m.Attempts+1)
	}
	wait := c.cfg.SweepAfter
	for i := 1; i < attempts && wait < maxSweepBackoff; i++ {
		wait *= 2
	}
	wait = min(wait, maxSweepBackoff)
	c.log.Error("sweep failed; its forwarders will be swept again", "ref", ref, "reason", reason, "attempts", attempts,
		"retry_in", wait, "marks", len(marks))
	return c.st.InTx(ctx, func(tx store.Tx) error {
		_, err := tx.RetrySweepRef(ctx, c.cfg.Source.Name, ref, c.cfg.Now().Add(wait))
		return err
	})
}

// sweepRef is a new journal ref for a sweep.
func sweepRef() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("sweep ref: %w", err)
	}
	return "sweep:" + hex.EncodeToString(b[:]), nil
}
