package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// offchainConfig gives the OFFCHAIN venue a fiat asset with a bank and a crypto asset.
func offchainConfig(c *config.Config) {
	c.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	c.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", BankName: "Bank", AccountName: "DTW Ltd", IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX"}}
	c.Pricing.Prices = map[string]string{"eur": "1.1", "usd": "1", "usdc": "1"}
	c.Offchain.InventoryLimits = map[string]string{"eur": "1000", "usdc": "1000"}
}

// offchainEnv is an env with the OFFCHAIN venue configured and the operator's side of it.
func offchainEnv(t *testing.T, modify func(*config.Config)) (*env, *offchaintest.Service) {
	e := newEnvWith(t, func(c *config.Config) {
		offchainConfig(c)
		if modify != nil {
			modify(c)
		}
	})
	return e, offchaintest.New(e.cfg, e.store, nil, nil)
}

// fund books a bank transfer of amount eur to account, as the operator's command does.
func fund(t *testing.T, e *env, op *offchaintest.Service, account, amount, transferID string) {
	t.Helper()
	r, err := e.store.DepositReference(context.Background(), account, "DTW"+strings.ToUpper(account[len(account)-6:]), time.Now())
	require.NoError(t, err)
	booked, err := op.BookBankDeposit(context.Background(), offchain.BankDeposit{Reference: r, Asset: "eur", Amount: amount, TransferID: transferID})
	require.NoError(t, err)
	require.Equal(t, account, booked.AccountID)
}

func subAccount(t *testing.T, e *env, parent, id string) string {
	t.Helper()
	require.NoError(t, e.store.CreateAccount(context.Background(), store.Account{ID: id, ParentID: parent, CreatedAt: time.Now()}))
	return id
}

// writeReceiptKey writes a receipt keystore and its password file, and returns the
// keystore's signer spec and the password file (receipts.key, receipts.keyPasswordFile).
func writeReceiptKey(t *testing.T) (spec, passwordFile string) {
	t.Helper()
	dir := t.TempDir()
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	_, err = signer.WriteKeystore(filepath.Join(dir, "receipt-key.json"), k, "receipts", signer.LightScrypt)
	require.NoError(t, err)
	passwordFile = filepath.Join(dir, "receipt-key.password")
	require.NoError(t, os.WriteFile(passwordFile, []byte("receipts"), 0o600))
	return "keystore:" + filepath.Join(dir, "receipt-key.json"), passwordFile
}

func balanceOf(t *testing.T, e *env, tok, path, asset string) api.BalanceV2 {
	t.Helper()
	for _, b := range decode[api.BalancesResponse](t, e.do(http.MethodGet, path, tok, nil), 200).Balances {
		if b.Asset == asset {
			return b
		}
	}
	t.Fatalf("no %s in %s", asset, path)
	return api.BalanceV2{}
}

func fiatWithdrawal(id, amount string) api.OffchainWithdrawalRequest {
	return api.OffchainWithdrawalRequest{InstructionID: id, Asset: "eur", Amount: amount,
		BankDetail: &api.BankDetail{AccountName: "Alice", IBAN: "FR7630006000011234567890189"}}
}

// TestOffchainSubAccountIsolation: every route of the /accounts/{accountId}/ family acts
// on the caller's sub-account, and refuses another account's sub-account, another
// account and an unknown id with the same 403; the deprecated sub_account parameter is
// the same check. A sub-account's funds are its own.
func TestOffchainSubAccountIsolation(t *testing.T) {
	receiptKey, receiptPassword := writeReceiptKey(t)
	e, op := offchainEnv(t, func(c *config.Config) { c.Receipts.Key, c.Receipts.KeyPasswordFile = receiptKey, receiptPassword })
	me, other := e.createKey(api.AllPermissions...), e.createKey(api.AllPermissions...)
	mine := subAccount(t, e, me.account, "acc_mine_sub01")
	theirs := subAccount(t, e, other.account, "acc_their_sub1")
	tok := e.token(me)
	fund(t, e, op, mine, "25", "t-mine")
	_, err := app.PublishReserves(context.Background(), e.cfg, e.store, slog.New(slog.DiscardHandler)) // for the proof route
	require.NoError(t, err)

	// The family, writes first (in this order), so that the reads find what they made.
	var fam []gateway.Route
	for _, rt := range gateway.Routes() {
		if strings.Contains(rt.Path, "{"+api.PathParamAccountID+"}") {
			fam = append(fam, rt)
		}
	}
	writes := []string{api.PathSubOrders, api.PathSubRequestQuote, api.PathSubActionQuote, api.PathSubOffchainWithdrawals}
	rank := func(rt gateway.Route) int {
		if i := slices.Index(writes, rt.Path); i >= 0 {
			return i
		}
		return len(writes)
	}
	slices.SortStableFunc(fam, func(a, b gateway.Route) int { return rank(a) - rank(b) })
	bodies := map[string]any{
		api.PathSubOrders:              api.SwapRequest{InstructionID: "w1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"},
		api.PathSubRequestQuote:        api.QuoteRequest{InstructionID: "q1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"},
		api.PathSubActionQuote:         api.ActionQuoteRequest{InstructionID: "q1"},
		api.PathSubOffchainWithdrawals: fiatWithdrawal("w1", "1"),
	}
	var quoted api.Quote
	for _, rt := range fam {
		fill := func(account string) string {
			return strings.NewReplacer("{accountId}", account, "{source}", "OFFCHAIN", "{instructionId}", "w1", "{orderId}", "1").Replace(rt.Path) +
				"?buying_asset=usdc&selling_asset=eur"
		}
		body := bodies[rt.Path]
		require.False(t, rt.Method == http.MethodPost && body == nil, "no body for %s", rt.Path)
		t.Run(rt.Method+" "+rt.Path, func(t *testing.T) {
			var descs []string
			for _, target := range []string{theirs, other.account, "acc_doesnotexist"} {
				r := e.do(rt.Method, fill(target), tok, body)
				d := r.requireError(t, 403, api.CodeInvalidPermissions)
				descs = append(descs, strings.ReplaceAll(d.Description, target, "X"))
			}
			require.Equal(t, descs[0], descs[1], "the same answer whatever the account")
			require.Equal(t, descs[0], descs[2], "the same answer whether or not it exists")
			r := e.do(rt.Method, fill(mine), tok, body)
			require.Less(t, r.status, 300, "the caller's sub-account: %s", r.body)
			if rt.Path == api.PathSubRequestQuote {
				require.NoError(t, json.Unmarshal(r.body, &quoted))
			}
		})
	}
	require.Len(t, fam, 16, "balance, snapshot, credit, settings, commission rate, deposit reference, withdrawal POST and GET, swap, quote, action, order by instruction and by id, order history, receipts, reserves proof")
	// The sub-account's available eur: 25, less the swap's 1 and the quote's amount to sell
	// (filled), less the withdrawal's 1 (held).
	left := decimal.RequireFromString("23").Sub(decimal.RequireFromString(quoted.AmountToSell))

	// The funds are the sub-account's: the parent has none; GET of the withdrawal the
	// family test made answers through the sub-account only.
	require.Equal(t, left.String(), balanceOf(t, e, tok, "/v3/accounts/"+mine+"/balance/OFFCHAIN", "eur").Available)
	require.Equal(t, "0", balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur").Balance)
	e.do(http.MethodGet, "/v2/offchain-withdrawals/w1", tok, nil).requireError(t, 404, api.CodeNotFound)

	// sub_account: the same check, with the deprecation headers.
	r := e.do(http.MethodGet, "/v3/balance/OFFCHAIN?sub_account="+theirs, tok, nil)
	r.requireError(t, 403, api.CodeInvalidPermissions)
	require.Equal(t, "true", r.header.Get("Deprecation"))
	r = e.do(http.MethodGet, "/v3/balance/OFFCHAIN?sub_account="+mine, tok, nil)
	require.Equal(t, 200, r.status)
	require.NotEmpty(t, r.header.Get("Sunset"))
	require.Contains(t, string(r.body), `"balance":"`+left.Add(decimal.NewFromInt(1)).String()+`"`, "the withdrawal's 1 is held, not gone")
}

// TestOffchainConcurrentWithdrawals: 50 concurrent withdrawals of 1 against funds for 10:
// exactly 10 are accepted, the rest refused with INSUFFICIENT_FUNDS, and 10 are held.
func TestOffchainConcurrentWithdrawals(t *testing.T) {
	e, op := offchainEnv(t, nil)
	k := e.createKey(api.AllPermissions...)
	tok := e.token(k)
	fund(t, e, op, k.account, "10", "t-10")
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal(fmt.Sprintf("c-%d", i), "1"))
			switch {
			case r.status == 200:
				ok.Add(1)
			case r.status == 400 && strings.Contains(string(r.body), string(api.CodeInsufficientFunds)):
				refused.Add(1)
			default:
				t.Errorf("unexpected answer %d %s", r.status, r.body)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, int32(10), ok.Load())
	require.Equal(t, int32(40), refused.Load())
	b := balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur")
	require.Equal(t, []string{"10", "10", "0"}, []string{b.Balance, b.Held, b.Available})
}

// TestOffchainWithdrawalLifecycle: deposit, hold, retry, completion by an operator,
// rejection, history, snapshot and credit.
func TestOffchainWithdrawalLifecycle(t *testing.T) {
	e, op := offchainEnv(t, nil)
	k := e.createKey(api.AllPermissions...)
	tok := e.token(k)
	ctx := context.Background()
	fund(t, e, op, k.account, "100", "t-1")
	fund(t, e, op, k.account, "100", "t-1") // booked once
	require.Equal(t, "100", balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur").Balance)

	// An unknown reference goes to suspense.
	booked, err := op.BookBankDeposit(ctx, offchain.BankDeposit{Reference: "NOBODY", Asset: "eur", Amount: "5", TransferID: "t-x"})
	require.NoError(t, err)
	require.Empty(t, booked.AccountID)
	susp, err := e.store.LedgerBalance(ctx, ledger.BookSuspense, "eur")
	require.NoError(t, err)
	require.Equal(t, "5", susp.String())

	w := decode[api.OffchainWithdrawal](t, e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-1", "30")), 200)
	require.Equal(t, store.WithdrawalPending, w.Status)
	again := decode[api.OffchainWithdrawal](t, e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-1", "30")), 200)
	require.Equal(t, w, again, "a retry answers the same withdrawal")
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-1", "31")).requireError(t, 400, api.CodeInstructionIDReused)
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-2", "70.01")).requireError(t, 400, api.CodeInsufficientFunds)
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal(strings.Repeat("x", 65), "1")).requireError(t, 400, api.CodeInvalidSchema)
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, api.OffchainWithdrawalRequest{InstructionID: "w-3", Asset: "usdc", Amount: "1", WithdrawalAddressID: "nope"}).
		requireError(t, 400, api.CodeInvalidSchema)
	b := balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur")
	require.Equal(t, []string{"100", "30", "70"}, []string{b.Balance, b.Held, b.Available})

	// The snapshot values the balance in the account asset: usd at the book's 1.1 per eur
	// less half the default 0.2% spread.
	snap := decode[api.AccountSnapshot](t, e.do(http.MethodGet, "/v2/account-snapshot/OFFCHAIN", tok, nil), 200)
	require.Equal(t, "usd", snap.AccountAsset)
	require.Equal(t, "109.89", snap.TotalAccountAssetValuation)
	require.Contains(t, snap.Balances, api.BalanceEntry{Asset: "eur", Balance: "100", AccountAssetValuation: "109.89", AvailableToWithdraw: "70"})

	// The operator pays it: completed, the hold captured from the bank's custody book.
	done, err := op.CompleteFiat(ctx, k.account, "w-1", "BANKREF-9")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalCompleted, done.Status)
	got := decode[api.OffchainWithdrawal](t, e.do(http.MethodGet, "/v2/offchain-withdrawals/w-1", tok, nil), 200)
	require.Equal(t, store.WithdrawalCompleted, got.Status)
	require.Equal(t, "BANKREF-9", got.TransactionHash)
	b = balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur")
	require.Equal(t, []string{"70", "0", "70"}, []string{b.Balance, b.Held, b.Available})
	_, err = op.CompleteFiat(ctx, k.account, "w-1", "again")
	require.ErrorIs(t, err, offchain.ErrState)

	// Another one rejected: released.
	decode[api.OffchainWithdrawal](t, e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-4", "20")), 200)
	rej, err := op.Reject(ctx, k.account, "w-4", "name mismatch")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalRejected, rej.Status)
	require.Equal(t, "70", balanceOf(t, e, tok, "/v3/balance/OFFCHAIN", "eur").Available)

	// History from the ledger, with the cursor paging of the chains.
	q := "?source=OFFCHAIN&start_time=2000-01-01T00:00:00.000Z&end_time=2100-01-01T00:00:00.000Z"
	deps := decode[api.ActivityPage](t, e.do(http.MethodGet, api.PathDeposits+q, tok, nil), 200)
	require.Len(t, deps.Transactions, 1)
	require.Equal(t, "100", deps.Transactions[0].Amount)
	wds := decode[api.ActivityPage](t, e.do(http.MethodGet, api.PathWithdrawalHistory+q+"&page_size=1", tok, nil), 200)
	require.Len(t, wds.Transactions, 1)
	require.Equal(t, &api.ActivityReference{InstructionID: "w-1", TransactionHash: "BANKREF-9", ActivityLocation: "eur-main"}, wds.Transactions[0].Reference)
	require.False(t, wds.HasMore)
	e.do(http.MethodGet, api.PathDeposits+q+"&after=zz", tok, nil).requireError(t, 400, api.CodeInvalidQueryParams)

	// Credit: the operator's settings, and the credit they give.
	require.NoError(t, op.SetSetting(ctx, k.account, api.SettingCreditCap, "50"))
	require.NoError(t, op.SetSetting(ctx, k.account, api.SettingCreditLeverage, "2"))
	set := decode[api.AccountSettingsResponse](t, e.do(http.MethodGet, "/v2/account-settings/OFFCHAIN", tok, nil), 200)
	require.Equal(t, []api.AccountSetting{{SettingType: api.SettingCreditCap, Setting: "50"}, {SettingType: api.SettingCreditLeverage, Setting: "2"}}, set.AccountSettings)
	credit := decode[api.CreditResponse](t, e.do(http.MethodGet, "/v2/credit/OFFCHAIN", tok, nil), 200)
	require.Equal(t, api.CreditResponse{TotalCredit: "50", CreditUsed: "0"}, credit)

	// Assets, token information and fund locations.
	assets := decode[api.AssetsResponse](t, e.do(http.MethodGet, "/v2/assets/OFFCHAIN", tok, nil), 200)
	require.Equal(t, []string{"eur", "usdc"}, assets.Assets)
	decode[api.TokenInformationResponse](t, e.do(http.MethodGet, "/v2/assets/offchain/token-information", tok, nil), 200)
	locs := decode[api.FundLocationsResponse](t, e.do(http.MethodGet, api.PathFundLocations, tok, nil), 200)
	require.Contains(t, locs.FundLocations, api.FundLocation{Location: "eur-main", Kind: api.FundLocationBank, Asset: "eur"})
	e.do(http.MethodGet, "/v2/order/OFFCHAIN/x", tok, nil).requireError(t, 404, api.CodeNotFound)
}

// TestDepositBankDetailsProvider: the custody provider's details join the configured
// ones; while it is down the answer is 503, and it recovers when it is back.
func TestDepositBankDetailsProvider(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "/custody/bank-details", r.URL.Path)
		_ = json.NewEncoder(w).Encode(api.BankDetailsResponse{BankDetails: []api.BankDetail{{Asset: "gbp", BankName: "Provider", AccountNumber: "12345678", SortCode: "000000"}}})
	})
	serve := func(l net.Listener) *http.Server {
		srv := &http.Server{Handler: handler, ReadHeaderTimeout: time.Second}
		go func() { _ = srv.Serve(l) }()
		return srv
	}
	srv := serve(ln)
	e, _ := offchainEnv(t, func(c *config.Config) {
		c.Offchain.CustodyProviderURL = "http://" + addr + "/custody"
		c.Offchain.CustodyProviderTimeout = time.Second
	})
	tok := e.token(e.createKey(api.PermRead))

	all := decode[api.BankDetailsResponse](t, e.do(http.MethodGet, api.PathDepositBankDetails, tok, nil), 200)
	require.Len(t, all.BankDetails, 2)
	gbp := decode[api.BankDetailsResponse](t, e.do(http.MethodGet, api.PathDepositBankDetails+"?asset=gbp", tok, nil), 200)
	require.Equal(t, "Provider", gbp.BankDetails[0].BankName)
	e.do(http.MethodGet, api.PathDepositBankDetails+"?asset=chf", tok, nil).requireError(t, 404, api.CodeNotFound)

	require.NoError(t, srv.Close())
	e.do(http.MethodGet, api.PathDepositBankDetails+"?asset=eur", tok, nil).requireError(t, 503, api.CodeServiceUnavailable)

	ln, err = net.Listen("tcp", addr)
	require.NoError(t, err)
	srv = serve(ln)
	t.Cleanup(func() { srv.Close() })
	eur := decode[api.BankDetailsResponse](t, e.do(http.MethodGet, api.PathDepositBankDetails+"?asset=eur", tok, nil), 200)
	require.Equal(t, "DE89370400440532013000", eur.BankDetails[0].IBAN)
}

// TestOffchainValuedInUnit: accounts are valued in usd by default, the unit of the
// reference prices, whether or not pricing.prices names usd (the audit found 482 DAI
// valued "0", and with it no credit at all); an account asset that cannot be priced
// stops the gateway from starting.
func TestOffchainValuedInUnit(t *testing.T) {
	e, op := offchainEnv(t, func(c *config.Config) {
		c.Pricing.Prices = map[string]string{"eur": "1.1", "usdc": "1"}
		c.Offchain.CreditCap, c.Offchain.CreditLeverage = "1000", "1"
	})
	k := e.createKey(api.AllPermissions...)
	tok := e.token(k)
	fund(t, e, op, k.account, "100", "t-1")
	snap := decode[api.AccountSnapshot](t, e.do(http.MethodGet, "/v2/account-snapshot/OFFCHAIN", tok, nil), 200)
	require.Equal(t, "usd", snap.AccountAsset)
	require.Equal(t, "109.89", snap.TotalAccountAssetValuation)
	credit := decode[api.CreditResponse](t, e.do(http.MethodGet, "/v2/credit/OFFCHAIN", tok, nil), 200)
	require.Equal(t, "109.89", credit.TotalCredit)

	c := config.Default()
	offchainConfig(&c)
	c.Pricing.Unit, c.Pricing.Prices = "eur", map[string]string{"usdc": "0.9"}
	err := c.Check()
	require.ErrorContains(t, err, "offchain.accountAsset")
	require.ErrorContains(t, err, `"usd" has no price`)
}

// TestOffchainCreditCollateralOnce is the audit's bug 1 from outside: with credit in use,
// what a pending withdrawal holds is no longer collateral, so the snapshot offers nothing
// more once the free collateral is held, and a second withdrawal is refused.
func TestOffchainCreditCollateralOnce(t *testing.T) {
	e, op := offchainEnv(t, func(c *config.Config) {
		c.Offchain.Assets = append(c.Offchain.Assets, config.OffchainAsset{ID: "eth", Decimals: 18})
		c.Pricing.Prices = map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000", "usd": "1"}
		c.Pricing.SpreadBps, c.Pricing.CommissionBps = 0, 0
		c.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": "100000", "eth": "100"}
		c.Offchain.CreditCap, c.Offchain.CreditLeverage = "100000", "1"
	})
	k := e.createKey(api.AllPermissions...)
	tok := e.token(k)
	fund(t, e, op, k.account, "1000", "t-1")
	decode[api.OrderStatus](t, e.do(http.MethodPost, api.PathOrders, tok, api.SwapRequest{InstructionID: "borrow", SellingAsset: "eth", BuyingAsset: "eur",
		AmountToSell: "0.2", OrderType: "MARKET"}), 200)
	withdrawable := func() string {
		snap := decode[api.AccountSnapshot](t, e.do(http.MethodGet, "/v2/account-snapshot/OFFCHAIN", tok, nil), 200)
		require.Equal(t, "600", snap.CreditUsed)
		for _, b := range snap.Balances {
			if b.Asset == "eur" {
				return b.AvailableToWithdraw
			}
		}
		return ""
	}
	first := withdrawable()
	require.Equal(t, "999.99", first)
	decode[api.OffchainWithdrawal](t, e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-1", first)), 200)
	require.Equal(t, "0", withdrawable())
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-2", "545.46")).requireError(t, 400, api.CodeInsufficientFunds)
	e.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("w-3", "0.01")).requireError(t, 400, api.CodeInsufficientFunds)
}
