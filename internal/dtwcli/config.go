package dtwcli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// Names of the flags every gateway or chain command takes.
const (
	flagConfig      = "config"
	flagAPIURL      = "api-url"
	flagRPC         = "rpc"
	flagSessionFile = "session-file"
	flagJSON        = "json"
)

// Environment variables of dtw's configuration (besides those bound to flags).
const (
	// EnvConfig is the config file path (as --config).
	EnvConfig = "DTW_CONFIG"
	// EnvSessionFile is the session file path (as --session-file).
	EnvSessionFile = "DTW_SESSION_FILE"
	// EnvRPCPrefix + SOURCE is a source's RPC URL, e.g. DTW_RPC_ETHEREUM.
	EnvRPCPrefix = "DTW_RPC_"
)

// Config is dtw's configuration file (default ~/.dtw/config.yaml). It is the trader's
// own record of each chain: nothing the gateway says replaces the DTW address, the token
// addresses or the decimals written here.
type Config struct {
	// APIURL is the gateway's API root including its base path. Default
	// client.DefaultAPIURL; $DTW_API_URL and --api-url override it.
	APIURL string `yaml:"apiUrl"`
	// Signer is the signer spec (keystore:PATH, account:NAME, vault:MOUNT/data/PATH#FIELD,
	// vault-keystore:...) used when no signer flag is given.
	Signer string `yaml:"signer,omitempty"`
	// PasswordFile holds the keystore password when --password-file is not given.
	PasswordFile string `yaml:"passwordFile,omitempty"`
	// Address is the trader's address, so that read-only commands (balance, order
	// verify) need not unlock the signer. Default: the signer's address.
	Address string `yaml:"address,omitempty"`
	// SessionFile caches the login's JWT. Default ~/.dtw/session.json.
	SessionFile string `yaml:"sessionFile,omitempty"`
	// SIWEChainID is the chain id of SIWE messages. Default: the chain id of the first
	// source by name, else 1.
	SIWEChainID uint64 `yaml:"siweChainId,omitempty"`
	// Sources are the chains, by source name (e.g. ETHEREUM), each in the chain's one
	// configuration form (chain.Config): chainId, rpcUrls (the trader's own RPC first;
	// $DTW_RPC_<SOURCE> and --rpc SOURCE=URL override it), dtwAddress, startBlock,
	// confirmations, tokens. Files written before that form (rpcUrl, dtw, tokens as a map of
	// id to {address, decimals}) are still read, with a warning naming the new keys.
	Sources map[string]chain.Config `yaml:"sources"`
}

// upgradeOldKeys rewrites, in a parsed config file, the keys of sources written before
// chain.Config into the current ones (rpcUrl: U to rpcUrls: [U], dtw to dtwAddress,
// tokens {id: {...}} to tokens [{symbol: id, ...}]), and returns what it rewrote. A new key
// present beside its old one wins.
func upgradeOldKeys(doc *yaml.Node) []string {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	sources := mappingValue(doc.Content[0], "sources")
	if sources == nil || sources.Kind != yaml.MappingNode {
		return nil
	}
	var upgraded []string
	for i := 0; i+1 < len(sources.Content); i += 2 {
		name, src := sources.Content[i].Value, sources.Content[i+1]
		if src.Kind != yaml.MappingNode {
			continue
		}
		kept := src.Content[:0:0]
		for j := 0; j+1 < len(src.Content); j += 2 {
			k, v := src.Content[j], src.Content[j+1]
			var now, note string
			switch {
			case k.Value == "rpcUrl" && v.Kind == yaml.ScalarNode:
				now, v = "rpcUrls", &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{v}}
				note = "rpcUrl is now rpcUrls (a list)"
			case k.Value == "dtw":
				now, note = "dtwAddress", "dtw is now dtwAddress"
			case k.Value == "tokens" && v.Kind == yaml.MappingNode:
				list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
				for t := 0; t+1 < len(v.Content); t += 2 {
					id, tok := v.Content[t], v.Content[t+1]
					entry := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
						{Kind: yaml.ScalarNode, Tag: "!!str", Value: "symbol"}, id}}
					if tok.Kind == yaml.MappingNode {
						entry.Content = append(entry.Content, tok.Content...)
					}
					list.Content = append(list.Content, entry)
				}
				now, v, note = "tokens", list, "tokens is now a list of {symbol, address, decimals}"
			}
			if now == "" {
				kept = append(kept, k, v)
				continue
			}
			upgraded = append(upgraded, "sources."+name+"."+note)
			if now != k.Value && mappingValue(src, now) != nil {
				continue
			}
			kept = append(kept, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: now, Line: k.Line, Column: k.Column}, v)
		}
		src.Content = kept
	}
	return upgraded
}

// mappingValue returns the value of key in a mapping node, or nil.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// setRPC makes url the source's first RPC.
func setRPC(s *chain.Config, url string) {
	s.RPCURLs = append([]string{url}, slices.DeleteFunc(slices.Clone(s.RPCURLs), func(u string) bool { return u == url })...)
}

// DefaultConfigPath is ~/.dtw/config.yaml.
func DefaultConfigPath() string { return filepath.Join(homeDir(), ".dtw", "config.yaml") }

// DefaultSessionPath is ~/.dtw/session.json.
func DefaultSessionPath() string { return filepath.Join(homeDir(), ".dtw", "session.json") }

func homeDir() string {
	if h, err := os.UserHomeDir(); err == nil {
		return h
	}
	return "."
}

// configFlags are taken by every command that reads the configuration.
func configFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagConfig, Usage: "config `FILE`", DefaultText: "~/.dtw/config.yaml", EnvVars: []string{EnvConfig}},
		&cli.StringFlag{Name: flagAPIURL, Usage: "gateway API `URL`, e.g. http://127.0.0.1:8080/api (overrides the config's apiUrl)", EnvVars: []string{client.EnvAPIURL}},
		&cli.StringSliceFlag{Name: flagRPC, Usage: "your own RPC for a source, `SOURCE=URL`, instead of the config's; repeat it for several RPCs of a source, which must then all agree on what dtw verifies (also $" + EnvRPCPrefix + "SOURCE)"},
		&cli.StringFlag{Name: flagSessionFile, Usage: "session `FILE` holding the login's JWT", DefaultText: "~/.dtw/session.json", EnvVars: []string{EnvSessionFile}},
		&cli.BoolFlag{Name: flagJSON, Usage: "print JSON for scripts instead of tables"},
	}
}

// loadConfig reads the config file, then the environment and the flags over it, and
// checks the result.
func loadConfig(c *cli.Context) (*Config, string, error) {
	path := c.String(flagConfig)
	explicit := path != ""
	if !explicit {
		path = DefaultConfigPath()
	}
	cfg := &Config{}
	blob, err := os.ReadFile(path)
	switch {
	case err == nil:
		upgraded, err := decodeConfig(blob, cfg)
		if err != nil {
			return nil, path, usageError("config %s: %v (fix the file, or write a new one with `dtw config init`)", path, err)
		}
		if len(upgraded) > 0 {
			fmt.Fprintf(c.App.ErrWriter, "dtw: warning: config %s uses old keys (%s); they still work: rewrite them, or the file with `dtw config init`\n",
				path, strings.Join(upgraded, ", "))
		}
	case errors.Is(err, os.ErrNotExist) && !explicit:
	case errors.Is(err, os.ErrNotExist):
		return nil, path, usageError("config %s does not exist: write it with `dtw config init --devnet DIR --config %s`, or fix --config/$%s", path, path, EnvConfig)
	default:
		return nil, path, usageError("read config %s: %v", path, err)
	}
	if err := cfg.overlay(c); err != nil {
		return nil, path, err
	}
	if err := cfg.Check(); err != nil {
		return nil, path, usageError("invalid config %s: %v", path, err)
	}
	return cfg, path, nil
}

// decodeConfig decodes a config file into cfg, refusing unknown keys. Old source keys are
// read as their new ones (upgradeOldKeys), which it returns.
func decodeConfig(blob []byte, cfg *Config) ([]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(blob, &doc); err != nil {
		return nil, err
	}
	upgraded := upgradeOldKeys(&doc)
	if len(upgraded) > 0 {
		var err error
		if blob, err = yaml.Marshal(&doc); err != nil {
			return nil, err
		}
	}
	// Decoded from text, not from doc: a yaml.Node decodes without KnownFields.
	dec := yaml.NewDecoder(bytes.NewReader(blob))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return upgraded, nil
}

// overlay applies the environment and the flags.
func (cfg *Config) overlay(c *cli.Context) error {
	if cfg.APIURL == "" {
		cfg.APIURL = client.DefaultAPIURL
	}
	if v := c.String(flagAPIURL); v != "" {
		cfg.APIURL = v
	}
	if v := c.String(flagSessionFile); v != "" {
		cfg.SessionFile = v
	}
	if cfg.SessionFile == "" {
		cfg.SessionFile = DefaultSessionPath()
	}
	cfg.Sources = normalizeSources(cfg.Sources)
	for _, name := range cfg.sourceNames() {
		s := cfg.Sources[name]
		if v := os.Getenv(EnvRPCPrefix + name); v != "" {
			setRPC(&s, v)
			cfg.Sources[name] = s
		}
	}
	given := map[string]bool{} // sources whose RPCs --rpc gives: they replace the config's
	for _, kv := range c.StringSlice(flagRPC) {
		name, u, ok := strings.Cut(kv, "=")
		name = strings.ToUpper(strings.TrimSpace(name))
		if !ok || name == "" || u == "" {
			return usageError("--rpc %q: write SOURCE=URL, e.g. --rpc ETHEREUM=http://127.0.0.1:8545", kv)
		}
		s, ok := cfg.Sources[name]
		if !ok {
			return usageError("--rpc %s: no source %s in the config (sources: %s)", kv, name, cfg.sourceList())
		}
		if !given[name] {
			s.RPCURLs, s.VerifyQuorum, given[name] = nil, 0, true
		}
		if !slices.Contains(s.RPCURLs, u) {
			s.RPCURLs = append(s.RPCURLs, u)
		}
		cfg.Sources[name] = s
	}
	return nil
}

func normalizeSources(in map[string]chain.Config) map[string]chain.Config {
	out := make(map[string]chain.Config, len(in))
	for name, s := range in {
		name = strings.ToUpper(name)
		if s.Source == "" {
			s.Source = name
		}
		out[name] = s
	}
	return out
}

// Check validates the configuration; the error names every bad field.
func (cfg *Config) Check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if u, err := url.Parse(cfg.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("apiUrl %q is not an http(s) URL", cfg.APIURL)
	}
	if cfg.Address != "" {
		if _, err := chain.ParseAddress(cfg.Address); err != nil {
			bad("address: %v", err)
		}
	}
	for _, name := range cfg.sourceNames() {
		s := cfg.Sources[name]
		if err := s.Check("sources." + name); err != nil {
			errs = append(errs, err)
		}
		if len(s.RPCURLs) == 0 {
			bad("sources.%s.rpcUrls is missing: your own RPC of that chain", name)
		}
		if dtw, err := chain.ParseAddress(s.DTWAddress); err != nil || dtw == (common.Address{}) {
			bad("sources.%s.dtwAddress %q is not the DTW contract's 0x address (all one case, or EIP-55 checksummed)", name, echo.Value(s.DTWAddress))
		}
	}
	return errors.Join(errs...)
}

func (cfg *Config) sourceNames() []string {
	names := make([]string, 0, len(cfg.Sources))
	for n := range cfg.Sources {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (cfg *Config) sourceList() string {
	if len(cfg.Sources) == 0 {
		return "none; run `dtw config init`"
	}
	return strings.Join(cfg.sourceNames(), ", ")
}

// source returns the chain.Source of a configured source name.
func (cfg *Config) source(name string) (chain.Source, error) {
	s, ok := cfg.Sources[strings.ToUpper(name)]
	if !ok {
		return chain.Source{}, usageError("unknown source %q: your config names %s (add it to the config, or run `dtw config init --devnet DIR`)", name, cfg.sourceList())
	}
	src := s.ToSource()
	src.Name = strings.ToUpper(name)
	if s.VerifyQuorum == 0 { // a trader's default: every RPC of the source must agree
		src.VerifyQuorum = max(len(src.RPCURLs), 1)
	}
	return src, nil
}

// sourceArg loads the config and the source its first argument names.
func sourceArg(c *cli.Context) (*Config, chain.Source, error) {
	cfg, _, err := loadConfig(c)
	if err != nil {
		return nil, chain.Source{}, err
	}
	src, err := cfg.source(c.Args().First())
	return cfg, src, err
}

// asset finds an asset of a source by id or token address, as a usage error.
func asset(src chain.Source, idOrAddress string) (chain.Asset, error) {
	a, err := src.Asset(idOrAddress)
	if err != nil {
		ids := make([]string, len(src.Assets))
		for i, a := range src.Assets {
			ids[i] = a.ID
		}
		return chain.Asset{}, usageError("unknown asset %q on %s: your config names %s (see `dtw tokens %s`)", idOrAddress, src.Name, strings.Join(ids, ", "), src.Name)
	}
	return a, nil
}

// siweChainID is the chain id of SIWE messages.
func (cfg *Config) siweChainID() uint64 {
	if cfg.SIWEChainID != 0 {
		return cfg.SIWEChainID
	}
	if names := cfg.sourceNames(); len(names) > 0 {
		return cfg.Sources[names[0]].ChainID
	}
	return 1
}

// configFromDevnet builds a config from a devnet directory for one of its traders.
func configFromDevnet(dir string, d *devnet.File, traderName, apiURL string) (*Config, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cfg := &Config{APIURL: apiURL, Sources: map[string]chain.Config{}}
	var names []string
	for _, a := range d.Accounts {
		if a.Role == devnet.RoleTrader {
			names = append(names, a.Name)
		}
		if a.Name == traderName || (traderName == "" && a.Role == devnet.RoleTrader && cfg.Signer == "") {
			cfg.Signer = "keystore:" + filepath.Join(abs, a.Keystore)
			cfg.Address = a.Address
		}
	}
	if cfg.Signer == "" {
		return nil, usageError("no account %q in %s: its traders are %s", traderName, filepath.Join(dir, devnet.FileName), strings.Join(names, ", "))
	}
	if d.PasswordFile != "" {
		cfg.PasswordFile = filepath.Join(abs, d.PasswordFile)
	}
	for name, s := range d.Sources {
		s.Source, s.Confirmations = strings.ToUpper(name), max(s.Confirmations, 1)
		cfg.Sources[s.Source] = s
	}
	return cfg, cfg.Check()
}

// writeConfig writes cfg to path (mode 0600: it names key files).
func writeConfig(path string, cfg *Config) error {
	blob, err := yaml.Marshal(cfg)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("config directory: %w", err)
	}
	header := "# dtw configuration: your own record of each chain (RPC, DTW contract, tokens) and your signer.\n"
	return os.WriteFile(path, append([]byte(header), blob...), 0o600)
}
