// Package config holds the gateway's configuration: its defaults, the config file, the
// environment, and the one Check that validates it all.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/signer"
)

// Environment variables read by the gateway commands.
const (
	EnvListen  = "DTWGATE_LISTEN"
	EnvDataDir = "DTWGATE_DATA_DIR"
	EnvStore   = "DTWGATE_STORE"
	EnvConfig  = "DTWGATE_CONFIG"
)

// Defaults.
const (
	DefaultListen        = "127.0.0.1:8080"
	DefaultBasePath      = "/api"
	DefaultNonceTTL      = 5 * time.Minute
	DefaultClockSkew     = 30 * time.Second
	DefaultTicketTTL     = 30 * time.Second
	DefaultTokenTTL      = 24 * time.Hour
	DefaultMaxBodyBytes  = 1 << 20
	DefaultStoreDBName   = "dtwgate.db"
	DefaultJWTKeyName    = "jwt.key"
	DefaultSecretKeyName = "apikey-hmac.key"
	DefaultSIWEChainID   = 1
	defaultShutdownGrace = 10 * time.Second
)

// ErrInvalid is wrapped by every error Check returns.
var ErrInvalid = errors.New("invalid config")

// Config is the whole gateway configuration. The zero value is not usable; start from
// Default and overlay a file, the environment and flags.
type Config struct {
	// Listen is the TCP address the HTTP server binds, host:port. Default 127.0.0.1:8080.
	Listen string `yaml:"listen"`
	// BasePath is the path prefix of the API; it must end in "/api". Default "/api".
	BasePath string `yaml:"basePath"`
	// DataDir holds the SQLite store (and the key files of earlier versions). Required
	// unless Store names a PostgreSQL database.
	DataDir string `yaml:"dataDir"`
	// Store is the PostgreSQL database that replicas share, as a postgres:// (or
	// postgresql://) URL, e.g. "postgres://dtwgate:PASSWORD@db:5432/dtwgate". Default ""
	// (the SQLite database in DataDir). Flag --store or DTWGATE_STORE.
	Store string `yaml:"store"`
	// StoreSync is when a commit to the SQLite store counts as durable (the answer of a
	// swap, an order or a withdrawal waits for it): "full" (default), fsynced at every
	// commit (shared by the requests committed together): it survives a power loss;
	// "normal", written to the WAL: it survives a crash of the gateway, not of the OS or
	// a power loss (README's figures compare them). PostgreSQL's durability is its own
	// setting (synchronous_commit).
	StoreSync string `yaml:"storeSync"`
	// JWTKeyFile is the HS256 signing key file of gateways from before the signing keys
	// moved into the store: when the store has no key yet, the first start stores this
	// file's key (so the tokens it signed stay valid) and ignores the file from then on;
	// it is no longer created. Default <DataDir>/jwt.key.
	JWTKeyFile string `yaml:"jwtKeyFile"`
	// SecretKeyFile is the API key secrets' hashing key (HMAC-SHA-256) of gateways from
	// before the key moved into the store: when the store has none yet, the first start
	// stores this file's key (so the stored hashes stay valid) and ignores the file from
	// then on; it is no longer created. Default <DataDir>/apikey-hmac.key.
	SecretKeyFile string `yaml:"secretKeyFile"`
	// TokenTTL is the lifetime of bearer JWTs. Default 24h, as the interface states.
	TokenTTL time.Duration `yaml:"tokenTTL"`
	// TicketTTL is the lifetime of a websocket ticket. Default 30s.
	TicketTTL time.Duration `yaml:"ticketTTL"`
	// MaxBodyBytes caps request bodies, in bytes. Default 1 MiB.
	MaxBodyBytes int64 `yaml:"maxBodyBytes"`
	// ShutdownGrace is how long graceful shutdown waits for in-flight requests. Default 10s.
	ShutdownGrace time.Duration `yaml:"shutdownGrace"`
	// SIWE configures Sign-In with Ethereum.
	SIWE SIWE `yaml:"siwe"`
	// RateLimits bound what clients may ask of the gateway per second.
	RateLimits RateLimits `yaml:"rateLimits"`
	// Relay bounds the gasless orders and withdrawals the gateway relays at its operator's
	// expense.
	Relay Relay `yaml:"relay"`
	// Chains are the chains the gateway follows; empty runs the gateway without chains.
	Chains []Chain `yaml:"chains"`
	// Pricing is the price source: reference prices, spread and commissions, and live
	// feeds (pricing.feeds, read over the configured chains' RPC) that price their assets
	// instead of the reference prices. Prices or feeds are required when chains are
	// configured (a gateway never settles at demo prices); a gateway without chains
	// answers market data from the demo book. Spread and commission default to
	// pricing.DefaultConfig()'s.
	Pricing pricing.Config `yaml:"pricing"`
	// AccessLog logs a line per request at INFO. Off by default: a trading API serves
	// thousands of requests a second and the lines cost CPU and disk; they are logged at
	// DEBUG instead (--log-level debug). Errors (5xx) are always logged.
	AccessLog bool `yaml:"accessLog"`
	// Debug holds the operator's diagnostics, all off by default.
	Debug Debug `yaml:"debug"`
	// Offchain configures the OFFCHAIN venue (internal/config/offchain.go).
	Offchain Offchain `yaml:"offchain"`
	// Websocket bounds the websocket's connections (internal/config/websocket.go).
	Websocket Websocket `yaml:"websocket"`
	// Webhooks configures the delivery of webhook subscriptions (internal/config/webhooks.go).
	Webhooks Webhooks `yaml:"webhooks"`
	// Election configures the election of each chain's settler and the OFFCHAIN matcher
	// among the processes of one store (internal/config/election.go).
	Election Election `yaml:"election"`
	// Receipts configures the receipt key (internal/config/receipts.go).
	Receipts Receipts `yaml:"receipts"`
	// Reserves configures the proof of reserves (internal/config/reserves.go).
	Reserves Reserves `yaml:"reserves"`
}

// Debug configures diagnostics.
type Debug struct {
	// PprofListen, when set, serves Go's profiler (/debug/pprof/) on this loopback
	// host:port, apart from the API. It exposes the process's internals: loopback only.
	PprofListen string `yaml:"pprofListen"`
}

// SIWE configures Sign-In with Ethereum verification.
type SIWE struct {
	// Domain is the exact `domain` a message must carry (host[:port]). Default: Listen.
	Domain string `yaml:"domain"`
	// URI is the exact `URI` a message must carry. Default: http://<Listen><BasePath>.
	URI string `yaml:"uri"`
	// NonceTTL is how long an issued nonce stays usable. Default 5m.
	NonceTTL time.Duration `yaml:"nonceTTL"`
	// ClockSkew is how far in the future `Issued At` may be. Default 30s.
	ClockSkew time.Duration `yaml:"clockSkew"`
}

// RateLimits are the gateway's request rate limits. A limit's perSecond is in requests per
// second; 0 takes the default and a negative value turns the limit off. A refused request
// gets 429 RATE_LIMITED with a Retry-After header.
type RateLimits struct {
	// AuthPerClient limits the authentication endpoints (token, ticket, SIWE nonce and
	// verify) per client IP address. Default 20/s, burst 100.
	AuthPerClient ratelimit.Limit `yaml:"authPerClient"`
	// AuthPerKey limits key-based logins (token, ticket) per keyId. Default 2/s, burst 20.
	AuthPerKey ratelimit.Limit `yaml:"authPerKey"`
}

// Default rate limits.
var (
	DefaultAuthPerClient = ratelimit.Limit{PerSecond: 20, Burst: 100}
	DefaultAuthPerKey    = ratelimit.Limit{PerSecond: 2, Burst: 20}
)

// Relay bounds what the gateway relays for traders (POST /v2/order and /v2/withdrawals).
// Orders and withdrawals traders send to the DTW contract themselves are not affected.
// The per-token minimums are chains[].tokens[].minRelayOrder and minRelayWithdrawal.
type Relay struct {
	// PerAccount limits the relays of one account, in relays per second with a burst; only
	// requests that would send a transaction count (not identical retries, not refusals).
	// A refused request gets 429 RATE_LIMITED with a Retry-After header. perSecond 0 takes
	// the default, a negative value turns the limit off. Default 1/s, burst 20.
	PerAccount ratelimit.Limit `yaml:"perAccount"`
}

// DefaultRelayPerAccount is the default of relay.perAccount.
var DefaultRelayPerAccount = ratelimit.Limit{PerSecond: 1, Burst: 20}

// DefaultMinRelayValue is the value, in the reference unit of the pricing book's prices
// (USD in the default book), of a token's default minimum relayed amount.
var DefaultMinRelayValue = decimal.NewFromInt(1)

// Chain is one chain the gateway serves.
type Chain struct {
	// Config is the chain as every configuration file states it: source, chainId,
	// rpcUrls (at start the first that answers with chainId is used, and one that answers
	// with another chain id is refused), dtwAddress, startBlock, confirmations (default 1)
	// and tokens, each with the gateway's minRelayOrder and minRelayWithdrawal (Token).
	chain.Config `yaml:",inline"`
	// Operator is the signer spec of the key that sends return transactions and relays
	// (keystore:PATH, account:NAME, vault:MOUNT/data/PATH#FIELD). Required for chains with a
	// DTW address.
	Operator string `yaml:"operator"`
	// OperatorPasswordFile holds the operator keystore's password (keystore backends).
	OperatorPasswordFile string `yaml:"operatorPasswordFile"`
	// Inventory are the target bands of the operator's DTW inventory and treasury, per
	// asset (InventoryBand); the settler reports where each stands.
	Inventory []InventoryBand `yaml:"inventory,omitempty"`
	// Rebalance is auto or off (default): with auto the settler moves funds between the
	// DTW inventory and the treasury when one leaves its band.
	Rebalance string `yaml:"rebalance,omitempty"`
}

// Token is one tradable token of a chain (chain.TokenConfig). MinRelayOrder is the
// smallest amount to sell of a relayed (gasless) order, in whole tokens as a decimal
// string, e.g. "0.5"; a smaller one is refused with 400 AMOUNT_TOO_SMALL. Default: the
// amount worth DefaultMinRelayValue (1, about 1 USD) at the pricing book's price of the
// symbol, rounded up to one significant digit and to the token's decimals (dai and usdt at
// 1: "1"; eth at 3000: "0.0004"); 1 whole token when the book has no price for the
// symbol. MinRelayWithdrawal is the smallest relayed withdrawal; default as MinRelayOrder.
type Token = chain.TokenConfig

// defaultMinRelay is the default minimum relayed amount of a token: DefaultMinRelayValue at
// the price book's price, rounded up to one significant digit and to the token's
// decimals, or 1 whole token without a price.
func defaultMinRelay(prices pricing.Config, t Token) string {
	price, err := chain.ParseDecimal(prices.Prices[strings.ToLower(t.Symbol)])
	if err != nil || price.Sign() <= 0 {
		return "1"
	}
	v := DefaultMinRelayValue.DivRound(price, 40)
	lead := int32(v.NumDigits()) + v.Exponent() - 1 // power of ten of the leading digit
	return v.RoundCeil(min(-lead, int32(t.Decimals))).String()
}

// Default returns the embedded default configuration: the gateway runs on it with no
// config file once DataDir is set.
func Default() Config {
	return Config{
		Listen:        DefaultListen,
		BasePath:      DefaultBasePath,
		TokenTTL:      DefaultTokenTTL,
		TicketTTL:     DefaultTicketTTL,
		MaxBodyBytes:  DefaultMaxBodyBytes,
		ShutdownGrace: defaultShutdownGrace,
		SIWE:          SIWE{NonceTTL: DefaultNonceTTL, ClockSkew: DefaultClockSkew},
		RateLimits:    RateLimits{AuthPerClient: DefaultAuthPerClient, AuthPerKey: DefaultAuthPerKey},
		Pricing:       pricing.Config{SpreadBps: pricing.DefaultConfig().SpreadBps, CommissionBps: pricing.DefaultConfig().CommissionBps},
		Webhooks:      DefaultWebhooks(),
		Election:      Election{LeaseTTL: DefaultLeaseTTL},
	}
}

// LoadFile overlays the YAML file at path onto c. Unknown keys are errors so a typo does not
// pass silently.
func (c *Config) LoadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil {
		return fmt.Errorf("parse config %s: %w", path, err)
	}
	return nil
}

// Finish fills the values derived from others (SIWE domain and URI, key file). Call it
// after all overlays and before Check.
func (c *Config) Finish() {
	if c.SIWE.Domain == "" {
		c.SIWE.Domain = c.Listen
	}
	if c.SIWE.URI == "" {
		c.SIWE.URI = "http://" + c.Listen + c.BasePath
	}
	if len(c.Chains) == 0 && len(c.Pricing.Prices) == 0 {
		// Market data of a gateway that settles nothing: the demo book's prices.
		c.Pricing.Prices = pricing.DefaultConfig().Prices
	}
	if c.Relay.PerAccount.PerSecond == 0 {
		c.Relay.PerAccount = DefaultRelayPerAccount
	}
	for i := range c.Chains {
		for j := range c.Chains[i].Tokens {
			t := &c.Chains[i].Tokens[j]
			if t.MinRelayOrder == "" {
				t.MinRelayOrder = defaultMinRelay(c.Pricing, *t)
			}
			if t.MinRelayWithdrawal == "" {
				t.MinRelayWithdrawal = defaultMinRelay(c.Pricing, *t)
			}
		}
	}
	if c.JWTKeyFile == "" && c.DataDir != "" {
		c.JWTKeyFile = filepath.Join(c.DataDir, DefaultJWTKeyName)
	}
	if c.SecretKeyFile == "" && c.DataDir != "" {
		c.SecretKeyFile = filepath.Join(c.DataDir, DefaultSecretKeyName)
	}
	if c.RateLimits.AuthPerClient.PerSecond == 0 {
		c.RateLimits.AuthPerClient = DefaultAuthPerClient
	}
	if c.RateLimits.AuthPerKey.PerSecond == 0 {
		c.RateLimits.AuthPerKey = DefaultAuthPerKey
	}
	c.Websocket = c.Websocket.WithDefaults()
}

// Check validates the configuration; each error names the field.
func (c *Config) Check() error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s: %s", ErrInvalid, field, fmt.Sprintf(format, args...)))
	}
	if _, port, err := net.SplitHostPort(c.Listen); err != nil || port == "" {
		bad("listen", "%q is not host:port", c.Listen)
	}
	if !strings.HasPrefix(c.BasePath, "/") || !strings.HasSuffix(c.BasePath, "/api") {
		bad("basePath", "%q must start with / and end in /api", c.BasePath)
	}
	if c.DataDir == "" && c.Store == "" {
		bad("dataDir", "required for the SQLite store (flag --data-dir or %s), or name a PostgreSQL store (flag --store or %s)", EnvDataDir, EnvStore)
	}
	if c.Store != "" && !strings.HasPrefix(c.Store, "postgres://") && !strings.HasPrefix(c.Store, "postgresql://") {
		bad("store", "must be a postgres:// URL, or empty for the SQLite database in dataDir (flag --store or %s)", EnvStore)
	}
	if c.StoreSync != "" && c.StoreSync != "normal" && c.StoreSync != "full" {
		bad("storeSync", "%q must be normal or full", c.StoreSync)
	}
	if c.TokenTTL <= 0 {
		bad("tokenTTL", "must be positive")
	}
	if c.TicketTTL <= 0 || c.TicketTTL > 5*time.Minute {
		bad("ticketTTL", "must be positive and at most 5m")
	}
	if c.MaxBodyBytes < 1024 {
		bad("maxBodyBytes", "must be at least 1024")
	}
	if c.ShutdownGrace <= 0 {
		bad("shutdownGrace", "must be positive")
	}
	if c.Debug.PprofListen != "" {
		host, port, err := net.SplitHostPort(c.Debug.PprofListen)
		ip := net.ParseIP(host)
		if err != nil || port == "" || !(host == "localhost" || (ip != nil && ip.IsLoopback())) {
			bad("debug.pprofListen", "%q must be a loopback host:port such as 127.0.0.1:6060 (the profiler exposes the process's internals)",
				echo.Value(c.Debug.PprofListen))
		}
	}
	if c.SIWE.Domain == "" || strings.ContainsAny(c.SIWE.Domain, "/?# ") {
		bad("siwe.domain", "%q is not a host[:port]", c.SIWE.Domain)
	}
	if u, err := url.Parse(c.SIWE.URI); err != nil || u.Scheme == "" || u.Host == "" {
		bad("siwe.uri", "%q is not an absolute URI", c.SIWE.URI)
	}
	if c.SIWE.NonceTTL <= 0 || c.SIWE.NonceTTL > 30*time.Minute {
		bad("siwe.nonceTTL", "must be positive and at most 30m")
	}
	if c.SIWE.ClockSkew < 0 || c.SIWE.ClockSkew > 5*time.Minute {
		bad("siwe.clockSkew", "must be between 0 and 5m")
	}
	for name, l := range map[string]ratelimit.Limit{
		"rateLimits.authPerClient": c.RateLimits.AuthPerClient, "rateLimits.authPerKey": c.RateLimits.AuthPerKey,
	} {
		if l.Burst < 0 || l.PerSecond > 1e6 {
			bad(name, "perSecond must be at most 1e6 and burst not negative")
		}
	}
	if l := c.Relay.PerAccount; l.Burst < 0 || l.PerSecond > 1e6 {
		bad("relay.perAccount", "perSecond must be at most 1e6 and burst not negative")
	}
	sources, ids := map[string]bool{}, map[uint64]bool{}
	for i, ch := range c.Chains {
		field := fmt.Sprintf("chains[%d]", i)
		if err := ch.Config.Check(field); err != nil {
			errs = append(errs, fmt.Errorf("%w: %w", ErrInvalid, err))
		}
		switch {
		case ch.Source == "OFFCHAIN":
			bad(field+".source", "%q is the off-chain venue, not a chain", ch.Source)
		case sources[ch.Source]:
			bad(field+".source", "%q appears twice", ch.Source)
		}
		sources[ch.Source] = true
		checkInventory(field, ch, bad)
		if ch.ChainID != 0 && ids[ch.ChainID] {
			bad(field+".chainId", "%d appears twice: chain ids must be unique", ch.ChainID)
		}
		ids[ch.ChainID] = true
		for j, t := range ch.Tokens {
			for name, v := range map[string]string{"minRelayOrder": t.MinRelayOrder, "minRelayWithdrawal": t.MinRelayWithdrawal} {
				if _, err := ParseMinRelay(v, t.Decimals); err != nil {
					bad(fmt.Sprintf("%s.tokens[%d].%s", field, j, name), "%v", err)
				}
			}
		}
		if ch.DTWAddress != "" {
			if len(ch.RPCURLs) == 0 {
				bad(field+".rpcUrls", "at least one RPC URL is needed to follow the DTW contract")
			}
			if ch.Operator == "" {
				bad(field+".operator", "the operator's signer spec is needed to settle orders (e.g. keystore:/path/operator.json)")
			} else if _, err := signer.ParseSpec(ch.Operator); err != nil {
				bad(field+".operator", "%v", err)
			}
		}
	}
	if len(c.Chains) > 0 && len(c.Pricing.Prices) == 0 && len(c.Pricing.Feeds) == 0 {
		bad("pricing.prices", "a gateway with chains settles at these prices (or those of pricing.feeds), so it needs a "+
			"reference price per asset and never falls back to demo prices (a devnet config written by `dtwgate devnet` carries its own)")
	}
	if _, err := pricing.NewBook(c.Pricing); err != nil {
		bad("pricing", "%v", err)
	}
	if err := c.Pricing.CheckFeeds(); err != nil {
		errs = append(errs, fmt.Errorf("%w: %w", ErrInvalid, err))
	}
	for i, f := range c.Pricing.Feeds {
		if f.Source != "" && !c.hasRPC(f.Source) {
			bad(fmt.Sprintf("pricing.feeds[%d].source", i), "%q is not a configured chain with rpcUrls (chains[].source)", echo.Value(f.Source))
		}
	}
	c.checkOffchain(bad)
	c.checkWebsocket(bad)
	c.checkWebhooks(bad)
	c.checkElection(bad)
	c.checkReceipts(bad)
	c.checkReserves(bad)
	return errors.Join(errs...)
}

// hasRPC reports whether a chain of that source is configured with an RPC URL.
func (c *Config) hasRPC(source string) bool {
	for _, ch := range c.Chains {
		if ch.Source == source && len(ch.RPCURLs) > 0 {
			return true
		}
	}
	return false
}

// ParseMinRelay parses a minimum relayed amount of a token with the given decimals: a
// positive decimal in whole tokens with at most that many fractional digits. "" (not set)
// is zero, no minimum.
func ParseMinRelay(v string, decimals uint8) (decimal.Decimal, error) {
	if v == "" {
		return decimal.Zero, nil
	}
	token := chain.Asset{ID: "the token", Decimals: decimals}
	units, err := token.ParseAmount(v)
	if err != nil {
		return decimal.Zero, fmt.Errorf("%q in whole tokens: %w", echo.Value(v), err)
	}
	return token.FromBaseUnits(units), nil
}

// SIWEChainIDs returns the chain ids a SIWE message may carry: those of the configured
// chains, or chain id 1 when none are configured.
func (c *Config) SIWEChainIDs() []uint64 {
	if len(c.Chains) == 0 {
		return []uint64{DefaultSIWEChainID}
	}
	ids := make([]uint64, len(c.Chains))
	for i, ch := range c.Chains {
		ids[i] = ch.ChainID
	}
	return ids
}

// StorePath is the SQLite database file in DataDir (used when Store is empty).
func (c *Config) StorePath() string { return filepath.Join(c.DataDir, DefaultStoreDBName) }
