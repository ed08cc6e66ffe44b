package offchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// MaxInstructionID is the longest instructionId (the interface's limit).
const MaxInstructionID = 64

// WithdrawalMeta is the Meta of a withdrawal's ledger entry: what the withdrawal history
// shows as its reference.
type WithdrawalMeta struct {
	InstructionID   string `json:"instructionId"`
	TransactionHash string `json:"transactionHash"`
	Location        string `json:"location"`
}

// DepositMeta is the Meta of a deposit's ledger entry.
type DepositMeta struct {
	Location        string `json:"location"`
	TransactionHash string `json:"transactionHash,omitempty"`
	Reference       string `json:"reference,omitempty"`
	TransferID      string `json:"transferId,omitempty"`
}

// custodyLocation is the custody book location of a withdrawal's or deposit's place: a
// chain's source, or "bank:<name>".
func custodyLocation(kind, location string) string {
	if kind == store.WithdrawalFiat {
		return "bank:" + location
	}
	return location
}

// WithdrawalEntry is the ledger entry that completes a withdrawal (the capture of its
// hold): the account's book pays the custody book of the withdrawal's location. txHash is
// the chain transaction or the bank's transfer reference. Its external key is the hold key.
func WithdrawalEntry(w store.OffchainWithdrawal, txHash string) (store.LedgerEntry, *outbox.Event) {
	meta, _ := json.Marshal(WithdrawalMeta{InstructionID: w.InstructionID, TransactionHash: txHash, Location: w.Location})
	e := store.LedgerEntry{ExternalKey: w.HoldKey(), Kind: ledger.KindWithdrawal, AccountID: w.AccountID, Meta: meta,
		Postings: []store.LedgerPosting{
			{Book: ledger.UserBook(w.AccountID), Asset: w.Asset, Amount: w.Amount.Neg()},
			{Book: ledger.CustodyBook(custodyLocation(w.Kind, w.Location)), Asset: w.Asset, Amount: w.Amount},
		}}
	ev := &outbox.Event{Kind: outbox.Withdrawal, Source: Source, AccountID: w.AccountID, Payload: outbox.LedgerActivity{
		Source: Source, Asset: w.Asset, Amount: w.Amount.String(), Location: w.Location, InstructionID: w.InstructionID, TxHash: txHash}}
	return e, ev
}

// Withdrawal view.
func withdrawalView(w store.OffchainWithdrawal) api.OffchainWithdrawal {
	return api.OffchainWithdrawal{InstructionID: w.InstructionID, AccountID: w.AccountID, Asset: w.Asset, Amount: w.Amount.String(),
		Kind: w.Kind, Location: w.Location, Destination: w.Destination, Status: w.Status, TransactionHash: w.TxHash, Reason: w.Reason,
		TimestampMillis: strconv.FormatInt(w.CreatedAt.UnixMilli(), 10), UpdatedMillis: strconv.FormatInt(w.UpdatedAt.UnixMilli(), 10)}
}

// checkInstructionID: 1 to 64 printable characters without spaces.
func checkInstructionID(id string) error {
	if id == "" || len(id) > MaxInstructionID {
		return errorf(ErrInvalid, "instructionId must be 1 to %d characters", MaxInstructionID)
	}
	for _, r := range id {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return errorf(ErrInvalid, "instructionId must be printable characters without spaces")
		}
	}
	return nil
}

// parseWithdrawal checks a request and resolves its destination into a record (not yet
// stored).
func (s *Funding) parseWithdrawal(ctx context.Context, accountID string, req api.OffchainWithdrawalRequest) (store.OffchainWithdrawal, error) {
	if err := CheckWithdrawal(req); err != nil {
		return store.OffchainWithdrawal{}, err
	}
	if err := checkInstructionID(req.InstructionID); err != nil {
		return store.OffchainWithdrawal{}, err
	}
	a, ok := s.asset(req.Asset)
	if !ok {
		return store.OffchainWithdrawal{}, errorf(ErrInvalid, "asset %q is not an OFFCHAIN asset (GET /v2/assets/OFFCHAIN lists them)", echo.Value(req.Asset))
	}
	amount, err := chain.ParseDecimal(req.Amount)
	if err != nil || !amount.IsPositive() || -amount.Exponent() > int32(a.Decimals) {
		return store.OffchainWithdrawal{}, errorf(ErrInvalid, "amount %q must be a positive decimal with at most %d decimals", echo.Value(req.Amount), a.Decimals)
	}
	w := store.OffchainWithdrawal{AccountID: accountID, InstructionID: req.InstructionID, Asset: a.ID, Amount: amount,
		Status: store.WithdrawalPending, CreatedAt: s.now()}
	if a.Fiat {
		if req.BankDetail == nil || req.WithdrawalAddressID != "" {
			return w, errorf(ErrInvalid, "%s is fiat: name the bank account to pay in bankDetail (not a withdrawalAddressId)", a.ID)
		}
		d := *req.BankDetail
		d.Asset = a.ID
		if d.AccountName == "" || (d.IBAN == "" && d.AccountNumber == "") {
			return w, errorf(ErrInvalid, "bankDetail needs accountName and an iban or an accountNumber")
		}
		bank, ok := s.payingBank(a.ID)
		if !ok {
			return w, errorf(ErrInvalid, "no bank of the gateway pays out %s", a.ID)
		}
		dest, _ := json.Marshal(d)
		if len(dest) > 2048 {
			return w, errorf(ErrInvalid, "bankDetail is too long")
		}
		w.Kind, w.Location, w.Destination = store.WithdrawalFiat, bank.Name, string(dest)
	} else {
		if req.WithdrawalAddressID == "" || req.BankDetail != nil {
			return w, errorf(ErrInvalid, "%s is withdrawn on a chain: name an APPROVED withdrawal address in withdrawalAddressId (GET /v2/withdrawal-addresses)", a.ID)
		}
		addrs, err := s.st.WithdrawalAddresses(ctx, accountID)
		if err != nil {
			return w, err
		}
		var found *store.WithdrawalAddress
		for i := range addrs {
			if addrs[i].ID == req.WithdrawalAddressID {
				found = &addrs[i]
			}
		}
		switch {
		case found == nil:
			return w, errorf(ErrInvalid, "withdrawalAddressId %q is not a withdrawal address of the account", echo.Value(req.WithdrawalAddressID))
		case found.Status != store.AddressApproved:
			return w, errorf(ErrInvalid, "withdrawal address %s is %s, not APPROVED yet", found.ID, found.Status)
		}
		onChain := false
		for _, t := range a.Tokens {
			onChain = onChain || t.Source == found.Source
		}
		if !onChain {
			return w, errorf(ErrInvalid, "%s has no token on %s, the chain of withdrawal address %s", a.ID, found.Source, found.ID)
		}
		w.Kind, w.Location, w.Destination = store.WithdrawalCrypto, found.Source, found.Address.Hex()
	}
	sum := sha256.Sum256([]byte(strings.Join([]string{w.Asset, w.Amount.String(), w.Kind, w.Location, w.Destination}, "\x00")))
	w.RequestHash = hex.EncodeToString(sum[:])
	return w, nil
}

// CheckWithdrawal checks a withdrawal has every field: SubmitWithdrawal checks it first, a
// tool before it asks its user to confirm.
func CheckWithdrawal(req api.OffchainWithdrawalRequest) error {
	return errs.Required("instructionId", req.InstructionID, "asset", req.Asset, "amount", req.Amount)
}

// SubmitWithdrawal answers POST /v2/offchain-withdrawals: it holds the amount and records
// a PENDING withdrawal in one store transaction, never beyond the asset's
// availableToWithdraw. A retry with the same instructionId and body answers the existing
// withdrawal; another body is ErrInstructionIDReused.
func (s *Funding) SubmitWithdrawal(ctx context.Context, accountID string, req api.OffchainWithdrawalRequest) (api.OffchainWithdrawal, error) {
	w, err := s.parseWithdrawal(ctx, accountID, req)
	if err != nil {
		return api.OffchainWithdrawal{}, err
	}
	if old, err := s.st.OffchainWithdrawal(ctx, accountID, w.InstructionID); err == nil {
		return s.retried(old, w)
	} else if !errors.Is(err, store.ErrNotFound) {
		return api.OffchainWithdrawal{}, err
	}
	// Prices may wait on a feed: read them before the transaction takes the write lock.
	terms, err := s.bal.terms(ctx, accountID, w.Asset)
	if err != nil {
		return api.OffchainWithdrawal{}, err
	}
	var out store.OffchainWithdrawal
	err = s.st.InTx(ctx, func(tx FundingTx) error {
		if old, err := tx.OffchainWithdrawal(ctx, accountID, w.InstructionID); err == nil {
			out = old
			return nil
		}
		pos, err := ledger.PositionIn(ctx, tx, accountID, terms)
		if err != nil {
			return err
		}
		max, err := pos.Withdrawable(w.Asset, s.decimals(w.Asset))
		if err != nil {
			return err
		}
		if w.Amount.GreaterThan(max) {
			return errorf(ErrInsufficientFunds, "%s %s requested, %s available to withdraw", w.Amount, w.Asset, max)
		}
		// The ledger judges the hold against the same terms: what the service checked is
		// what the ledger enforces.
		if err := s.led.HoldTx(ctx, tx, w.HoldKey(), accountID, w.Asset, w.Amount, ledger.Options{Credit: &terms}); err != nil {
			if errors.Is(err, ledger.ErrInsufficientFunds) {
				return errorf(ErrInsufficientFunds, "%s", err.Error())
			}
			return err
		}
		if err := tx.CreateOffchainWithdrawal(ctx, w); err != nil {
			return err
		}
		out = w
		out.UpdatedAt = w.CreatedAt
		return nil
	})
	if err != nil {
		return api.OffchainWithdrawal{}, err
	}
	if out.RequestHash != w.RequestHash || out.CreatedAt != w.CreatedAt {
		return s.retried(out, w)
	}
	return withdrawalView(out), nil
}

// retried answers a request whose instructionId exists.
func (s *catalog) retried(old, w store.OffchainWithdrawal) (api.OffchainWithdrawal, error) {
	if old.RequestHash != w.RequestHash {
		return api.OffchainWithdrawal{}, errorf(ErrInstructionIDReused, "instructionId %q already names a withdrawal of %s %s: repeat its body exactly, or use a new instructionId",
			echo.Value(w.InstructionID), old.Amount, old.Asset)
	}
	return withdrawalView(old), nil
}

// Withdrawal answers GET /v2/offchain-withdrawals/{instructionId}.
func (s *Funding) Withdrawal(ctx context.Context, accountID, instructionID string) (api.OffchainWithdrawal, error) {
	w, err := s.st.OffchainWithdrawal(ctx, accountID, instructionID)
	if errors.Is(err, store.ErrNotFound) {
		return api.OffchainWithdrawal{}, errorf(ErrNotFound, "no off-chain withdrawal with instructionId %q", echo.Value(instructionID))
	}
	if err != nil {
		return api.OffchainWithdrawal{}, err
	}
	return withdrawalView(w), nil
}

// CompleteFiat records that an operator paid a PENDING fiat withdrawal by bank transfer
// (reference: the bank's transfer id): the withdrawal is COMPLETED and its hold captured
// by a withdrawal entry from the bank's custody book, in one transaction.
func (s *Funding) CompleteFiat(ctx context.Context, accountID, instructionID, reference string) (api.OffchainWithdrawal, error) {
	if reference == "" {
		return api.OffchainWithdrawal{}, errorf(ErrInvalid, "the bank transfer's reference is required")
	}
	var out store.OffchainWithdrawal
	err := s.st.InTx(ctx, func(tx FundingTx) error {
		w, err := tx.OffchainWithdrawal(ctx, accountID, instructionID)
		if err != nil {
			return err
		}
		if w.Kind != store.WithdrawalFiat || w.Status != store.WithdrawalPending {
			return errorf(ErrState, "%s withdrawal %s is %s; only a PENDING fiat withdrawal is marked sent", w.Kind, instructionID, w.Status)
		}
		at := s.now()
		if err := CompleteTx(ctx, tx, s.led, w, store.WithdrawalPending, reference, at); err != nil {
			return err
		}
		w.Status, w.TxHash, w.UpdatedAt = store.WithdrawalCompleted, reference, at
		out = w
		return nil
	})
	return withdrawalView(out), err
}

// Reject refuses a PENDING withdrawal (an operator's decision): REJECTED, hold released.
// A crypto withdrawal whose payment is journaled is no longer rejected, even while it
// still shows PENDING (the payer crashed before marking it SENT): the payment may be
// mined, so the withdrawal follows it (COMPLETED, or FAILED with its funds released).
func (s *Funding) Reject(ctx context.Context, accountID, instructionID, reason string) (api.OffchainWithdrawal, error) {
	var out store.OffchainWithdrawal
	err := s.st.InTx(ctx, func(tx FundingTx) error {
		w, err := tx.OffchainWithdrawal(ctx, accountID, instructionID)
		if err != nil {
			return err
		}
		if w.Status != store.WithdrawalPending {
			return errorf(ErrState, "withdrawal %s is %s; only a PENDING withdrawal is rejected", instructionID, w.Status)
		}
		if w.Kind == store.WithdrawalCrypto {
			// The payer journals the payment only while the hold is open, in a transaction
			// that this one is serialized with: either it sees this reject, or this sees it.
			switch p, err := tx.JournalRef(ctx, w.Location, w.HoldKey()); {
			case err == nil:
				return errorf(ErrState, "withdrawal %s has a payment transaction %s on %s (sent %s) and can no longer be rejected: "+
					"it completes when the payment is confirmed, or fails with its funds released when the payment reverts or is dropped; "+
					"if it stays PENDING or SENT, check the transaction and the treasury's funds and gas",
					instructionID, p.Hash.Hex(), w.Location, p.CreatedAt.UTC().Format(time.RFC3339))
			case !errors.Is(err, store.ErrNotFound):
				return err
			}
		}
		at := s.now()
		if err := ReleaseTx(ctx, tx, s.led, w, store.WithdrawalPending, store.WithdrawalRejected, "", reason, at); err != nil {
			return err
		}
		w.Status, w.Reason, w.UpdatedAt = store.WithdrawalRejected, reason, at
		out = w
		return nil
	})
	return withdrawalView(out), err
}

// CompleteTx moves w from status from to COMPLETED with ref (the paying transaction's hash
// or the bank's transfer id) and captures its hold with its withdrawal entry, inside tx.
//
// A withdrawal whose hold is already captured is one a reorg deeper than the confirmation
// depth moved back from COMPLETED to SENT (chain.Journal's ReopenFrom), and whose payment
// (the same transaction, or a fee bump of it at its nonce) is confirmed again: the capture
// stands, and only the status moves.
func CompleteTx(ctx context.Context, tx WithdrawalTx, led *ledger.Ledger, w store.OffchainWithdrawal, from, ref string, at time.Time) error {
	if err := tx.SetOffchainWithdrawalStatus(ctx, w.AccountID, w.InstructionID, from, store.WithdrawalCompleted, ref, "", at); err != nil {
		return err
	}
	e, ev := WithdrawalEntry(w, ref)
	e.CreatedAt = at
	// The hold reserved the amount and the money is gone: the capture is never refused by
	// a floor, even when a credit trade took the balance below zero after the hold.
	_, err := led.CaptureTx(ctx, tx, w.HoldKey(), e, ev)
	if errors.Is(err, ledger.ErrNoOpenHold) && holdIs(ctx, tx, w, store.HoldCaptured) {
		return nil
	}
	return err
}

// ReleaseTx moves w from status from to status to (FAILED or REJECTED) with reason and
// the transaction that failed, if any, and releases its hold, inside tx.
//
// A withdrawal whose hold is captured completed once, then a reorg deeper than the depth
// took its payment out of the chain, and the payment failed on the new one: nothing was
// paid, so the capture is reversed (ledger.UncaptureTx) and the funds are the account's
// again.
func ReleaseTx(ctx context.Context, tx WithdrawalTx, led *ledger.Ledger, w store.OffchainWithdrawal, from, to, txHash, reason string, at time.Time) error {
	if err := tx.SetOffchainWithdrawalStatus(ctx, w.AccountID, w.InstructionID, from, to, txHash, reason, at); err != nil {
		return err
	}
	err := led.ReleaseTx(ctx, tx, w.HoldKey())
	if errors.Is(err, ledger.ErrNoOpenHold) && holdIs(ctx, tx, w, store.HoldCaptured) {
		_, err = led.UncaptureTx(ctx, tx, w.HoldKey(), w.HoldKey(), reason)
	}
	return err
}

// holdIs reports whether w's hold is in state: read only when the hold was found not
// open, so the usual completion or release reads nothing more.
func holdIs(ctx context.Context, tx WithdrawalTx, w store.OffchainWithdrawal, state string) bool {
	h, err := tx.LedgerHold(ctx, w.HoldKey())
	return err == nil && h.State == state
}
