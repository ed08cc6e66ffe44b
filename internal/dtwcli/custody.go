package dtwcli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/api/reserves"
)

// Flags of dtw receipts verify and dtw reserves verify.
const (
	flagReceipts  = "receipts"
	flagKeys      = "keys"
	flagBalances  = "balances"
	flagAccountID = "account-id"
	flagStatement = "statement"
	flagProofs    = "proofs"
	flagHoldings  = "holdings"
	flagSalts     = "salts"
)

// maxCustodyFile bounds each JSON input of the custody commands.
const maxCustodyFile = 64 << 20

// receiptsCommand is `dtw receipts`.
func receiptsCommand() *cli.Command {
	return &cli.Command{
		Name:  "receipts",
		Usage: "check the gateway's signed receipts of your OFFCHAIN movements yourself",
		Subcommands: []*cli.Command{{
			Name: "verify",
			Usage: "verify your account's chain of receipts: fetch every receipt (GET /v3/receipts, paged), the published receipt " +
				"keys and your balances (GET /v2/balances/OFFCHAIN) from the gateway, or read them from --receipts, --keys and " +
				"--balances; check every signature by a published receipt key valid at its time, the hash chain without a gap, " +
				"each balance the previous one plus its postings, and the latest balances equal to your balances; " +
				"exits 5 naming what does not add up",
			Flags: append(configFlags(), subAccountFlag,
				&cli.StringFlag{Name: flagReceipts, Usage: "JSON `FILE` of the account's signed receipts, oldest first (an array, or {\"receipts\": [...]}), instead of the gateway's"},
				&cli.StringFlag{Name: flagKeys, Usage: "JSON `FILE` of the gateway's published receipt keys (an array, or {\"keys\": [...]}), with --receipts"},
				&cli.StringFlag{Name: flagBalances, Usage: "JSON `FILE` of the account's balances, {\"ASSET\": \"DECIMAL\", ...}, with --receipts"},
				&cli.StringFlag{Name: flagAccountID, Usage: "the account `ID` the receipts must be of", DefaultText: "the first receipt's"}),
			Action: runReceiptsVerify,
		}},
	}
}

// reservesCommand is `dtw reserves`.
func reservesCommand() *cli.Command {
	return &cli.Command{
		Name:  "reserves",
		Usage: "check the gateway's proof of reserves yourself",
		Subcommands: []*cli.Command{{
			Name: "verify",
			Usage: "fetch the newest proof of reserves (GET /v3/reserves) and your inclusion proofs (GET /v3/reserves/proof), " +
				"verify the statement's signature by a published receipt key (--keys, else " + receiptKeysPath + ", else the keys " +
				"beside the statement), your proofs against it and your leaves against your balances (--balances, else your OFFCHAIN " +
				"balances now: pass --balances when you moved funds since the snapshot), then read the listed holdings from your own " +
				"RPCs (sources.SOURCE.rpcUrls, --rpc) at their blocks and print assets against liabilities per asset with the coverage; " +
				"exits 5 when a leaf is missing or wrong, a proof fails, a salt was seen before, a holding is overstated or holdings " +
				"are below liabilities. With --statement it checks files instead (--proofs, --keys, --balances and --holdings too)",
			Flags: append(configFlags(), subAccountFlag,
				&cli.StringFlag{Name: flagStatement, Usage: "check this JSON `FILE` of a signed liabilities statement instead of the gateway's"},
				&cli.StringFlag{Name: flagProofs, Usage: "JSON `FILE` of your inclusion proofs (an array, or {\"proofs\": [...]}; with --statement)"},
				&cli.StringFlag{Name: flagKeys, Usage: "JSON `FILE` of the gateway's published receipt keys (an array, or {\"keys\": [...]}) you pinned"},
				&cli.StringFlag{Name: flagBalances, Usage: "JSON `FILE` of your balances at the statement's position, {\"ASSET\": \"DECIMAL\", ...}", DefaultText: "your OFFCHAIN balances now"},
				&cli.StringFlag{Name: flagHoldings, Usage: "JSON `FILE` of the listed holdings (an array, or {\"holdings\": [...]}; with --statement)"},
				&cli.StringFlag{Name: flagAccountID, Usage: "your account `ID`: the proofs must be its", DefaultText: "the proofs'"},
				&cli.StringFlag{Name: flagSalts, Usage: "JSON `FILE` of the salts of your earlier snapshots' proofs: read if it exists, this snapshot's added after a pass", DefaultText: "none"}),
			Action: runReservesVerify,
		}},
	}
}

// receiptKeysPath is where a gateway publishes its receipt keys, at its host's root.
const receiptKeysPath = "/.well-known/dtwgate-receipt-keys"

// custodyError is a failed custody verification (exit 5).
func custodyError(err error) error {
	return &exitError{code: ExitVerification, err: fmt.Errorf("VERIFICATION FAILED: %w", err),
		hint: "do not trust this gateway's figures; keep the input files and the output, and contact the operator"}
}

// readCustodyJSON decodes a JSON file of at most maxCustodyFile bytes into v. With key,
// the file may also be an object holding v under key.
func readCustodyJSON(path, key string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return usageError("read %s: %v", path, err)
	}
	defer f.Close()
	blob, err := io.ReadAll(io.LimitReader(f, maxCustodyFile+1))
	if err != nil {
		return usageError("read %s: %v", path, err)
	}
	if len(blob) > maxCustodyFile {
		return usageError("%s is over %d MiB", path, maxCustodyFile>>20)
	}
	if key != "" && bytes.HasPrefix(bytes.TrimSpace(blob), []byte("{")) {
		var wrapped map[string]json.RawMessage
		if err := json.Unmarshal(blob, &wrapped); err != nil {
			return usageError("%s: %v", path, err)
		}
		inner, ok := wrapped[key]
		if !ok {
			return usageError("%s: an object without %q", path, key)
		}
		blob = inner
	}
	if err := json.Unmarshal(blob, v); err != nil {
		return usageError("%s: %v", path, err)
	}
	return nil
}

// readBalances reads an {"ASSET": "DECIMAL"} file.
func readBalances(path string) (map[string]decimal.Decimal, error) {
	var raw map[string]string
	if err := readCustodyJSON(path, "", &raw); err != nil {
		return nil, err
	}
	out := make(map[string]decimal.Decimal, len(raw))
	for asset, s := range raw {
		d, err := decimal.NewFromString(s)
		if err != nil {
			return nil, usageError("%s: %s: %q is not a decimal", path, asset, s)
		}
		out[asset] = d
	}
	return out, nil
}

// receiptsResult is dtw receipts verify's --json output.
type receiptsResult struct {
	Account  string            `json:"account"`
	Verified int               `json:"verified"`
	Head     receipt.Head      `json:"head"`
	Balances map[string]string `json:"balances"`
}

func runReceiptsVerify(c *cli.Context) error {
	if err := argsCheck(c, "receipts verify [--sub-account ID] [--receipts FILE --keys FILE --balances FILE]", 0, 0); err != nil {
		return err
	}
	if c.String(flagReceipts) == "" {
		if c.String(flagKeys) != "" || c.String(flagBalances) != "" {
			return usageError("--keys and --balances go with --receipts; without them dtw fetches all three from the gateway")
		}
		return runReceiptsVerifyHTTP(c)
	}
	if c.String(flagKeys) == "" || c.String(flagBalances) == "" {
		return usageError("--receipts needs --keys and --balances")
	}
	var chain []receipt.Signed
	var keys receipt.Keys
	if err := readCustodyJSON(c.String(flagReceipts), "receipts", &chain); err != nil {
		return err
	}
	if err := readCustodyJSON(c.String(flagKeys), "keys", &keys); err != nil {
		return err
	}
	balances, err := readBalances(c.String(flagBalances))
	if err != nil {
		return err
	}
	account := c.String(flagAccountID)
	if account == "" && len(chain) > 0 {
		account = chain[0].Account
	}
	if account == "" {
		return usageError("no receipts in %s and no --%s", c.String(flagReceipts), flagAccountID)
	}
	head, err := receipt.Verify(account, chain, keys, balances)
	if err != nil {
		return custodyError(err)
	}
	return printReceipts(c, account, len(chain), head, balances)
}

// printReceipts prints a verified chain of receipts.
func printReceipts(c *cli.Context, account string, verified int, head receipt.Head, balances map[string]decimal.Decimal) error {
	res := receiptsResult{Account: account, Verified: verified, Head: head, Balances: map[string]string{}}
	for a, b := range balances {
		res.Balances[a] = b.String()
	}
	return output(c, res, func() error {
		assets := make([]string, 0, len(res.Balances))
		for a := range res.Balances {
			assets = append(assets, a)
		}
		sort.Strings(assets)
		fmt.Fprintf(c.App.Writer, "receipts of %s: %d verified (signatures, hash chain, balances), head #%d %s\n",
			account, verified, head.Sequence, head.Hash)
		for _, a := range assets {
			fmt.Fprintf(c.App.Writer, "  %s %s: as the receipts say\n", a, res.Balances[a])
		}
		return nil
	})
}

// reservesResult is dtw reserves verify's --json output.
type reservesResult struct {
	Account  string         `json:"account"`
	Position uint64         `json:"position,string"`
	Assets   []reservesLine `json:"assets"`
	Problems []string       `json:"problems"`
	Notes    []string       `json:"notes,omitempty"`
}

type reservesLine struct {
	Asset       string `json:"asset"`
	Liabilities string `json:"liabilities"`
	Holdings    string `json:"holdings"`
	Coverage    string `json:"coverage,omitempty"`
	Receivables string `json:"receivables"`
}

// reservesInput is what dtw reserves verify checks.
type reservesInput struct {
	st       reserves.SignedStatement
	proofs   []reserves.Proof
	keys     receipt.Keys
	holdings []reserves.Holding
	balances map[string]decimal.Decimal
	account  string
	// notes say where the keys and balances came from.
	notes []string
}

func runReservesVerify(c *cli.Context) error {
	if err := argsCheck(c, "reserves verify [--sub-account ID] [--keys FILE] [--balances FILE] [--salts FILE]", 0, 0); err != nil {
		return err
	}
	cfg, _, err := loadConfig(c)
	if err != nil {
		return err
	}
	var in reservesInput
	if c.String(flagStatement) != "" {
		in, err = reservesFromFiles(c)
	} else {
		in, err = reservesFromGateway(c, cfg)
	}
	if err != nil {
		return err
	}
	var seen []common.Hash
	saltsPath := c.String(flagSalts)
	if saltsPath != "" {
		if err := readCustodyJSON(saltsPath, "", &seen); err != nil && !errors.Is(statErr(saltsPath), os.ErrNotExist) {
			return err
		}
	}
	account := c.String(flagAccountID)
	if account == "" && len(in.proofs) > 0 {
		account = in.proofs[0].Account
	}
	if account == "" {
		account = in.account
	}
	if account == "" {
		return usageError("no proofs and no --%s", flagAccountID)
	}
	salts, err := reserves.AccountCheck{Account: account, Balances: in.balances, SeenSalts: seen}.Verify(in.st, in.keys, in.proofs)
	if err != nil {
		return custodyError(err)
	}
	readers := map[string]reserves.ChainReader{}
	for _, h := range in.holdings {
		if _, done := readers[h.Chain]; done {
			continue
		}
		src, err := cfg.source(h.Chain)
		if err != nil || len(src.RPCURLs) == 0 {
			continue // CheckHoldings reports the holding as unreadable
		}
		rpc, err := ethclient.DialContext(c.Context, src.RPCURLs[0])
		if err != nil {
			return chainError(h.Chain, fmt.Errorf("dial %s RPC %s: %w", h.Chain, src.RPCURLs[0], err))
		}
		defer rpc.Close()
		readers[h.Chain] = rpc
	}
	rep, err := reserves.CheckHoldings(c.Context, in.st.Statement, in.holdings, readers)
	if err != nil {
		return custodyError(err)
	}
	res := reservesResult{Account: account, Position: in.st.Position, Problems: []string{}, Notes: in.notes}
	for _, a := range rep.Assets {
		line := reservesLine{Asset: a.Asset, Liabilities: a.Liabilities.String(), Holdings: a.Holdings.String(), Receivables: a.Receivables.String()}
		if ratio, ok := a.Coverage(); ok {
			line.Coverage = ratio.StringFixed(4)
		}
		res.Assets = append(res.Assets, line)
	}
	for _, p := range rep.Problems {
		res.Problems = append(res.Problems, p.Error())
	}
	if err := output(c, res, func() error {
		for _, n := range in.notes {
			fmt.Fprintln(c.App.Writer, n)
		}
		fmt.Fprintf(c.App.Writer, "your leaves in %s's liabilities: %d proofs verified against the signed statement\n", account, len(in.proofs))
		return rep.Write(c.App.Writer)
	}); err != nil {
		return err
	}
	if err := rep.Err(); err != nil {
		return custodyError(err)
	}
	if saltsPath != "" {
		blob, err := json.Marshal(slices.Concat(seen, salts))
		if err != nil {
			return err
		}
		if err := os.WriteFile(saltsPath, blob, 0o600); err != nil {
			return fmt.Errorf("save the salts to %s: %w", saltsPath, err)
		}
	}
	return nil
}

// reservesFromFiles reads what dtw reserves verify checks from --statement, --proofs,
// --keys, --balances and --holdings.
func reservesFromFiles(c *cli.Context) (reservesInput, error) {
	var in reservesInput
	for _, f := range []string{flagProofs, flagKeys, flagBalances, flagHoldings} {
		if c.String(f) == "" {
			return in, usageError("--%s needs --%s (or leave both out to ask the gateway)", flagStatement, f)
		}
	}
	for _, x := range []struct {
		flag, key string
		v         any
	}{{flagStatement, "", &in.st}, {flagProofs, "proofs", &in.proofs}, {flagKeys, "keys", &in.keys}, {flagHoldings, "holdings", &in.holdings}} {
		if err := readCustodyJSON(c.String(x.flag), x.key, x.v); err != nil {
			return in, err
		}
	}
	var err error
	in.balances, err = readBalances(c.String(flagBalances))
	return in, err
}

// reservesFromGateway fetches the newest statement, the holdings and the caller's proofs,
// the receipt keys (--keys, else the gateway's well-known list, else those beside the
// statement) and the balances (--balances, else the OFFCHAIN balances now).
func reservesFromGateway(c *cli.Context, cfg *Config) (reservesInput, error) {
	var in reservesInput
	sub, err := subAccount(c)
	if err != nil {
		return in, err
	}
	err = withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		pub, err := cl.Reserves(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		proofs, err := cl.ReservesProof(c.Context, sub)
		if err != nil {
			return apiError(cfg, err)
		}
		if proofs.StatementHash != pub.Statement.Hash {
			return custodyError(fmt.Errorf("%w: the proofs lead to statement %s, the published one is %s", reserves.ErrProof, proofs.StatementHash, pub.Statement.Hash))
		}
		in.st, in.holdings, in.proofs, in.account = pub.Statement, pub.Holdings, proofs.Proofs, proofs.Account
		if c.String(flagBalances) != "" {
			if in.balances, err = readBalances(c.String(flagBalances)); err != nil {
				return err
			}
		} else {
			bals, err := cl.Balances(c.Context, sub, "OFFCHAIN")
			if err != nil {
				return apiError(cfg, err)
			}
			in.balances = map[string]decimal.Decimal{}
			for _, b := range bals.Balances {
				d, err := decimal.NewFromString(b.Balance)
				if err != nil {
					return fmt.Errorf("the gateway's %s balance %q is not a decimal", b.Asset, b.Balance)
				}
				if _, ok := pub.Statement.Root(b.Asset); !ok {
					if d.IsPositive() {
						in.notes = append(in.notes, fmt.Sprintf("not in the proof: your %s %s (the statement has no %s root: fiat, held at banks, is not proven on chain)", d, b.Asset, b.Asset))
					}
					continue
				}
				in.balances[b.Asset] = d
			}
			in.notes = append(in.notes, "balances: your OFFCHAIN balances now (GET /v3/balance/OFFCHAIN); pass --balances if you moved funds since the snapshot")
		}
		switch {
		case c.String(flagKeys) != "":
			if err := readCustodyJSON(c.String(flagKeys), "keys", &in.keys); err != nil {
				return err
			}
			in.notes = append(in.notes, "receipt keys: "+c.String(flagKeys))
		default:
			keys, where, err := wellKnownReceiptKeys(c, cfg)
			if err != nil {
				return err
			}
			if keys == nil {
				keys, where = pub.Keys, "the keys beside the statement (the gateway publishes no "+receiptKeysPath+"; pin them with --keys)"
			}
			in.keys = keys
			in.notes = append(in.notes, "receipt keys: "+where)
		}
		return nil
	})
	return in, err
}

// wellKnownReceiptKeys reads the gateway's receipt keys at receiptKeysPath of its API
// host (nil when it answers 404).
func wellKnownReceiptKeys(c *cli.Context, cfg *Config) (receipt.Keys, string, error) {
	u, err := url.Parse(cfg.APIURL)
	if err != nil {
		return nil, "", usageError("apiUrl %q: %v", cfg.APIURL, err)
	}
	u.Path, u.RawQuery = receiptKeysPath, ""
	req, err := http.NewRequestWithContext(c.Context, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("GET %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, "", nil
	}
	blob, err := io.ReadAll(io.LimitReader(resp.Body, maxCustodyFile+1))
	if err != nil || resp.StatusCode != http.StatusOK || len(blob) > maxCustodyFile {
		return nil, "", fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	var keys receipt.Keys
	if bytes.HasPrefix(bytes.TrimSpace(blob), []byte("{")) {
		var wrapped struct {
			Keys receipt.Keys `json:"keys"`
		}
		err = json.Unmarshal(blob, &wrapped)
		keys = wrapped.Keys
	} else {
		err = json.Unmarshal(blob, &keys)
	}
	if err != nil {
		return nil, "", fmt.Errorf("GET %s: %w", u, err)
	}
	return keys, u.String(), nil
}

func statErr(path string) error {
	_, err := os.Stat(path)
	return err
}
