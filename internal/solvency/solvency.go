// Package solvency is the gateway's side of the proof of reserves (api/reserves): the
// Publisher snapshots every account's ledger balance per asset at one ledger position (one
// consistent read), builds the Merkle sum trees, signs their statement with the receipt
// key, lists the on-chain holdings that back the liabilities (the treasury, every deposit
// forwarder holding funds, the operator's balance in the DTW contract) per chain at a
// block, and stores the snapshot; the Server answers GET /v3/reserves and the accounts'
// inclusion proofs, building the trees again from the newest stored snapshot's balances
// and secret (kept in memory for that snapshot only).
package solvency

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// ErrNoSnapshot: no snapshot was published yet (or its balances were dropped).
var ErrNoSnapshot = fmt.Errorf("%w: no proof-of-reserves snapshot has been published yet", errs.ErrNotFound)

// Store is what the proof of reserves reads and writes.
type Store interface {
	BookBalancesAt(ctx context.Context, prefix string, fn func(book, asset string, balance decimal.Decimal) error) (int64, error)
	PutReservesSnapshot(ctx context.Context, s store.ReservesSnapshot, balances []store.ReservesAssetBalances, keep int) (int64, error)
	LatestReservesSnapshot(ctx context.Context) (store.ReservesSnapshot, error)
	ReservesBalances(ctx context.Context, snapshotID int64) ([]store.ReservesAssetBalances, error)
	DepositAddresses(ctx context.Context, source string) ([]store.DepositAddress, error)
}

// ChainReader reads a chain's head and balances at a block; *chain.Pool is one.
type ChainReader interface {
	reserves.ChainReader
	BlockNumber(ctx context.Context) (uint64, error)
}

// Chain is a chain whose holdings back the liabilities.
type Chain struct {
	Source *chain.Source
	Client ChainReader
	// Operator is the operator's address: its wallet is the treasury, and its free
	// balance in the DTW contract is the house's inventory there.
	Operator common.Address
}

// PublisherConfig is what a Publisher needs beside its store.
type PublisherConfig struct {
	// Assets are the OFFCHAIN assets (their decimals and tokens per chain); fiat ones are
	// left out of the proof.
	Assets []config.OffchainAssetInfo
	// Chains are the chains read for the holdings.
	Chains []Chain
	// Key is the receipt key, which signs the statements (never an operator key).
	Key signer.Signer
	// Keep is how many of the newest snapshots keep their balances. Default 2.
	Keep int
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger receives the schedule's failures. Default slog.Default().
	Logger *slog.Logger
}

// Publisher takes and publishes snapshots. Publish may be called concurrently (each
// call is a snapshot of its own).
type Publisher struct {
	cfg PublisherConfig
	st  Store
}

// NewPublisher returns a publisher over st.
func NewPublisher(cfg PublisherConfig, st Store) *Publisher {
	if cfg.Keep <= 0 {
		cfg.Keep = config.DefaultReservesKeep
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Publisher{cfg: cfg, st: st}
}

// Published is what a publication stored.
type Published struct {
	ID        int64
	Statement reserves.SignedStatement
	Holdings  []reserves.Holding
}

// Publish snapshots the ledger, builds and signs the trees, lists the holdings at each
// chain's head less its confirmation depth and stores the snapshot.
func (p *Publisher) Publish(ctx context.Context) (Published, error) {
	decimals := map[string]uint8{}
	for _, a := range p.cfg.Assets {
		decimals[a.ID] = a.Decimals
	}
	byAsset := map[string][]reserves.AccountBalance{}
	position, err := p.st.BookBalancesAt(ctx, ledger.UserBook(""), func(book, asset string, b decimal.Decimal) error {
		account, _ := ledger.IsUserBook(book)
		byAsset[asset] = append(byAsset[asset], reserves.AccountBalance{Account: account, Balance: b})
		return nil
	})
	if err != nil {
		return Published{}, fmt.Errorf("snapshot the ledger: %w", err)
	}
	// Fiat is held at banks, which no chain shows: its balances are not in the proof.
	assets := make([]reserves.AssetBalances, 0, len(p.cfg.Assets))
	for _, a := range p.cfg.Assets {
		if !a.Fiat {
			assets = append(assets, reserves.AssetBalances{Asset: a.ID, Decimals: a.Decimals, Balances: byAsset[a.ID]})
		}
	}
	for asset := range byAsset {
		if _, ok := decimals[asset]; !ok {
			return Published{}, fmt.Errorf("snapshot the ledger: accounts hold %s, which is not an OFFCHAIN asset of the config", asset)
		}
	}
	at := p.cfg.Now()
	snap, err := reserves.BuildSnapshot(ctx, p.cfg.Key, uint64(position), at, assets)
	if err != nil {
		return Published{}, fmt.Errorf("build the liabilities at position %d: %w", position, err)
	}
	holdings, err := p.holdings(ctx)
	if err != nil {
		return Published{}, err
	}
	stBlob, err := json.Marshal(snap.Statement)
	if err != nil {
		return Published{}, err
	}
	hBlob, err := json.Marshal(holdings)
	if err != nil {
		return Published{}, err
	}
	rows := make([]store.ReservesAssetBalances, len(assets))
	for i, a := range assets {
		rows[i] = store.ReservesAssetBalances{Asset: a.Asset, Decimals: a.Decimals, Balances: encodeBalances(a.Balances)}
	}
	id, err := p.st.PutReservesSnapshot(ctx, store.ReservesSnapshot{Position: position, Statement: stBlob, Holdings: hBlob,
		Secret: snap.Secret[:], CreatedAt: at}, rows, p.cfg.Keep)
	if err != nil {
		return Published{}, fmt.Errorf("store the snapshot: %w", err)
	}
	return Published{ID: id, Statement: snap.Statement, Holdings: holdings}, nil
}

// holdings lists, per chain at its head less its confirmation depth, every candidate
// place holding an OFFCHAIN asset's token: the treasury, the operator's free balance in
// the DTW contract and each deposit forwarder.
func (p *Publisher) holdings(ctx context.Context) ([]reserves.Holding, error) {
	out := []reserves.Holding{}
	for _, c := range p.cfg.Chains {
		name := c.Source.Name
		forwarders, err := p.st.DepositAddresses(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("%s deposit forwarders: %w", name, err)
		}
		var cands []reserves.Candidate
		for _, a := range p.cfg.Assets {
			for _, t := range a.Tokens {
				if !strings.EqualFold(t.Source, name) {
					continue
				}
				token, err := chain.ParseAddress(t.Address)
				if err != nil && t.Address != "" {
					return nil, fmt.Errorf("%s %s token: %w", name, a.ID, err)
				}
				base := reserves.Candidate{Asset: a.ID, Token: token, Decimals: t.Decimals}
				treasury := base
				treasury.Address = c.Operator
				cands = append(cands, treasury)
				if c.Source.DTW != (common.Address{}) {
					inDTW := base
					inDTW.Address, inDTW.DTW = c.Operator, &c.Source.DTW
					cands = append(cands, inDTW)
				}
				for _, f := range forwarders {
					fw := base
					fw.Address = f.Address
					cands = append(cands, fw)
				}
			}
		}
		if len(cands) == 0 {
			continue
		}
		head, err := c.Client.BlockNumber(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s head: %w", name, err)
		}
		block := head - min(head, c.Source.Confirmations)
		hs, err := reserves.List(ctx, c.Client, name, block, cands)
		if err != nil {
			return nil, fmt.Errorf("list the %s holdings: %w", name, err)
		}
		out = append(out, hs...)
	}
	if len(out) > reserves.MaxHoldings {
		return nil, fmt.Errorf("%d holdings, at most %d", len(out), reserves.MaxHoldings)
	}
	return out, nil
}

// Run publishes a snapshot every interval until ctx ends, the first at once unless the
// newest stored one is younger than every. A failure is logged and tried again after a
// minute.
func (p *Publisher) Run(ctx context.Context, every time.Duration) {
	wait := time.Duration(0)
	if last, err := p.st.LatestReservesSnapshot(ctx); err == nil {
		wait = max(0, every-p.cfg.Now().Sub(last.CreatedAt))
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		pub, err := p.Publish(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			p.cfg.Logger.Warn("proof of reserves: publishing failed; will retry in a minute", "err", err)
			wait = min(time.Minute, every)
			continue
		}
		p.cfg.Logger.Info("proof of reserves published", "snapshot", pub.ID, "position", pub.Statement.Position,
			"assets", len(pub.Statement.Roots), "holdings", len(pub.Holdings))
		wait = every
	}
}

// encodeBalances encodes an asset's balances for the store: per account, its id and its
// balance's decimal string, each with a uvarint length.
func encodeBalances(bs []reserves.AccountBalance) []byte {
	out := make([]byte, 0, len(bs)*24)
	for _, b := range bs {
		v := b.Balance.String()
		out = binary.AppendUvarint(out, uint64(len(b.Account)))
		out = append(out, b.Account...)
		out = binary.AppendUvarint(out, uint64(len(v)))
		out = append(out, v...)
	}
	return out
}

// maxBalanceText bounds a stored balance's decimal string.
const maxBalanceText = 100

// decodeBalances is encodeBalances' inverse; it refuses what it did not write.
func decodeBalances(blob []byte) ([]reserves.AccountBalance, error) {
	var out []reserves.AccountBalance
	next := func(limit int) (string, error) {
		n, k := binary.Uvarint(blob)
		if k <= 0 || n > uint64(limit) || n > uint64(len(blob)-k) {
			return "", errors.New("corrupt reserves balances")
		}
		s := string(blob[k : k+int(n)])
		blob = blob[k+int(n):]
		return s, nil
	}
	for len(blob) > 0 {
		account, err := next(reserves.MaxAccountLen)
		if err != nil {
			return nil, err
		}
		text, err := next(maxBalanceText)
		if err != nil {
			return nil, err
		}
		d, err := decimal.NewFromString(text)
		if err != nil {
			return nil, fmt.Errorf("corrupt reserves balance of %s: %w", account, err)
		}
		out = append(out, reserves.AccountBalance{Account: account, Balance: d})
	}
	return out, nil
}

// ServerConfig is what a Server needs beside its store.
type ServerConfig struct {
	// Keys are the receipt keys the gateway publishes (nil when none is configured).
	Keys receipt.Keys
	// Refresh is how long a server trusts its newest snapshot before it looks for a
	// newer one. Default 5s.
	Refresh time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// Server answers the proof-of-reserves endpoints from the newest stored snapshot. It is
// safe for concurrent use.
type Server struct {
	cfg ServerConfig
	st  Store

	mu      sync.Mutex
	checked time.Time
	current *loaded
}

// loaded is a stored snapshot with its trees built again.
type loaded struct {
	id        int64
	published reserves.Published
	trees     map[string]*reserves.Tree
}

// NewServer returns a server over st.
func NewServer(cfg ServerConfig, st Store) *Server {
	if cfg.Refresh <= 0 {
		cfg.Refresh = 5 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Keys == nil {
		cfg.Keys = receipt.Keys{}
	}
	return &Server{cfg: cfg, st: st}
}

// latest returns the newest snapshot, loading it when a newer one was stored. Concurrent
// callers wait for one load.
func (s *Server) latest(ctx context.Context) (*loaded, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	if s.current != nil && now.Sub(s.checked) < s.cfg.Refresh {
		return s.current, nil
	}
	snap, err := s.st.LatestReservesSnapshot(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoSnapshot
	}
	if err != nil {
		return nil, err
	}
	s.checked = now
	if s.current != nil && s.current.id == snap.ID {
		return s.current, nil
	}
	l, err := s.load(ctx, snap)
	if err != nil {
		return nil, err
	}
	s.current = l
	return l, nil
}

// load builds a stored snapshot's trees again and checks that they are the statement's.
func (s *Server) load(ctx context.Context, snap store.ReservesSnapshot) (*loaded, error) {
	l := &loaded{id: snap.ID, published: reserves.Published{Keys: s.cfg.Keys}}
	if err := json.Unmarshal(snap.Statement, &l.published.Statement); err != nil {
		return nil, fmt.Errorf("snapshot %d statement: %w", snap.ID, err)
	}
	if err := json.Unmarshal(snap.Holdings, &l.published.Holdings); err != nil {
		return nil, fmt.Errorf("snapshot %d holdings: %w", snap.ID, err)
	}
	if len(snap.Secret) != 32 {
		return nil, fmt.Errorf("snapshot %d: a secret of %d bytes", snap.ID, len(snap.Secret))
	}
	rows, err := s.st.ReservesBalances(ctx, snap.ID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 && len(l.published.Statement.Roots) > 0 {
		return nil, fmt.Errorf("%w (snapshot %d's balances were dropped)", ErrNoSnapshot, snap.ID)
	}
	assets := make([]reserves.AssetBalances, len(rows))
	for i, r := range rows {
		bs, err := decodeBalances(r.Balances)
		if err != nil {
			return nil, fmt.Errorf("snapshot %d %s: %w", snap.ID, r.Asset, err)
		}
		assets[i] = reserves.AssetBalances{Asset: r.Asset, Decimals: r.Decimals, Balances: bs}
	}
	var secret [32]byte
	copy(secret[:], snap.Secret)
	trees, roots, err := reserves.BuildTrees(secret, assets)
	if err != nil {
		return nil, fmt.Errorf("snapshot %d: %w", snap.ID, err)
	}
	for _, r := range roots {
		want, ok := l.published.Statement.Root(r.Asset)
		if !ok || want != r {
			return nil, fmt.Errorf("snapshot %d: the %s tree built again is not the signed statement's", snap.ID, r.Asset)
		}
	}
	l.trees = trees
	return l, nil
}

// Latest answers GET /v3/reserves: the newest signed statement, its holdings and the
// published receipt keys.
func (s *Server) Latest(ctx context.Context) (reserves.Published, error) {
	l, err := s.latest(ctx)
	if err != nil {
		return reserves.Published{}, err
	}
	return l.published, nil
}

// Proofs answers GET /v3/reserves/proof: account's inclusion proof in every tree of the
// newest snapshot it has a leaf in (none when it held nothing then).
func (s *Server) Proofs(ctx context.Context, account string) (reserves.Proofs, error) {
	l, err := s.latest(ctx)
	if err != nil {
		return reserves.Proofs{}, err
	}
	st := l.published.Statement
	out := reserves.Proofs{Account: account, Position: st.Position, StatementHash: st.Hash, Proofs: []reserves.Proof{}}
	for _, r := range st.Roots {
		t := l.trees[r.Asset]
		if t == nil {
			continue
		}
		p, err := t.Proof(account)
		if errors.Is(err, reserves.ErrNotIncluded) {
			continue
		}
		if err != nil {
			return reserves.Proofs{}, err
		}
		out.Proofs = append(out.Proofs, p)
	}
	slices.SortFunc(out.Proofs, func(a, b reserves.Proof) int { return strings.Compare(a.Asset, b.Asset) })
	return out, nil
}
