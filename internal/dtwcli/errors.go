package dtwcli

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/signer"
)

// exitError is an error with dtw's exit code and what to do next.
type exitError struct {
	code int
	err  error
	hint string
}

var _ cli.ExitCoder = (*exitError)(nil)

func (e *exitError) Error() string {
	if e.hint == "" {
		return e.err.Error()
	}
	return e.err.Error() + "\n  next: " + e.hint
}

func (e *exitError) ExitCode() int { return e.code }
func (e *exitError) Unwrap() error { return e.err }

// apiError marks an error of a gateway call (exit code 3) with a hint for its code.
func apiError(cfg *Config, err error) error {
	if err == nil || isExitCoder(err) {
		return err
	}
	return &exitError{code: ExitAPI, err: err, hint: apiHint(cfg, err)}
}

// chainError marks an error of a chain call (exit code 4).
func chainError(src string, err error) error {
	if err == nil || isExitCoder(err) {
		return err
	}
	var rev *trader.RevertError
	hint := fmt.Sprintf("check your RPC for %s (sources.%s.rpcUrl in the config, --rpc %s=URL) and that it is reachable", src, src, src)
	switch {
	case errors.As(err, &rev) && rev.Reason == "InsufficientBalance":
		hint = fmt.Sprintf("your free balance is too small: see `dtw balance %s`, deposit with `dtw deposit %s ASSET AMOUNT`", src, src)
	case errors.As(err, &rev) && rev.Reason == "DeadlineNotPassed":
		hint = "the order's deadline has not passed yet: wait, then run the command again"
	case errors.As(err, &rev):
		hint = "the contract refused; nothing changed unless a transaction hash is shown. Check balances with `dtw balance " + src + "` and the order's state with `dtw order status`"
	case errors.Is(err, trader.ErrWrongChain):
		hint = fmt.Sprintf("point sources.%s.rpcUrl at the right chain, or fix sources.%s.chainId", src, src)
	case errors.Is(err, trader.ErrOrderNotFound):
		hint = "check the order id and source; the order must be yours and placed on the DTW contract your config names"
	case errors.Is(err, signer.ErrNoPassword):
		return &exitError{code: ExitUsage, err: err, hint: "pass --password-file FILE, set passwordFile in the config, or $" + signer.EnvPassword}
	case errors.Is(err, chain.ErrNoQuorum):
		return &exitError{code: ExitVerification, err: fmt.Errorf("NOT VERIFIED: your RPCs for %s do not agree: %w", src, err),
			hint: fmt.Sprintf("one of your RPCs for %s is wrong, behind or on another fork: compare them (e.g. `cast receipt` on each), drop the bad one from sources.%s.rpcUrls or --rpc, or lower sources.%s.verifyQuorum", src, src, src)}
	}
	return &exitError{code: ExitChain, err: err, hint: hint}
}

// verificationError is the loud result of a failed independent verification (exit 5).
func verificationError(err error) error {
	detail := strings.TrimPrefix(err.Error(), trader.ErrVerificationFailed.Error()+": ")
	return &exitError{code: ExitVerification, err: fmt.Errorf("VERIFICATION FAILED: the gateway's report contradicts your own chain view: %s", detail),
		hint: "do not trust this gateway's report; keep the output, check the transaction on your own RPC or an explorer, and contact the operator"}
}

func isExitCoder(err error) bool {
	var ec cli.ExitCoder
	return errors.As(err, &ec)
}

func apiHint(cfg *Config, err error) string {
	login := "run `dtw login` (SIWE with your signer, or --api-key-id/--api-secret)"
	if errors.Is(err, client.ErrNoAuthenticator) || errors.Is(err, errNotLoggedIn) {
		return login
	}
	var e *client.Error
	if !errors.As(err, &e) {
		url := client.DefaultAPIURL
		if cfg != nil {
			url = cfg.APIURL
		}
		return fmt.Sprintf("is the gateway running at %s? check apiUrl in the config, --api-url or $%s", url, client.EnvAPIURL)
	}
	switch {
	case e.Code == api.CodeUserNotWhitelisted:
		return "ask the gateway's operator to whitelist your address (`dtwgate admin whitelist add ADDRESS`), then run `dtw login` again"
	case e.Code == api.CodeInvalidCredentials:
		return "check the API key id and secret (`dtw keys list` shows your keys once logged in)"
	case e.Code == api.CodeInvalidSIWEMessage:
		return "the gateway refused the SIWE message: check that apiUrl is exactly the gateway's URL and siweChainId one of its chains"
	case e.StatusCode == http.StatusUnauthorized || e.Code == api.CodeInvalidJWTToken:
		return "your session is invalid or expired: " + login
	case (e.Code == api.CodeInvalidPermissions || e.StatusCode == http.StatusForbidden) && strings.Contains(e.Path, "/accounts/"):
		return "--account/--sub-account must name one of your sub-accounts (`dtw accounts` lists them), and your login needs the permission"
	case e.Code == api.CodeInvalidPermissions || e.StatusCode == http.StatusForbidden:
		return "your login lacks the permission, or the wallet is not your account's: log in with SIWE as the trader, or use a key with that permission"
	case e.Code == api.CodeRateLimited:
		return "the gateway limits how fast you may send these requests; wait a little and try again (the client already waited once)"
	case e.Code == api.CodeNonceAlreadyUsed:
		return "that nonce was used by another signed request: run the command again (each run signs with a fresh random nonce); nothing was sent"
	case e.Code == api.CodeAmountTooSmall:
		return "gasless requests have a minimum size per token (see the message): send a larger amount, or trade directly on-chain without --gasless"
	case e.Code == api.CodeInvalidOrderSource:
		return "use a source the gateway serves (see the message) and your config names"
	case e.StatusCode == http.StatusNotFound:
		return "check the id and the source; the gateway shows only your own orders and withdrawals, and only after it saw them on-chain"
	case e.StatusCode >= 500:
		return "the gateway had a problem; try again shortly (GETs are retried automatically)"
	}
	return "fix the request as the message says; nothing was changed"
}

var errNotLoggedIn = errors.New("not logged in")

// argsCheck enforces the number of positional arguments, and catches flags written
// after them (urfave/cli stops parsing flags at the first argument).
func argsCheck(c *cli.Context, usage string, min, max int) error {
	for _, a := range c.Args().Slice() {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			return usageError("flag %s after the arguments: write flags first, as in `dtw %s`", a, usage)
		}
	}
	if n := c.NArg(); n < min || n > max {
		return usageError("wrong number of arguments (%d): usage `dtw %s`", n, usage)
	}
	return nil
}
