package offchain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// maxProviderBody bounds the custody provider's answer.
const maxProviderBody = 1 << 20

// payingBank is the first configured bank of a fiat asset.
func (s *catalog) payingBank(asset string) (config.Bank, bool) {
	for _, b := range s.banks {
		if b.Asset == asset {
			return b, true
		}
	}
	return config.Bank{}, false
}

func bankDetail(b config.Bank) api.BankDetail {
	return api.BankDetail{Asset: b.Asset, BankName: b.BankName, AccountName: b.AccountName, IBAN: b.IBAN, BIC: b.BIC,
		IntermediaryBIC: b.IntermediaryBIC, AccountNumber: b.AccountNumber, SortCode: b.SortCode}
}

// BankDetails answers GET /v2/deposit-bank-details: the configured banks' details and the
// custody provider's, of one asset or ("") all. An asset with none is ErrNotFound; a
// configured provider that cannot be reached is ErrUnavailable.
func (s *Funding) BankDetails(ctx context.Context, asset string) (api.BankDetailsResponse, error) {
	asset = strings.ToLower(asset)
	out := api.BankDetailsResponse{BankDetails: []api.BankDetail{}}
	for _, b := range s.banks {
		if asset == "" || b.Asset == asset {
			out.BankDetails = append(out.BankDetails, bankDetail(b))
		}
	}
	if s.off.CustodyProviderURL != "" {
		more, err := s.providerBankDetails(ctx, asset)
		if err != nil {
			return api.BankDetailsResponse{}, err
		}
		for _, d := range more {
			if asset == "" || strings.EqualFold(d.Asset, asset) {
				out.BankDetails = append(out.BankDetails, d)
			}
		}
	}
	if asset != "" && len(out.BankDetails) == 0 {
		return out, errorf(ErrNotFound, "no bank details for asset %q", echo.Value(asset))
	}
	return out, nil
}

// providerBankDetails asks the custody provider: GET {url}/bank-details?asset=.
func (s *Funding) providerBankDetails(ctx context.Context, asset string) ([]api.BankDetail, error) {
	u := strings.TrimSuffix(s.off.CustodyProviderURL, "/") + "/bank-details"
	if asset != "" {
		u += "?" + url.Values{api.ParamAsset: {asset}}.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("custody provider request: %w", err)
	}
	resp, err := s.custody.Do(req)
	if err != nil {
		return nil, errorf(ErrUnavailable, "the custody provider cannot be reached; try again later")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errorf(ErrUnavailable, "the custody provider answered %d; try again later", resp.StatusCode)
	}
	var body api.BankDetailsResponse
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxProviderBody)).Decode(&body); err != nil {
		return nil, errorf(ErrUnavailable, "the custody provider's answer is unreadable; try again later")
	}
	return body.BankDetails, nil
}

// FundLocations lists the banks as fund locations (GET /v2/fund-locations adds them to
// the chains).
func (s *Funding) FundLocations() []api.FundLocation {
	out := make([]api.FundLocation, 0, len(s.banks))
	for _, b := range s.banks {
		out = append(out, api.FundLocation{Location: b.Name, Kind: api.FundLocationBank, Asset: b.Asset})
	}
	return out
}

// BankDeposit is a received bank transfer an operator books.
type BankDeposit struct {
	// Reference is what the transfer quoted: an account's deposit reference, or anything.
	Reference string
	Asset     string
	Amount    string
	// TransferID is the bank's id of the transfer: booking it again does nothing.
	TransferID string
	// Bank is the receiving bank's name; default the first bank of the asset.
	Bank string
}

// BookedDeposit is what BookBankDeposit did.
type BookedDeposit struct {
	// AccountID is the credited account, "" when the transfer went to suspense.
	AccountID string
	Entry     store.LedgerEntry
	// Created is false when the transfer was booked before.
	Created bool
}

// DepositEntry is the ledger entry of a deposit of amount of asset under an external key:
// the account's book (the suspense book when accountID is empty: nobody could be named)
// is credited from the custody book of custody (a chain's source, or "bank:<name>"). The
// event is nil for a deposit to suspense.
func DepositEntry(key, accountID, asset string, amount decimal.Decimal, meta DepositMeta, custody string) (store.LedgerEntry, *outbox.Event) {
	credited := ledger.BookSuspense
	if accountID != "" {
		credited = ledger.UserBook(accountID)
	}
	raw, _ := json.Marshal(meta)
	e := store.LedgerEntry{ExternalKey: key, Kind: ledger.KindDeposit, AccountID: accountID, Meta: raw,
		Postings: []store.LedgerPosting{
			{Book: credited, Asset: asset, Amount: amount},
			{Book: ledger.CustodyBook(custody), Asset: asset, Amount: amount.Neg()},
		}}
	if accountID == "" {
		return e, nil
	}
	return e, &outbox.Event{Kind: outbox.Deposit, Source: Source, AccountID: accountID,
		Payload: outbox.LedgerActivity{Source: Source, Asset: asset, Amount: amount.String(), Location: meta.Location, TxHash: meta.TransactionHash}}
}

// BookBankDeposit books a received bank transfer: the account whose deposit reference it
// quotes is credited from the bank's custody book; an unknown reference goes to the
// suspense book, for an operator to resolve, never to a guessed account. It is idempotent
// on the transfer id.
func (s *Funding) BookBankDeposit(ctx context.Context, d BankDeposit) (BookedDeposit, error) {
	a, ok := s.asset(d.Asset)
	if !ok || !a.Fiat {
		return BookedDeposit{}, errorf(ErrInvalid, "asset %q is not a fiat OFFCHAIN asset", echo.Value(d.Asset))
	}
	amount, err := chain.ParseDecimal(d.Amount)
	if err != nil || !amount.IsPositive() || -amount.Exponent() > int32(a.Decimals) {
		return BookedDeposit{}, errorf(ErrInvalid, "amount %q must be a positive decimal with at most %d decimals", echo.Value(d.Amount), a.Decimals)
	}
	if d.TransferID == "" || len(d.TransferID) > 128 {
		return BookedDeposit{}, errorf(ErrInvalid, "the bank's transfer id is required (at most 128 characters)")
	}
	bank, ok := s.payingBank(a.ID)
	if d.Bank != "" {
		ok = false
		for _, b := range s.banks {
			if b.Name == d.Bank && b.Asset == a.ID {
				bank, ok = b, true
			}
		}
	}
	if !ok {
		return BookedDeposit{}, errorf(ErrInvalid, "no configured bank %q receives %s", echo.Value(d.Bank), a.ID)
	}
	account, err := s.st.AccountByDepositReference(ctx, strings.TrimSpace(strings.ToUpper(d.Reference)))
	switch {
	case errors.Is(err, store.ErrNotFound):
		account = ""
	case err != nil:
		return BookedDeposit{}, err
	}
	e, ev := DepositEntry("bank:"+bank.Name+":"+d.TransferID, account, a.ID, amount,
		DepositMeta{Location: bank.Name, Reference: d.Reference, TransferID: d.TransferID}, "bank:"+bank.Name)
	out, created, err := s.led.Post(ctx, e, ev, ledger.Options{})
	if errors.Is(err, ledger.ErrKeyReused) {
		return BookedDeposit{}, errorf(ErrInvalid, "bank transfer %s was booked before with another reference, asset or amount", echo.Value(d.TransferID))
	}
	return BookedDeposit{AccountID: out.AccountID, Entry: out, Created: created}, err
}

// ResolveSuspense credits a bank transfer that was booked to the suspense book (its
// reference named no account) to accountID, once an operator has found whose it is: one
// entry moves it from suspense to the account, keyed by the transfer, so resolving it
// again does nothing, and resolving it to another account afterwards is refused.
func (s *Funding) ResolveSuspense(ctx context.Context, transferID, accountID string) (BookedDeposit, error) {
	var (
		orig  store.LedgerEntry
		found bool
	)
	for _, b := range s.banks {
		e, err := s.st.LedgerEntryByKey(ctx, "bank:"+b.Name+":"+transferID)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return BookedDeposit{}, err
		}
		orig, found = e, true
		break
	}
	if !found {
		return BookedDeposit{}, errorf(ErrNotFound, "no bank transfer %q was booked at any configured bank", echo.Value(transferID))
	}
	var suspended *store.LedgerPosting
	for i, p := range orig.Postings {
		if p.Book == ledger.BookSuspense && p.Amount.IsPositive() {
			suspended = &orig.Postings[i]
		}
	}
	if suspended == nil {
		return BookedDeposit{}, errorf(ErrInvalid, "bank transfer %s was credited to account %s when booked, not to suspense", echo.Value(transferID), orig.AccountID)
	}
	if _, err := s.st.GetAccount(ctx, accountID); errors.Is(err, store.ErrNotFound) {
		return BookedDeposit{}, errorf(ErrInvalid, "no account %q", echo.Value(accountID))
	} else if err != nil {
		return BookedDeposit{}, err
	}
	var meta DepositMeta
	_ = json.Unmarshal(orig.Meta, &meta)
	e := store.LedgerEntry{ExternalKey: "suspense:" + orig.ExternalKey, Kind: ledger.KindDeposit, AccountID: accountID, Meta: orig.Meta,
		Postings: []store.LedgerPosting{
			{Book: ledger.UserBook(accountID), Asset: suspended.Asset, Amount: suspended.Amount},
			{Book: ledger.BookSuspense, Asset: suspended.Asset, Amount: suspended.Amount.Neg()},
		}}
	ev := &outbox.Event{Kind: outbox.Deposit, Source: Source, AccountID: accountID,
		Payload: outbox.LedgerActivity{Source: Source, Asset: suspended.Asset, Amount: suspended.Amount.String(), Location: meta.Location}}
	out, created, err := s.led.Post(ctx, e, ev, ledger.Options{})
	if errors.Is(err, ledger.ErrKeyReused) {
		return BookedDeposit{}, errorf(ErrInvalid, "bank transfer %s was resolved before, to another account", echo.Value(transferID))
	}
	return BookedDeposit{AccountID: accountID, Entry: out, Created: created}, err
}
