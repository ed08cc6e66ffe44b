package dtwcli

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// Flags of login and keys.
const (
	flagAPIKeyID    = "api-key-id"
	flagAPISecret   = "api-secret"
	flagDevnet      = "devnet"
	flagTrader      = "trader"
	flagForce       = "force"
	flagLabel       = "label"
	flagPermissions = "permissions"
)

// configCommand is `dtw config`: write and show the configuration.
func configCommand() *cli.Command {
	return &cli.Command{
		Name:  "config",
		Usage: "write or show dtw's configuration (API URL, your RPC, DTW address and tokens per source, signer)",
		Subcommands: []*cli.Command{
			{
				Name:      "init",
				Usage:     "write the config from a devnet directory (`dtwgate devnet --dir DIR`)",
				ArgsUsage: " ",
				Flags: append(configFlags(),
					&cli.StringFlag{Name: flagDevnet, Usage: "devnet `DIR` holding devnet.json", Required: true},
					&cli.StringFlag{Name: flagTrader, Usage: "devnet account `NAME` to sign with", DefaultText: "the first trader"},
					&cli.BoolFlag{Name: flagForce, Usage: "overwrite an existing config"},
				),
				Action: runConfigInit,
			},
			{
				Name:   "show",
				Usage:  "print the configuration in effect (file, environment and flags)",
				Flags:  configFlags(),
				Action: runConfigShow,
			},
		},
	}
}

func runConfigInit(c *cli.Context) error {
	if err := argsCheck(c, "config init --devnet DIR [--trader NAME] [--config FILE]", 0, 0); err != nil {
		return err
	}
	dir := c.String(flagDevnet)
	d, err := devnet.Read(dir)
	if err != nil {
		return usageError("%v: pass the directory of `dtwgate devnet --dir DIR`", err)
	}
	if len(d.Deprecated) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "dtw: warning: %s uses old keys (%s); they still work: run `dtwgate devnet` again to rewrite it\n",
			filepath.Join(dir, devnet.FileName), strings.Join(d.Deprecated, ", "))
	}
	apiURL := c.String(flagAPIURL)
	if apiURL == "" {
		apiURL = client.DefaultAPIURL
	}
	cfg, err := configFromDevnet(dir, d, c.String(flagTrader), apiURL)
	if err != nil {
		if isExitCoder(err) {
			return err
		}
		return usageError("devnet %s: %v", dir, err)
	}
	path := c.String(flagConfig)
	if path == "" {
		path = DefaultConfigPath()
	}
	if _, err := os.Stat(path); err == nil && !c.Bool(flagForce) {
		return usageError("%s exists: pass --force to overwrite it, or --config FILE to write another", path)
	}
	if err := writeConfig(path, cfg); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	return output(c, map[string]any{"config": path, "address": cfg.Address, "signer": cfg.Signer, "sources": cfg.sourceNames()}, func() error {
		fmt.Fprintf(c.App.Writer, "wrote %s\nsigner:  %s\naddress: %s\nsources: %s\nnext: whitelist the address on the gateway, then `dtw login`\n",
			path, cfg.Signer, cfg.Address, strings.Join(cfg.sourceNames(), ", "))
		return nil
	})
}

func runConfigShow(c *cli.Context) error {
	if err := argsCheck(c, "config show", 0, 0); err != nil {
		return err
	}
	cfg, path, err := loadConfig(c)
	if err != nil {
		return err
	}
	return output(c, cfg, func() error {
		fmt.Fprintf(c.App.Writer, "# %s\n", path)
		return yamlOut(c, cfg)
	})
}

// loginCommand is `dtw login`.
func loginCommand() *cli.Command {
	return &cli.Command{
		Name:  "login",
		Usage: "sign in to the gateway (SIWE with your signer, or an API key) and cache the JWT in the session file",
		Flags: append(append(configFlags(), signerFlags()...),
			&cli.StringFlag{Name: flagAPIKeyID, Usage: "log in with the API key `ID` instead of SIWE"},
			&cli.StringFlag{Name: flagAPISecret, Usage: "the API key's `SECRET` (prefer $" + client.EnvAPISecret + ")", EnvVars: []string{client.EnvAPISecret}},
		),
		Action: runLogin,
	}
}

func runLogin(c *cli.Context) error {
	if err := argsCheck(c, "login [--api-key-id ID --api-secret SECRET | --keystore PATH | --account NAME | --signer SPEC]", 0, 0); err != nil {
		return err
	}
	cfg, _, err := loadConfig(c)
	if err != nil {
		return err
	}
	keyID, secret := c.String(flagAPIKeyID), c.String(flagAPISecret)
	sess := &Session{}
	var auth client.Authenticator
	switch {
	case keyID != "" && hasSignerFlag(c):
		return usageError("pass --api-key-id or a signer flag, not both")
	case keyID != "" && secret == "":
		return usageError("--api-key-id needs the secret: pass --api-secret or set $%s", client.EnvAPISecret)
	case keyID == "" && c.IsSet(flagAPISecret) && os.Getenv(client.EnvAPISecret) == "":
		return usageError("--api-secret needs --api-key-id")
	case keyID != "":
		auth, sess.Method, sess.APIKeyID = client.NewAPIKeyAuth(keyID, secret), "api-key", keyID
	default:
		s, err := configSigner(c, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		auth = &client.SIWEAuth{Signer: s, ChainID: cfg.siweChainID()}
		sess.Method, sess.Address = "siwe", s.Address().Hex()
	}
	cl, err := newClient(cfg, auth)
	if err != nil {
		return err
	}
	jwt, err := cl.Login(c.Context)
	if err != nil {
		return apiError(cfg, err)
	}
	_, exp := cl.CachedToken()
	sess.APIURL, sess.Token, sess.ExpiresAt = cl.BaseURL(), jwt, exp
	if err := writeSession(cfg.SessionFile, sess); err != nil {
		return err
	}
	who := sess.Address
	if who == "" {
		who = "API key " + sess.APIKeyID
	}
	return output(c, map[string]any{"apiUrl": sess.APIURL, "method": sess.Method, "address": sess.Address, "apiKeyId": sess.APIKeyID,
		"expiresAt": sess.ExpiresAt, "sessionFile": cfg.SessionFile}, func() error {
		fmt.Fprintf(c.App.Writer, "logged in to %s as %s (%s)\nsession: %s (expires %s)\n", sess.APIURL, who, sess.Method,
			cfg.SessionFile, when(sess.ExpiresAt))
		return nil
	})
}

// jwtClaims are the parts of the gateway's JWT whoami shows.
type jwtClaims struct {
	Subject  string `json:"sub"`
	Address  string `json:"addr"`
	APIKeyID string `json:"kid"`
	Expires  int64  `json:"exp"`
}

func readClaims(token string) jwtClaims {
	var cl jwtClaims
	parts := strings.Split(token, ".")
	if len(parts) == 3 {
		if b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "=")); err == nil {
			_ = json.Unmarshal(b, &cl)
		}
	}
	return cl
}

func whoamiCommand() *cli.Command {
	return &cli.Command{
		Name:   "whoami",
		Usage:  "show the logged-in account and check the session with the gateway",
		Flags:  configFlags(),
		Action: runWhoami,
	}
}

func runWhoami(c *cli.Context) error {
	if err := argsCheck(c, "whoami", 0, 0); err != nil {
		return err
	}
	cfg, _, err := loadConfig(c)
	if err != nil {
		return err
	}
	cl, _, err := sessionClient(cfg)
	if err != nil {
		return err
	}
	if err := cl.JWTCheck(c.Context); err != nil {
		return apiError(cfg, err)
	}
	tok, exp := cl.CachedToken()
	claims := readClaims(tok)
	login := "api-key"
	if claims.Address != "" {
		login = "siwe"
	}
	out := map[string]any{"apiUrl": cl.BaseURL(), "account": claims.Subject, "method": login, "address": claims.Address,
		"apiKeyId": claims.APIKeyID, "expiresAt": exp, "valid": true}
	return output(c, out, func() error {
		return table(c, []string{"FIELD", "VALUE"}, [][]string{
			{"gateway", cl.BaseURL()}, {"account", orDash(claims.Subject)}, {"login", login},
			{"wallet", orDash(claims.Address)}, {"api key", orDash(claims.APIKeyID)},
			{"expires", when(exp)}, {"session", "valid"},
		})
	})
}

// keysCommand is `dtw keys`.
func keysCommand() *cli.Command {
	return &cli.Command{
		Name:  "keys",
		Usage: "list, create and rotate your API keys",
		Subcommands: []*cli.Command{
			{Name: "list", Usage: "list your API keys", Flags: configFlags(), Action: runKeysList},
			{
				Name: "create", Usage: "create an API key (its secret is shown once)",
				Flags: append(configFlags(),
					&cli.StringFlag{Name: flagLabel, Usage: "`LABEL` of the key", Required: true},
					&cli.StringFlag{Name: flagPermissions, Usage: "comma-separated `PERMISSIONS`: READ, TRADE, WITHDRAW, MANAGE_KEYS", Required: true}),
				Action: runKeysCreate,
			},
			{Name: "rotate", Usage: "issue a new secret for KEY_ID (the old one stops working at once)", ArgsUsage: "KEY_ID", Flags: configFlags(), Action: runKeysRotate},
		},
	}
}

// accountsCommand is `dtw accounts`.
func accountsCommand() *cli.Command {
	return &cli.Command{
		Name:   "accounts",
		Usage:  "show your account and its sub-accounts (act on one with `dtw --account ID offchain ...`)",
		Flags:  configFlags(),
		Action: runAccounts,
	}
}

func runAccounts(c *cli.Context) error {
	if err := argsCheck(c, "accounts", 0, 0); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.Accounts(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			rows := [][]string{{res.AccountID, "account"}}
			for _, id := range res.SubAccounts {
				rows = append(rows, []string{id, "sub-account"})
			}
			return table(c, []string{"ACCOUNT", "KIND"}, rows)
		})
	})
}

func permList(ps []api.Permission) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return strings.Join(out, ",")
}

func runKeysList(c *cli.Context) error {
	if err := argsCheck(c, "keys list", 0, 0); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		keys, err := cl.APIKeys(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, keys, func() error {
			if len(keys.APIKeys) == 0 {
				fmt.Fprintln(c.App.Writer, "no API keys; create one with `dtw keys create --label NAME --permissions READ,TRADE`")
				return nil
			}
			var rows [][]string
			for _, k := range keys.APIKeys {
				rows = append(rows, []string{k.APIKeyID, orDash(k.Label), permList(k.Permissions), millis(k.CreatedAtMillis), millis(k.RotatedAtMillis)})
			}
			return table(c, []string{"KEY ID", "LABEL", "PERMISSIONS", "CREATED", "ROTATED"}, rows)
		})
	})
}

func runKeysCreate(c *cli.Context) error {
	if err := argsCheck(c, "keys create --label LABEL --permissions READ,TRADE", 0, 0); err != nil {
		return err
	}
	perms, err := api.ParsePermissions(c.String(flagPermissions))
	if err != nil {
		return usageError("--permissions: %v", err)
	}
	label := strings.TrimSpace(c.String(flagLabel))
	if label == "" {
		return usageError("--label must not be empty")
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		names := make([]string, len(perms))
		for i, p := range perms {
			names[i] = string(p)
		}
		k, err := cl.CreateAPIKey(c.Context, api.CreateAPIKeyRequest{Label: label, Permissions: names})
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, k, func() error {
			fmt.Fprintf(c.App.Writer, "key id:      %s\nsecret:      %s\npermissions: %s\nthe secret is shown only now: store it safely\n", k.APIKeyID, k.APIKeySecret, permList(k.Permissions))
			return nil
		})
	})
}

func runKeysRotate(c *cli.Context) error {
	if err := argsCheck(c, "keys rotate KEY_ID", 1, 1); err != nil {
		return err
	}
	id := strings.TrimSpace(c.Args().First())
	if id == "" {
		return usageError("KEY_ID must not be empty (see `dtw keys list`)")
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		k, err := cl.RotateAPIKey(c.Context, id)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, k, func() error {
			fmt.Fprintf(c.App.Writer, "key id: %s\nsecret: %s\nthe old secret and its sessions stopped working; the secret is shown only now\n", k.APIKeyID, k.APIKeySecret)
			return nil
		})
	})
}
