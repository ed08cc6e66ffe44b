package custody

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sort"
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

// balanceOfSelector is ERC-20 balanceOf(address).
var balanceOfSelector = crypto.Keccak256([]byte("balanceOf(address)"))[:4]

// Event topics the custodian reads.
var (
	transferTopic = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	receivedTopic = crypto.Keccak256Hash([]byte("Received(address,uint256)"))
)

// ErrDeepReorg: a block whose deposits were credited is no longer canonical (a reorg
// deeper than the confirmation depth), and a deposit credited after the fork is not on the
// new chain at the depth (yet). The custodian stops crediting the chain until it is, or an
// operator asks for a rescan: credits are never guessed, and never reversed silently.
var ErrDeepReorg = errors.New("a reorg took out a block whose deposits were credited")

// Client is the RPC a custodian needs.
type Client interface {
	chain.LogReader
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	CallContract(ctx context.Context, call ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
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
	// NoReceipts writes no receipts of the deposits credited (config receipts.off).
	NoReceipts bool
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
	st        Store
	led       *ledger.Ledger
	log       *slog.Logger
	byAddress map[common.Address]token
	byAsset   map[string]token
	factory   *bindings.DepositForwarderFactory
	deploying map[common.Address]time.Time
	// payFrom and settleFrom are where the next round goes on in the queues of PENDING and
	// SENT withdrawals (the zero position: from the oldest).
	payFrom, settleFrom store.WithdrawalPosition
}

// New returns the custodian of cfg.Source.
func New(cfg Config, client Client, st Store) *Custodian {
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
	c := &Custodian{cfg: cfg, client: client, st: st, led: ledger.New(ledger.Over[Tx](st), cfg.Now), log: cfg.Logger.With("source", cfg.Source.Name, "job", "custody"),
		byAddress: map[common.Address]token{}, byAsset: map[string]token{}, factory: bindings.NewDepositForwarderFactory(),
		deploying: map[common.Address]time.Time{}}
	if cfg.NoReceipts {
		c.led.WithoutReceipts()
	}
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
	units     *big.Int
	tx        common.Hash
	logIndex  uint
	block     uint64
	blockHash common.Hash
	// occurrence numbers equal transfers (forwarder, token, amount) of one transaction.
	occurrence int
}

// record is d as a recorded deposit (its identity and where it was read).
func (c *Custodian) record(d deposit) store.CustodyDeposit {
	return store.CustodyDeposit{Source: c.cfg.Source.Name, TxHash: d.tx, Forwarder: d.forwarder, Token: d.token.address,
		Amount: d.units, Occurrence: d.occurrence, LogIndex: d.logIndex, BlockNumber: d.block, BlockHash: d.blockHash,
		AccountID: d.account, Asset: d.token.asset, Credited: d.amount.String()}
}

// credit reads the deposits to forwarders in the blocks that reached the confirmation
// depth since the last round, and credits them with the new cursor in one store
// transaction: each once, none from a block that is not at the depth yet (a reorg before
// the depth credits nothing). A deposit is recognised by what its transaction did
// (transaction, forwarder, token, amount, occurrence), not by its log index, so one read
// again after a reorg moved it is not credited twice. When the cursor's block is no longer
// canonical (a reorg deeper than the depth), deepReorg decides whether crediting resumes.
func (c *Custodian) credit(ctx context.Context) error {
	src := c.cfg.Source
	if err := c.applyRescan(ctx); err != nil {
		return err
	}
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
			return c.deepReorg(ctx, cursor, hash, target)
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
	if ok {
		// Checked again after the tip was read: the tip is on the cursor's chain, so a
		// reorg of credited blocks is always seen at the cursor.
		h, err := c.client.HeaderByNumber(ctx, new(big.Int).SetUint64(cursor))
		if err != nil {
			return fmt.Errorf("header %d: %w", cursor, err)
		}
		if h.Hash() != hash {
			return fmt.Errorf("block %d changed during the read", cursor)
		}
	}
	return c.st.InTx(ctx, func(tx Tx) error {
		for _, d := range deposits {
			if err := c.creditOne(ctx, tx, d); err != nil {
				return err
			}
			if err := tx.MarkSweep(ctx, store.Sweep{Source: src.Name, Address: d.forwarder, Token: d.token.address, Since: c.cfg.Now()}); err != nil {
				return err
			}
		}
		return tx.SetCustodyCursor(ctx, src.Name, to, tip)
	})
}

// creditOne credits d unless it was credited before (then it only records where it was
// read this time).
func (c *Custodian) creditOne(ctx context.Context, tx Tx, d deposit) error {
	src := c.cfg.Source.Name
	rec := c.record(d)
	old, err := tx.CustodyDepositOf(ctx, rec)
	if err == nil {
		if old.BlockHash != rec.BlockHash || old.LogIndex != rec.LogIndex || !old.MissingSince.IsZero() {
			c.log.Warn("credited deposit read again at another place; not credited again", "tx", d.tx, "account", d.account,
				"asset", d.token.asset, "amount", d.amount, "was_block", old.BlockNumber, "block", d.block, "was_log", old.LogIndex, "log", d.logIndex)
			return tx.SetCustodyDepositSeen(ctx, rec)
		}
		return nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	key := fmt.Sprintf("deposit:%s:%s:%d", src, d.tx.Hex(), d.logIndex)
	used, err := tx.CustodyLedgerKeyUsed(ctx, src, key)
	if err != nil {
		return err
	}
	if used { // another deposit of the transaction had this log index before a reorg
		key = fmt.Sprintf("deposit:%s:%s:%s:%s:%s:%d", src, d.tx.Hex(), d.forwarder.Hex(), d.token.address.Hex(), d.units, d.occurrence)
	}
	e, ev := offchain.DepositEntry(key, d.account, d.token.asset, d.amount,
		offchain.DepositMeta{Location: src, TransactionHash: d.tx.Hex()}, src)
	_, created, err := c.led.PostTx(ctx, tx, e, ev, ledger.Options{})
	if err != nil {
		return fmt.Errorf("credit %s: %w", key, err)
	}
	if created {
		c.log.Info("deposit credited", "account", d.account, "asset", d.token.asset, "amount", d.amount, "tx", d.tx)
	}
	rec.LedgerKey, rec.CreditedAt = key, c.cfg.Now()
	return tx.PutCustodyDeposit(ctx, rec)
}

// applyRescan carries out an operator's rescan request: deposits are read again from its
// block (those credited before are recognised and not credited again), and an open deep
// reorg is closed, its deposits no longer on the chain left credited and reported.
func (c *Custodian) applyRescan(ctx context.Context) error {
	src := c.cfg.Source.Name
	req, err := c.st.CustodyRescanOf(ctx, src)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	from := max(req.From, 1)
	h, err := c.client.HeaderByNumber(ctx, new(big.Int).SetUint64(from-1))
	if err != nil {
		return fmt.Errorf("rescan: header %d: %w", from-1, err)
	}
	missing, err := c.st.MissingCustodyDeposits(ctx, src)
	if err != nil {
		return err
	}
	if err := c.st.InTx(ctx, func(tx Tx) error {
		if err := tx.SetCustodyCursor(ctx, src, from-1, h.Hash()); err != nil {
			return err
		}
		if err := tx.DeleteCustodyReorg(ctx, src); err != nil {
			return err
		}
		return tx.DeleteCustodyRescan(ctx, req)
	}); err != nil {
		return err
	}
	c.log.Warn("operator's rescan: reading the deposits again", "from_block", from, "credited_not_on_chain", len(missing))
	return nil
}

// deepReorg handles a cursor block that is no longer canonical. It finds the newest block
// read before that still is (the fork), and looks up every deposit credited after it on
// the new chain: when each is there again at the depth, crediting resumes from the fork
// (those deposits are recognised and not credited again); otherwise it records the reorg
// and the deposits gone (never reversing a credit) and crediting waits, checked again
// each round, until they are back or an operator asks for a rescan.
func (c *Custodian) deepReorg(ctx context.Context, cursor uint64, hash common.Hash, target uint64) error {
	src := c.cfg.Source.Name
	now := c.cfg.Now()
	rec := store.CustodyReorg{Source: src, DetectedAt: now, CheckedAt: now, Block: cursor, Hash: hash}
	fork, err := c.forkPoint(ctx, cursor)
	if err != nil {
		return err
	}
	var changed []store.CustodyDeposit
	if fork != nil {
		rec.ForkKnown, rec.Fork = true, fork.Number
		deps, err := c.st.CustodyDepositsFrom(ctx, src, fork.Number+1)
		if err != nil {
			return err
		}
		for _, d := range deps {
			where, err := c.find(ctx, d)
			if err != nil {
				return err
			}
			switch {
			case where == nil:
				rec.Missing++
				if d.MissingSince.IsZero() {
					d.MissingSince = now
					changed = append(changed, d)
					c.log.Error("a credited deposit is no longer on the chain (deep reorg); it stays credited for an operator to decide",
						"tx", d.TxHash, "account", d.AccountID, "asset", d.Asset, "amount", d.Credited, "block", d.BlockNumber)
				}
			case where.BlockNumber > target:
				rec.Waiting++
			case !d.MissingSince.IsZero():
				d.MissingSince = time.Time{}
				changed = append(changed, d)
			}
		}
	}
	resume := fork != nil && rec.Missing == 0 && rec.Waiting == 0
	prev, err := c.st.CustodyReorgOf(ctx, src)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	same := err == nil && prev.Block == rec.Block && prev.ForkKnown == rec.ForkKnown && prev.Fork == rec.Fork &&
		prev.Missing == rec.Missing && prev.Waiting == rec.Waiting
	logStop := c.log.Error
	if same { // said before: once per change, not every round
		logStop = c.log.Debug
	}
	if err := c.st.InTx(ctx, func(tx Tx) error {
		for _, d := range changed {
			if err := tx.SetCustodyDepositSeen(ctx, d); err != nil {
				return err
			}
		}
		if !resume {
			return tx.PutCustodyReorg(ctx, rec)
		}
		if err := tx.DeleteCustodyReorg(ctx, src); err != nil {
			return err
		}
		return tx.SetCustodyCursor(ctx, src, fork.Number, fork.Hash)
	}); err != nil {
		return err
	}
	switch {
	case resume:
		c.log.Warn("deep reorg: every deposit credited in the replaced blocks is on the new chain; reading them again",
			"block", cursor, "from_block", fork.Number+1)
		return nil
	case fork == nil:
		logStop("deposits not credited: a deep reorg replaced every block read that is recorded; an operator must choose where to rescan from (dtwgate admin custody reorg-status)",
			"block", cursor)
	default:
		logStop("deposits not credited: a deep reorg replaced credited blocks; waiting for their deposits (dtwgate admin custody reorg-status)",
			"block", cursor, "fork_block", fork.Number, "missing", rec.Missing, "waiting_for_depth", rec.Waiting)
	}
	return fmt.Errorf("%w: block %d (%d credited deposits not on the chain, %d not at the depth yet)", ErrDeepReorg, cursor, rec.Missing, rec.Waiting)
}

// forkPoint returns the newest block read below cursor that is still canonical, or nil.
func (c *Custodian) forkPoint(ctx context.Context, cursor uint64) (*chain.BlockRef, error) {
	blocks, err := c.st.CustodyBlocks(ctx, c.cfg.Source.Name, cursor, 1000)
	if err != nil {
		return nil, err
	}
	for _, b := range blocks {
		h, err := c.client.HeaderByNumber(ctx, new(big.Int).SetUint64(b.Number))
		if err != nil {
			return nil, fmt.Errorf("header %d: %w", b.Number, err)
		}
		if h.Hash() == b.Hash {
			return &b, nil
		}
	}
	return nil, nil
}

// find returns where the chain has the credited deposit d now (its block), or nil when its
// transaction is not mined, failed, or no longer makes that deposit.
func (c *Custodian) find(ctx context.Context, d store.CustodyDeposit) (*store.CustodyDeposit, error) {
	r, err := c.client.TransactionReceipt(ctx, d.TxHash)
	if errors.Is(err, ethereum.NotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("receipt %s: %w", d.TxHash, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return nil, nil
	}
	accounts := map[common.Address]string{d.Forwarder: d.AccountID}
	occurrence := 0
	for _, l := range r.Logs {
		got, ok := c.decode(*l, accounts)
		if !ok || got.token.address != d.Token || got.units.Cmp(d.Amount) != 0 {
			continue
		}
		if occurrence == d.Occurrence {
			found := d
			found.LogIndex, found.BlockNumber, found.BlockHash = l.Index, l.BlockNumber, l.BlockHash
			return &found, nil
		}
		occurrence++
	}
	return nil, nil
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
	sort.Slice(logs, func(i, j int) bool {
		if logs[i].BlockNumber != logs[j].BlockNumber {
			return logs[i].BlockNumber < logs[j].BlockNumber
		}
		return logs[i].Index < logs[j].Index
	})
	var out []deposit
	seen := map[string]int{}
	for _, l := range logs {
		if l.Removed || (l.BlockNumber == to && l.BlockHash != tip.Hash()) {
			return nil, common.Hash{}, fmt.Errorf("block %d changed during the read", l.BlockNumber)
		}
		d, ok := c.decode(l, accounts)
		if ok {
			id := fmt.Sprintf("%s:%s:%s:%s", d.tx.Hex(), d.forwarder.Hex(), d.token.address.Hex(), d.units)
			d.occurrence = seen[id]
			seen[id]++
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
	units := new(big.Int).SetBytes(l.Data)
	amount := decimal.NewFromBigInt(units, -tok.decimals)
	if !amount.IsPositive() {
		return deposit{}, false
	}
	return deposit{account: account, forwarder: forwarder, token: tok, amount: amount, units: units, tx: l.TxHash, logIndex: l.Index,
		block: l.BlockNumber, blockHash: l.BlockHash}, true
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
	if err := c.st.InTx(ctx, func(tx Tx) error { return tx.SetSweepRef(ctx, src, ref, taken) }); err != nil {
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
	confirmed, failed, open := outcome(txs)
	switch {
	case confirmed != nil:
		// The factory skips a token whose transfer fails: what a forwarder still holds is
		// swept again, after a backoff, rather than left until another deposit.
		left, err := c.unswept(ctx, marks)
		if err != nil {
			return err
		}
		if len(left) > 0 {
			c.log.Error("sweep confirmed but forwarders still hold funds (a token's transfer failed, or funds arrived since); sweeping them again",
				"tx", confirmed.Hash, "marks", len(left))
		}
		again := ref + ":again"
		retryAt := c.cfg.Now().Add(c.sweepBackoff(left))
		return c.st.InTx(ctx, func(tx Tx) error {
			if len(left) > 0 {
				if err := tx.SetSweepRef(ctx, src, again, left); err != nil {
					return err
				}
				if _, err := tx.RetrySweepRef(ctx, src, again, retryAt); err != nil {
					return err
				}
			}
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
	wait := c.sweepBackoff(marks)
	c.log.Error("sweep failed; its forwarders will be swept again", "ref", ref, "reason", reason, "retry_in", wait, "marks", len(marks))
	return c.st.InTx(ctx, func(tx Tx) error {
		_, err := tx.RetrySweepRef(ctx, c.cfg.Source.Name, ref, c.cfg.Now().Add(wait))
		return err
	})
}

// sweepBackoff is how long marks wait after a failed sweep: SweepAfter, doubled for each
// failed attempt before, at most maxSweepBackoff.
func (c *Custodian) sweepBackoff(marks []store.Sweep) time.Duration {
	attempts := 0
	for _, m := range marks {
		attempts = max(attempts, m.Attempts)
	}
	wait := c.cfg.SweepAfter
	for i := 0; i < attempts && wait < maxSweepBackoff; i++ {
		wait *= 2
	}
	return min(wait, maxSweepBackoff)
}

// unswept returns the marks whose forwarder still holds funds of the token.
func (c *Custodian) unswept(ctx context.Context, marks []store.Sweep) ([]store.Sweep, error) {
	var left []store.Sweep
	for _, m := range marks {
		var (
			held *big.Int
			err  error
		)
		if m.Token == (common.Address{}) {
			held, err = c.client.BalanceAt(ctx, m.Address, nil)
		} else {
			var out []byte
			data := append(append([]byte{}, balanceOfSelector...), common.LeftPadBytes(m.Address.Bytes(), 32)...)
			if out, err = c.client.CallContract(ctx, ethereum.CallMsg{To: &m.Token, Data: data}, nil); err == nil {
				held = new(big.Int).SetBytes(out)
			}
		}
		if err != nil { // a token that cannot say: sweep it again
			c.log.Warn("forwarder balance unknown after its sweep", "forwarder", m.Address, "token", m.Token, "err", err)
			held = big.NewInt(1)
		}
		if held.Sign() > 0 {
			left = append(left, m)
		}
	}
	return left, nil
}

// sweepRef is a new journal ref for a sweep.
func sweepRef() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("sweep ref: %w", err)
	}
	return "sweep:" + hex.EncodeToString(b[:]), nil
}
