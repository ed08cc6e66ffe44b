// Package webhooks is the gateway's webhook subscriptions: their rules (Service, used by
// the REST handlers), the SSRF guard of their targets (Guard), and the durable delivery
// of ACCOUNT_ACTIVITY events to them, signed the Standard Webhooks way and retried with
// backoff (Dispatcher, run by the settler role).
package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Errors of the Service; their text is written for clients.
var (
	// ErrInvalid: the request is malformed or its target is not allowed.
	ErrInvalid = errors.New("invalid webhook subscription")
	// ErrNotFound: no subscription of the caller has that id.
	ErrNotFound = errors.New("webhook subscription not found")
	// ErrLimit: the caller holds api.MaxWebhooks subscriptions already.
	ErrLimit = errors.New("webhook subscription limit reached")
)

// maxHeaderBytes bounds the sum of target.headers' names and values.
const maxHeaderBytes = 4096

// reservedHeaders are headers target.headers may not set: the signature, the body's
// description and hop-by-hop headers the gateway's HTTP client owns. Names are
// canonical; any name starting with Webhook- is reserved too.
var reservedHeaders = []string{
	"Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Md5", "Content-Range",
	"Host", "Connection", "Keep-Alive", "Proxy-Authorization", "Proxy-Connection", "Te", "Trailer",
	"Transfer-Encoding", "Upgrade", "Expect",
}

// Service creates, lists and deletes the subscriptions of accounts. It is safe for
// concurrent use.
type Service struct {
	st    SubscriptionStore
	guard *Guard
	now   func() time.Time
}

// NewService returns the subscription rules of cfg over st; now is the clock (nil:
// time.Now).
func NewService(cfg config.Webhooks, st SubscriptionStore, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{st: st, guard: &Guard{AllowHTTP: cfg.AllowHTTP, AllowPrivate: cfg.AllowPrivateTargets}, now: now}
}

// Create checks and stores a subscription of accountID and returns it with its signing
// secret, which is never shown again.
func (s *Service) Create(ctx context.Context, accountID string, req api.CreateWebhookRequest) (api.WebhookCreated, error) {
	types, err := checkEventTypes(req.EventTypes)
	if err != nil {
		return api.WebhookCreated{}, err
	}
	headers, err := checkHeaders(req.Target.Headers)
	if err != nil {
		return api.WebhookCreated{}, err
	}
	u, err := s.guard.CheckURL(req.Target.URL)
	if err == nil {
		err = s.guard.CheckTarget(ctx, u)
	}
	if err != nil {
		return api.WebhookCreated{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	secret, err := webhook.NewSecret()
	if err != nil {
		return api.WebhookCreated{}, err
	}
	w, err := s.st.CreateWebhook(ctx, store.WebhookSubscription{ID: "wh_" + auth.RandomToken(12), AccountID: accountID,
		EventTypes: types, URL: req.Target.URL, Headers: headers, Secret: secret, CreatedAt: s.now()}, api.MaxWebhooks)
	if errors.Is(err, store.ErrWebhookLimit) {
		return api.WebhookCreated{}, fmt.Errorf("%w: an account holds at most %d webhook subscriptions; delete one first (DELETE /v3/webhooks/{subscriptionId})",
			ErrLimit, api.MaxWebhooks)
	}
	if err != nil {
		return api.WebhookCreated{}, err
	}
	return api.WebhookCreated{Webhook: view(w), Secret: secret}, nil
}

// List returns accountID's subscriptions, oldest first, without their secrets.
func (s *Service) List(ctx context.Context, accountID string) (api.WebhookList, error) {
	ws, err := s.st.Webhooks(ctx, accountID)
	if err != nil {
		return api.WebhookList{}, err
	}
	out := api.WebhookList{Webhooks: make([]api.Webhook, len(ws))}
	for i, w := range ws {
		out.Webhooks[i] = view(w)
	}
	return out, nil
}

// Get returns one of accountID's subscriptions, without its secret; ErrNotFound for an
// unknown id and another account's alike.
func (s *Service) Get(ctx context.Context, accountID, id string) (api.Webhook, error) {
	w, err := s.st.Webhook(ctx, accountID, id)
	if errors.Is(err, store.ErrNotFound) {
		return api.Webhook{}, notFound(id)
	}
	if err != nil {
		return api.Webhook{}, err
	}
	return view(w), nil
}

// Delete deletes one of accountID's subscriptions: nothing more is delivered to it.
func (s *Service) Delete(ctx context.Context, accountID, id string) error {
	err := s.st.DeleteWebhook(ctx, accountID, id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(id)
	}
	return err
}

func notFound(id string) error {
	return fmt.Errorf("%w: you have no webhook subscription %q (see GET /v3/webhooks)", ErrNotFound, echo.Value(id))
}

func view(w store.WebhookSubscription) api.Webhook {
	types := make([]api.ChannelType, len(w.EventTypes))
	for i, t := range w.EventTypes {
		types[i] = api.ChannelType(t)
	}
	return api.Webhook{SubscriptionID: w.ID, EventTypes: types, Target: api.WebhookTarget{URL: w.URL, Headers: w.Headers},
		CreatedAtMillis: strconv.FormatInt(w.CreatedAt.UnixMilli(), 10)}
}

// checkEventTypes accepts a non-empty list of ACCOUNT_ACTIVITY (repeats are dropped).
func checkEventTypes(types []api.ChannelType) ([]string, error) {
	if len(types) == 0 {
		return nil, fmt.Errorf("%w: eventTypes is required: [\"%s\"]", ErrInvalid, api.ChannelAccountActivity)
	}
	for _, t := range types {
		if t != api.ChannelAccountActivity {
			return nil, fmt.Errorf("%w: eventTypes: %q is not supported; webhooks deliver %s only", ErrInvalid, echo.Value(string(t)), api.ChannelAccountActivity)
		}
	}
	return []string{string(api.ChannelAccountActivity)}, nil
}

// checkHeaders bounds target.headers and refuses reserved names; it returns them with
// canonical names.
func checkHeaders(h map[string]string) (map[string]string, error) {
	if len(h) > api.MaxWebhookHeaders {
		return nil, fmt.Errorf("%w: target.headers has %d headers; at most %d", ErrInvalid, len(h), api.MaxWebhookHeaders)
	}
	out, size := make(map[string]string, len(h)), 0
	for name, value := range h {
		field := fmt.Sprintf("target.headers[%q]", echo.Value(name))
		canon := http.CanonicalHeaderKey(name)
		switch {
		case name == "" || len(name) > api.MaxWebhookHeaderName || !validName(name):
			return nil, fmt.Errorf("%w: %s: a header name is 1 to %d token characters", ErrInvalid, field, api.MaxWebhookHeaderName)
		case strings.HasPrefix(canon, "Webhook-") || strings.HasPrefix(canon, "Content-") || slices.Contains(reservedHeaders, canon):
			return nil, fmt.Errorf("%w: %s is set by the gateway (webhook-*, content and connection headers are reserved)", ErrInvalid, field)
		case len(value) > api.MaxWebhookHeaderValue || !validValue(value):
			return nil, fmt.Errorf("%w: %s: a value is at most %d bytes, without control characters", ErrInvalid, field, api.MaxWebhookHeaderValue)
		}
		if _, dup := out[canon]; dup {
			return nil, fmt.Errorf("%w: %s: the header is given twice (names are case-insensitive)", ErrInvalid, field)
		}
		out[canon] = value
		if size += len(name) + len(value); size > maxHeaderBytes {
			return nil, fmt.Errorf("%w: target.headers exceed %d bytes in all", ErrInvalid, maxHeaderBytes)
		}
	}
	return out, nil
}

// validName reports whether s is an HTTP token (RFC 9110 tchar).
func validName(s string) bool {
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// validValue reports whether s holds no control characters but tabs.
func validValue(s string) bool {
	for _, c := range []byte(s) {
		if c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}
