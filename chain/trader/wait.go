package trader

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// DefaultWaitPollInterval is how often WaitOrder and WaitWithdrawal ask the gateway
// unless WaitOptions say otherwise.
const DefaultWaitPollInterval = 300 * time.Millisecond

// Results of waiting other than success and the errors of verification.
var (
	// ErrWaitTimeout means WaitOptions.Timeout passed first. The order or withdrawal
	// stands and may still complete; its message says what was awaited.
	ErrWaitTimeout = errors.New("timed out")
	// ErrWithdrawalFailed means the gateway reports a relayed withdrawal FAILED. It comes
	// with ErrGateway: it is the gateway's word, not something the chain shows.
	ErrWithdrawalFailed = errors.New("withdrawal failed")
)

// OrderStage is how far an order has got: the first three as the gateway reports them,
// the last as the trader's own RPC shows it.
type OrderStage int

// Stages of an order, in the order it reaches them.
const (
	// StagePlaced: the placing transaction is mined and the gateway knows the order's id.
	StagePlaced OrderStage = iota + 1
	// StageConfirmed: the gateway saw the order at its confirmation depth: it is open.
	StageConfirmed
	// StageClosed: the gateway reports the order settled or cancelled by a return
	// transaction.
	StageClosed
	// StageVerified: the trader's own RPC shows that return transaction as reported, at
	// the verifier's confirmation depth.
	StageVerified
)

// String returns the stage's name.
func (s OrderStage) String() string {
	switch s {
	case StagePlaced:
		return "placed"
	case StageConfirmed:
		return "confirmed"
	case StageClosed:
		return "closed"
	case StageVerified:
		return "verified"
	}
	return fmt.Sprintf("OrderStage(%d)", int(s))
}

// OrderProgress is a stage an order reached while WaitOrder followed it.
type OrderProgress struct {
	// Stage is the stage reached.
	Stage OrderStage
	// Status is the gateway's report that showed it; a stage the order passed between
	// two polls is reported with the first report past it.
	Status api.OrderStatus
	// Verification is set at StageVerified.
	Verification *OrderVerification
}

// WaitOptions tune WaitOrder and WaitWithdrawal. The zero value asks every
// DefaultWaitPollInterval until ctx ends and reports no progress.
type WaitOptions struct {
	// Timeout bounds the wait; zero waits until ctx ends. It is checked before each poll,
	// so a request under way is never cut short by it.
	Timeout time.Duration
	// PollInterval is the pause between polls. Default DefaultWaitPollInterval.
	PollInterval time.Duration
	// Progress, if set, is called by WaitOrder once for each stage the order reaches, in
	// order and on the caller's goroutine; a stage passed between two polls is still
	// reported.
	Progress func(OrderProgress)
}

// timer starts the wait: it returns the options with their defaults and a function
// that returns ErrWaitTimeout, naming what was awaited, once the timeout has passed.
func (o WaitOptions) timer() (WaitOptions, func(waiting string) error) {
	if o.PollInterval <= 0 {
		o.PollInterval = DefaultWaitPollInterval
	}
	deadline := time.Now().Add(o.Timeout)
	return o, func(waiting string) error {
		if o.Timeout > 0 && time.Now().After(deadline) {
			return fmt.Errorf("%w after %s waiting for %s", ErrWaitTimeout, o.Timeout, waiting)
		}
		return nil
	}
}

// pause waits for the next poll.
func (o WaitOptions) pause(ctx context.Context) error {
	t := time.NewTimer(o.PollInterval)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// notSeen reports whether the gateway answered that it does not know the order or
// withdrawal (yet): it reports them only after it saw them on-chain.
func notSeen(err error) bool { return client.StatusCode(err) == http.StatusNotFound }

// WaitOrder follows an order through the gateway, by the hash of its placing transaction
// (its instructionId: the trader's own transaction, or the relay transaction of a gasless
// order), until the gateway reports it settled or cancelled and this verifier has
// verified the return transaction on the trader's own RPC (VerifyOrderStatus) at its
// confirmation depth. opts.Progress hears of each stage: placed, confirmed, closed,
// verified. A gateway that does not know the order yet (404) is asked again.
//
// Errors: ErrVerificationFailed when the chain contradicts the gateway (never retried);
// ErrGateway when the gateway cannot be asked or reports a status the order cannot have;
// ErrWaitTimeout; ctx's error; or a failure to read the chain.
func (v *Verifier) WaitOrder(ctx context.Context, gw StatusSource, instructionID string, opts WaitOptions) (*OrderVerification, error) {
	opts, expired := opts.timer()
	var reached OrderStage
	reach := func(to OrderStage, st api.OrderStatus, ver *OrderVerification) {
		for reached < to {
			reached++
			if opts.Progress != nil {
				p := OrderProgress{Stage: reached, Status: st}
				if reached == StageVerified {
					p.Verification = ver
				}
				opts.Progress(p)
			}
		}
	}
	waiting := "the gateway to see the order"
	for {
		if err := expired(waiting); err != nil {
			return nil, err
		}
		st, err := gw.OrderByInstruction(ctx, v.src.Name, instructionID)
		switch {
		case notSeen(err):
		case err != nil:
			return nil, gatewayError(err)
		case st.Status == api.StatusPending && st.OrderID == "":
			waiting = "the relay transaction to be mined"
		case st.Status == api.StatusPending:
			reach(StagePlaced, st, nil)
			waiting = "confirmation"
		case st.Status == api.StatusOpen:
			reach(StageConfirmed, st, nil)
			waiting = "settlement"
		case st.Status == api.StatusSettled || st.Status == api.StatusCancelled:
			if !strings.EqualFold(st.InstructionID, instructionID) {
				return nil, mismatch("asked for instruction %s, the gateway answered %s", instructionID, echo.Value(st.InstructionID))
			}
			reach(StageClosed, st, nil)
			waiting = "confirmations of the return transaction on your RPC"
			ver, err := v.VerifyOrderStatus(ctx, st)
			if err == nil {
				reach(StageVerified, st, ver)
				return ver, nil
			}
			if !errors.Is(err, ErrNotConfirmed) {
				return nil, err
			}
		default:
			return nil, gatewayError(fmt.Errorf("the gateway reports order %s as %s", echo.Value(st.OrderID), echo.Value(st.Status)))
		}
		if err := opts.pause(ctx); err != nil {
			return nil, err
		}
	}
}

// WaitWithdrawal follows a relayed withdrawal through the gateway, by its instructionId
// (the relay transaction's hash), until the gateway reports it COMPLETED and this
// verifier has verified it on the trader's own RPC (VerifyWithdrawalStatus) at its
// confirmation depth. opts.Progress is not used. A gateway that does not know the
// withdrawal yet (404) is asked again.
//
// Errors: ErrVerificationFailed when the chain contradicts the gateway; ErrGateway when
// the gateway cannot be asked, and with ErrWithdrawalFailed when it reports the
// withdrawal FAILED; ErrWaitTimeout; ctx's error; or a failure to read the chain.
func (v *Verifier) WaitWithdrawal(ctx context.Context, gw StatusSource, instructionID string, opts WaitOptions) (*WithdrawalVerification, error) {
	opts, expired := opts.timer()
	for {
		if err := expired("withdrawal " + instructionID); err != nil {
			return nil, err
		}
		st, err := gw.Withdrawal(ctx, instructionID)
		switch {
		case notSeen(err):
		case err != nil:
			return nil, gatewayError(err)
		case st.Status == api.StatusFailed:
			return nil, gatewayError(fmt.Errorf("the gateway reports withdrawal %s FAILED", instructionID), ErrWithdrawalFailed)
		case st.Status == api.StatusCompleted:
			if !strings.EqualFold(st.InstructionID, instructionID) {
				return nil, mismatch("asked for withdrawal %s, the gateway answered %s", instructionID, echo.Value(st.InstructionID))
			}
			ver, err := v.VerifyWithdrawalStatus(ctx, st)
			if err == nil {
				return ver, nil
			}
			if !errors.Is(err, ErrNotConfirmed) {
				return nil, err
			}
		}
		if err := opts.pause(ctx); err != nil {
			return nil, err
		}
	}
}

// gatewayErr is a failure on the gateway's side. Its message is the failure's own, so
// that a caller can show it as it is; errors.Is finds ErrGateway, the failure (such as a
// *client.Error) and any further kinds.
type gatewayErr struct {
	err   error
	kinds []error
}

func (e *gatewayErr) Error() string { return e.err.Error() }

func (e *gatewayErr) Unwrap() []error { return append([]error{ErrGateway, e.err}, e.kinds...) }

// gatewayError marks err as the gateway's, with any further kinds.
func gatewayError(err error, kinds ...error) error { return &gatewayErr{err: err, kinds: kinds} }
