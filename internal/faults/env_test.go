package faults

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx" for the checks
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

// Shape of the system under test.
const (
	replicas      = 3
	confirmations = 2 // reorgs of depth 2 to 5 are deeper: they undo what the gateway reported
	blockTime     = time.Second
	// usdDeposit is each account's OFFCHAIN funding; daiDeposit each trader's free DTW
	// balance on each chain for gasless orders.
	usdDeposit = 1_000_000
	daiDeposit = 100_000
)

// extraConfig is merged into the devnet's gateway config: deliveries to the test's
// loopback receiver with short retries, a bank for OFFCHAIN usd deposits, and usd's price.
const extraConfig = `
webhooks:
  timeout: 2s
  retryInitial: 200ms
  retryMax: 2s
offchain:
  banks:
    - {name: usd-main, asset: usd, bankName: Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
pricing:
  prices:
    usd: "1"
`

// account is a trading account: its API key, its wallet (the same key on both chains),
// its client (through the load balancer) and its webhook subscription.
type account struct {
	name, id, keyID, secret string
	trader                  testnet.Account
	cl                      *client.Client
	hook                    *hookSink
}

// env is the whole system: chains (and their RPC proxies), PostgreSQL, the replicas, the
// accounts and the webhook receiver.
type env struct {
	net     *testnet.Network
	proxies map[string]*Proxy
	// liars are each chain's first RPC endpoint, in front of its proxy: honest until the
	// lying-rpc fault makes it lie. Each chain has two honest endpoints besides and a
	// verifyQuorum of 2, so the replicas decide on the honest ones' word.
	liars   map[string]*liar.LyingRPC
	pg      *pgtest.Server
	dsn     string
	db      *sql.DB
	st      store.Store
	dir     string
	cfg     string
	cluster *cluster
	lb      *RoundRobin
	accts   []*account
	hooks   *hookReceiver
	noise   testnet.Account
	// chainMu serializes block production (reorgs pause it) per source.
	chainMu map[string]*sync.Mutex
	// sendMu serializes the transactions of one trader on one chain (its account nonce).
	sendMu sync.Map
	// firstEvent is the outbox id before any account activity: deliveries are checked
	// from there.
	firstEvent int64
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	e := &env{proxies: map[string]*Proxy{}, liars: map[string]*liar.LyingRPC{}, dir: t.TempDir(), chainMu: map[string]*sync.Mutex{}}
	if keep := os.Getenv(EnvFaultsDir); keep != "" { // keep the replicas' logs and configs after the run
		e.dir = filepath.Join(keep, time.Now().UTC().Format("20060102T150405"))
		require.NoError(t, os.MkdirAll(e.dir, 0o700))
		t.Logf("replica logs and configs in %s", e.dir)
	}
	e.net = testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM", "OPTIMISM"}, Traders: 2, BlockTime: blockTime})
	for _, c := range e.net.Chains {
		u, err := url.Parse(c.RPCURL)
		require.NoError(t, err)
		p, err := NewProxy(u.Host)
		require.NoError(t, err)
		t.Cleanup(func() { _ = p.Close() })
		e.proxies[c.Source] = p
		e.chainMu[c.Source] = &sync.Mutex{}
	}
	var err error
	e.noise, err = testnet.NewAccount("noise", testnet.RoleTrader)
	require.NoError(t, err)
	for _, c := range e.net.Chains {
		require.NoError(t, c.SetBalance(ctx, e.noise.Address, new(big.Int).Lsh(big.NewInt(1), 80)))
	}

	e.pg, err = pgtest.StartServer(ctx)
	require.NoError(t, err, "PostgreSQL (`make tools` installs it)")
	t.Cleanup(func() { _ = e.pg.Stop() })
	e.dsn, err = e.pg.CreateDatabase(ctx)
	require.NoError(t, err)
	e.db, err = sql.Open("pgx", e.dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.db.Close() })

	d, err := e.net.WriteDir(e.dir, true)
	require.NoError(t, err)
	for name, p := range e.proxies {
		s := d.Sources[name]
		direct := "http://" + p.Addr()
		e.liars[name] = liar.NewLyingRPC(t, direct, liar.Lies{})
		s.RPCURLs = []string{e.liars[name].URL, direct, liar.NewLyingRPC(t, direct, liar.Lies{}).URL}
		s.VerifyQuorum = 2
		d.Sources[name] = s
	}
	e.cfg, err = gatewaycmd.WriteGatewayConfig(e.dir, d, confirmations)
	require.NoError(t, err)
	require.NoError(t, mergeYAML(e.cfg, extraConfig))
	return e
}

// mergeYAML merges the maps of extra into the YAML file at path (extra wins; lists are
// replaced).
func mergeYAML(path, extra string) error {
	blob, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var base, add map[string]any
	if err := yaml.Unmarshal(blob, &base); err != nil {
		return err
	}
	if err := yaml.Unmarshal([]byte(extra), &add); err != nil {
		return err
	}
	merge(base, add)
	out, err := yaml.Marshal(base)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o600)
}

func merge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// admin runs `dtwgate admin ARGS...` on the shared store and returns its output.
func (e *env) admin(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(gatewaytest.Binary(t), append(append([]string{"admin"}, args...),
		"--config", e.cfg, "--data-dir", filepath.Join(e.dir, "admin"), "--store", e.dsn)...)
	cmd.Env = gatewaytest.Env()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "admin %v: %s", args, out)
	return string(out)
}

// setup creates the accounts, starts the replicas, subscribes a webhook per account and
// funds the accounts on both chains and OFFCHAIN.
func (e *env) setup(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for i, trader := range e.net.Chains[0].Traders[:2] {
		var key struct{ APIKeyID, APIKeySecret, AccountID string }
		out := e.admin(t, "keys", "create", "--label", fmt.Sprintf("faults-%d", i), "--permissions", "READ,TRADE,WITHDRAW,MANAGE_KEYS", "--json")
		require.NoError(t, json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &key), out)
		require.Contains(t, e.admin(t, "wallets", "link", "--account", key.AccountID, trader.Address.Hex()), trader.Address.Hex())
		e.accts = append(e.accts, &account{name: fmt.Sprintf("acct%d", i), id: key.AccountID, keyID: key.APIKeyID, secret: key.APIKeySecret, trader: trader})
	}
	// Every replica has its own data directory, as on its own machine; they share the
	// PostgreSQL store, and nothing else (the keys are the store's).
	e.cluster = newCluster(t, e)
	e.cluster.startAll(t)
	e.lb = &RoundRobin{Addrs: e.cluster.addrs(), Base: &http.Transport{MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second}}

	st, err := store.OpenPostgres(ctx, e.dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	e.st = st

	e.hooks = newHookReceiver(t)
	for _, a := range e.accts {
		ccfg := client.DefaultConfig()
		ccfg.BaseURL = "http://replicas/api"
		ccfg.Auth = client.NewAPIKeyAuth(a.keyID, a.secret)
		ccfg.MaxRetries = 0 // the traffic retries itself, until it gets an answer
		ccfg.Timeout = 30 * time.Second
		ccfg.HTTPClient = &http.Client{Transport: e.lb, Timeout: 30 * time.Second}
		a.cl, err = client.New(ccfg)
		require.NoError(t, err)
		a.hook = e.hooks.sink(a.name)
		var sub api.WebhookCreated
		untilAnswerT(t, ctx, func(ctx context.Context) error {
			sub, err = a.cl.CreateWebhook(ctx, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
				Target: api.WebhookTarget{URL: e.hooks.URL + "/" + a.name}})
			return err
		})
		a.hook.setSecret(sub.Secret)
	}
	require.NoError(t, e.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM events`).Scan(&e.firstEvent))

	for _, a := range e.accts {
		var ref api.DepositReferenceResponse
		untilAnswerT(t, ctx, func(ctx context.Context) error {
			ref, err = a.cl.DepositReference(ctx, "")
			return err
		})
		require.Contains(t, e.admin(t, "offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "usd",
			"--amount", fmt.Sprint(usdDeposit), "--transfer-id", "fund-"+a.name), "booked")
		for _, c := range e.net.Chains {
			dai := c.MustToken("DAI")
			_, err := c.Deposit(ctx, a.trader, dai, dai.Units(daiDeposit))
			require.NoError(t, err)
		}
	}
}

// untilAnswerT calls fn until it succeeds, retrying network errors and 5xx answers; a
// 4xx answer fails the test.
func untilAnswerT(t *testing.T, ctx context.Context, fn func(ctx context.Context) error) {
	t.Helper()
	_, err := untilAnswer(ctx, fn)
	require.NoError(t, err)
}

// untilAnswer calls fn until it gets an answer, as a trader's client does: a network
// error (connection refused, reset, timeout) or a 5xx (or 429, 401) is retried with
// backoff; a 2xx or another 4xx is the answer. It returns how many retries it made.
func untilAnswer(ctx context.Context, fn func(ctx context.Context) error) (retries int, err error) {
	for {
		actx, cancel := context.WithTimeout(ctx, 40*time.Second)
		err = fn(actx)
		cancel()
		if err == nil {
			return retries, nil
		}
		switch st := client.StatusCode(err); {
		case st == 0, st >= 500, st == http.StatusTooManyRequests, st == http.StatusUnauthorized, st == http.StatusRequestTimeout:
		default:
			return retries, err
		}
		if ctx.Err() != nil {
			return retries, fmt.Errorf("no answer before the deadline: %w", err)
		}
		retries++
		d := min(100*time.Millisecond<<min(retries, 5), 3*time.Second)
		select {
		case <-ctx.Done():
		case <-time.After(d):
		}
	}
}
