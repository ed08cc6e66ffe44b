package election_test

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

const (
	lease = "settler:ETHEREUM"
	ttl   = 900 * time.Millisecond
)

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(testnet.PrivateDir(t), "test.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st
}

// partition is the real store behind a switch that cuts one elector off it, as a
// paused process or a lost connection would.
type partition struct {
	election.Store
	cut atomic.Bool
}

var errCut = errors.New("connection to the store lost")

func (p *partition) AcquireLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (store.Lease, error) {
	if p.cut.Load() {
		return store.Lease{}, errCut
	}
	return p.Store.AcquireLease(ctx, name, holder, ttl, at)
}

func (p *partition) ReleaseLease(ctx context.Context, name, holder string, token int64, at time.Time) error {
	if p.cut.Load() {
		return errCut
	}
	return p.Store.ReleaseLease(ctx, name, holder, token, at)
}

// term is one run of the lead work: its token and when it started and stopped.
type term struct {
	holder        string
	token         int64
	start, stop   time.Time
	stoppedByLoss bool
}

// campaign runs an elector for lease on st in the background; its terms are recorded.
type campaign struct {
	el     *election.Elector
	cancel context.CancelFunc
	done   chan struct{}
	mu     sync.Mutex
	terms  []term
	// writes are the fenced writes its work made (startWritingCampaign).
	writes []landedWrite
}

// landedWrite is a journal write a campaign's work made through the store fenced by its
// term's token: the token and the id the store gave the row.
type landedWrite struct {
	holder    string
	token, id int64
}

func startCampaign(t *testing.T, holder string, st election.Store) *campaign {
	t.Helper()
	return startCampaignWith(t, election.Config{Holder: holder, TTL: ttl}, st)
}

// startCampaignWith is startCampaign with cfg (its Holder names the terms).
func startCampaignWith(t *testing.T, cfg election.Config, st election.Store) *campaign {
	t.Helper()
	return startCampaignWork(t, cfg, st, nil)
}

// startWritingCampaign is startCampaignWith whose work, as a settler's does, writes to the
// journal through st fenced by its token, one row every few milliseconds, each with the
// next of nonces, and records the writes that succeeded.
func startWritingCampaign(t *testing.T, cfg election.Config, st store.Store, nonces *atomic.Uint64) *campaign {
	t.Helper()
	return startCampaignWork(t, cfg, st, func(ctx context.Context, c *campaign, token int64) {
		fenced := election.Fence(st, lease, token, nil)
		for ctx.Err() == nil {
			if id, err := fenced.InsertTx(ctx, journalTx(nonces.Add(1))); err == nil {
				c.mu.Lock()
				c.writes = append(c.writes, landedWrite{holder: cfg.Holder, token: token, id: id})
				c.mu.Unlock()
			}
			select {
			case <-ctx.Done():
			case <-time.After(2 * time.Millisecond):
			}
		}
	})
}

// startCampaignWork starts a campaign whose lead work runs work (nil: waits) until its
// term ends.
func startCampaignWork(t *testing.T, cfg election.Config, st election.Store, work func(ctx context.Context, c *campaign, token int64)) *campaign {
	t.Helper()
	holder := cfg.Holder
	el, err := election.New(cfg, st)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	c := &campaign{el: el, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		_ = el.Run(ctx, lease, func(lctx context.Context, token int64) error {
			c.mu.Lock()
			c.terms = append(c.terms, term{holder: holder, token: token, start: time.Now()})
			c.mu.Unlock()
			if work != nil {
				work(lctx, c, token)
			}
			<-lctx.Done()
			c.mu.Lock()
			c.terms[len(c.terms)-1].stop = time.Now()
			c.mu.Unlock()
			return lctx.Err()
		})
	}()
	t.Cleanup(c.stop)
	return c
}

func (c *campaign) stop() {
	c.cancel()
	<-c.done
}

func (c *campaign) lastTerm() (term, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.terms) == 0 {
		return term{}, false
	}
	return c.terms[len(c.terms)-1], true
}

// waitLeader waits until one of cs leads and runs its work, and returns it.
func waitLeader(t *testing.T, within time.Duration, cs ...*campaign) *campaign {
	t.Helper()
	var leader *campaign
	require.Eventually(t, func() bool {
		for _, c := range cs {
			_, ok := c.el.Leading(lease)
			if tm, running := c.lastTerm(); ok && running && tm.stop.IsZero() {
				leader = c
				return true
			}
		}
		return false
	}, within, 10*time.Millisecond)
	return leader
}

// TestOneLeaderAndCleanHandover: of two electors one leads; when it shuts down it
// releases the lease and the other takes over at once with a higher token.
func TestOneLeaderAndCleanHandover(t *testing.T) {
	st := openStore(t)
	a, b := startCampaign(t, "a", st), startCampaign(t, "b", st)
	first := waitLeader(t, ttl, a, b)
	second := b
	if first == b {
		second = a
	}
	time.Sleep(2 * ttl) // several renewals
	_, ok := second.el.Leading(lease)
	require.False(t, ok, "both lead")
	ft, _ := first.lastTerm()
	require.True(t, ft.stop.IsZero(), "the leader's term ended while it renewed")

	stopped := time.Now()
	first.stop()
	waitLeader(t, ttl/3+200*time.Millisecond, second) // next campaign round, not the ttl
	took := time.Since(stopped)
	st2, _ := second.lastTerm()
	require.Greater(t, st2.token, ft.token)
	ft, _ = first.lastTerm()
	require.False(t, ft.stop.After(st2.start), "the old term ended before the new one began")
	t.Logf("clean handover in %s", took)
}

// TestTakeoverAfterLostLeader: a leader cut off from the store stops its work before its
// lease expires; the other takes over after the ttl with a higher token; the ex-leader's
// fenced journal writes fail with ErrFenced and the new leader's succeed.
func TestTakeoverAfterLostLeader(t *testing.T) {
	st := openStore(t)
	pa := &partition{Store: st}
	a := startCampaign(t, "a", pa)
	waitLeader(t, ttl, a)
	b := startCampaign(t, "b", st)
	time.Sleep(ttl / 2)
	at, _ := a.lastTerm()
	oldLease := leaseRow(t, st)
	require.Equal(t, "a", oldLease.Holder)

	pa.cut.Store(true) // a can no longer renew, nor release
	cutAt := time.Now()
	waitLeader(t, 2*ttl, b)
	bt, _ := b.lastTerm()
	t.Logf("failover after the cut: %s", time.Since(cutAt))
	require.Greater(t, bt.token, at.token)

	at, _ = a.lastTerm()
	require.False(t, at.stop.IsZero(), "the lost leader still runs")
	require.True(t, at.stop.Before(oldLease.ExpiresAt), "the lost leader stopped at %s, after its lease expired at %s", at.stop, oldLease.ExpiresAt)
	require.True(t, at.stop.Before(bt.start), "the lost leader stopped after the new one began")
	_, ok := a.el.Leading(lease)
	require.False(t, ok)

	ctx := context.Background()
	old := election.Fence(st, lease, at.token, nil)
	_, err := old.InsertTx(ctx, journalTx(1))
	require.ErrorIs(t, err, store.ErrFenced)
	require.ErrorIs(t, old.SetTxState(ctx, 1, chain.TxConfirmed, 5), store.ErrFenced)
	_, err = old.ReopenFrom(ctx, "ETHEREUM", operator, 0)
	require.ErrorIs(t, err, store.ErrFenced)
	require.ErrorIs(t, old.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 9, UpdatedAt: time.Now()}), store.ErrFenced)
	require.ErrorIs(t, old.InTx(ctx, func(tx store.Tx) error { return nil }), store.ErrFenced)
	_, err = old.Signer(newKeySigner(t)).SignTx(ctx, types.NewTx(&types.DynamicFeeTx{}), big.NewInt(1))
	require.ErrorIs(t, err, store.ErrFenced, "the ex-leader signs")
	open, err := st.OpenTxs(ctx, "ETHEREUM", operator)
	require.NoError(t, err)
	require.Empty(t, open, "the ex-leader journaled")

	cur := election.Fence(st, lease, bt.token, nil)
	id, err := cur.InsertTx(ctx, journalTx(1))
	require.NoError(t, err)
	require.NoError(t, cur.SetTxState(ctx, id, chain.TxMined, 5))
	_, err = cur.Signer(newKeySigner(t)).SignTx(ctx, types.NewTx(&types.DynamicFeeTx{}), big.NewInt(1))
	require.NoError(t, err)

	// Back on the store, a finds the lease taken and does not lead again.
	pa.cut.Store(false)
	time.Sleep(ttl)
	_, ok = a.el.Leading(lease)
	require.False(t, ok)
	_, ok = b.el.Leading(lease)
	require.True(t, ok)
}

// TestWorkReturning: lead work that returns by itself gives the lease up, so another
// process may take it.
func TestWorkReturning(t *testing.T) {
	st := openStore(t)
	el, err := election.New(election.Config{Holder: "a", TTL: ttl}, st)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ran := make(chan int64, 1)
	go func() {
		_ = el.Run(ctx, lease, func(_ context.Context, token int64) error {
			select {
			case ran <- token:
			default:
			}
			return errors.New("deep reorg")
		})
	}()
	<-ran
	require.Eventually(t, func() bool { return !leaseRow(t, st).HeldAt(time.Now()) }, ttl, 10*time.Millisecond, "released")
}

func TestConfigCheck(t *testing.T) {
	for _, d := range []time.Duration{time.Millisecond, 10 * time.Minute} {
		_, err := election.New(election.Config{TTL: d}, nil)
		require.Error(t, err, d)
	}
	el, err := election.New(election.Config{}, nil)
	require.NoError(t, err)
	require.Equal(t, election.DefaultTTL, el.TTL())
	require.NotEmpty(t, el.Holder())
}

// keySigner signs with an in-memory key.
type keySigner struct{ key *ecdsa.PrivateKey }

func newKeySigner(t *testing.T) keySigner {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	return keySigner{key: key}
}

func (s keySigner) Address() common.Address { return crypto.PubkeyToAddress(s.key.PublicKey) }

func (s keySigner) SignTx(_ context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	return types.SignTx(tx, types.LatestSignerForChainID(chainID), s.key)
}

var operator = common.HexToAddress("0x00000000000000000000000000000000000000e1")

func journalTx(nonce uint64) chain.JournalTx {
	return chain.JournalTx{Source: "ETHEREUM", Sender: operator, Nonce: nonce, Hash: common.BigToHash(big.NewInt(int64(1000 + nonce))),
		Raw: []byte{byte(nonce)}, Kind: "settle", OrderIDs: []uint64{nonce}, State: chain.TxPending, CreatedAt: time.Now()}
}

func leaseRow(t *testing.T, st store.Store) store.Lease {
	t.Helper()
	ls, err := st.Leases(context.Background())
	require.NoError(t, err)
	for _, l := range ls {
		if l.Name == lease {
			return l
		}
	}
	t.Fatalf("no lease %s", lease)
	return store.Lease{}
}
