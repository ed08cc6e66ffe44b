package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/dtwgate/dtwgate/api"
)

// watchBuffer is how many pushed messages a Watch holds for Next; while it is full the
// Watch stops reading the socket, and a gateway whose own buffer then fills closes it
// (4429), which the Watch survives by reconnecting.
const watchBuffer = 1024

// ErrWatchClosed is returned by a Watch's methods after Close.
var ErrWatchClosed = errors.New("watch closed")

// Message is one message of a Watch: a push of a subscribed channel (Price, Activity or
// Order, after Type), or the news that the Watch reconnected (Reconnected).
type Message struct {
	// Type is the channel of a push (api.ChannelPriceFeedUpdates, ...), or
	// api.WSSubscriptions for a Reconnected message.
	Type string
	// Price is a PRICE_FEED_UPDATES push.
	Price *api.PriceUpdate
	// Activity is an ACCOUNT_ACTIVITY push.
	Activity *api.AccountActivityEvent
	// Order is an ORDERS push.
	Order *api.OrderEvent
	// Reconnected reports that the socket was lost and opened again, and Subscriptions
	// are the subscriptions restored. Events committed while it was lost are not
	// replayed: re-read what matters over REST.
	Reconnected   bool
	Subscriptions []api.Subscription
	// Raw is the message as the gateway sent it (nil for Reconnected).
	Raw json.RawMessage
}

// Watch is a websocket of the client's account (GET /v2/websocket) that keeps its
// subscriptions: when the socket is lost it reconnects, with backoff, subscribes again,
// and tells Next's caller so. Create it with Client.Watch. Next may be called from one
// goroutine at a time; Subscribe, Unsubscribe and Close from any.
type Watch struct {
	c    *Client
	msgs *watchQueue
	// done is closed by Close; failed holds the error that ended the Watch.
	done      chan struct{}
	closeOnce sync.Once
	failed    chan error
	stopped   chan struct{}

	mu   sync.Mutex
	conn *websocket.Conn
	// subs are the subscriptions confirmed last, restored on reconnection.
	subs []api.Subscription
	// replies receives the next SUBSCRIPTIONS or ERROR while a control request waits.
	replies chan api.WSMessage
	// control serializes SUBSCRIBE and UNSUBSCRIBE requests.
	control sync.Mutex
}

// Watch opens the websocket and subscribes to subs (at least one). It returns once the
// gateway confirmed them, or the error of that first attempt: an *Error when the upgrade
// was refused (401, 403, 429 ...), an *Error with the ERROR message's code when the
// subscriptions were. Close the Watch when done.
func (c *Client) Watch(ctx context.Context, subs ...api.Subscription) (*Watch, error) {
	if len(subs) == 0 {
		return nil, errors.New("watch: subscribe to at least one channel")
	}
	w := &Watch{c: c, msgs: newWatchQueue(), done: make(chan struct{}), failed: make(chan error, 1),
		stopped: make(chan struct{}), subs: subs}
	conn, err := w.connect(ctx, true)
	if err != nil {
		return nil, err
	}
	go w.run(conn)
	return w, nil
}

// Next returns the next message; the error of a Watch that cannot go on (its credentials
// were refused, ErrWatchClosed after Close), or ctx's.
func (w *Watch) Next(ctx context.Context) (Message, error) {
	for {
		if m, ok := w.msgs.take(); ok {
			return m, nil
		}
		select {
		case <-w.msgs.ready:
		case <-w.stopped:
			if m, ok := w.msgs.take(); ok {
				return m, nil
			}
			select {
			case err := <-w.failed:
				w.failed <- err
				return Message{}, err
			default:
				return Message{}, ErrWatchClosed
			}
		case <-ctx.Done():
			return Message{}, ctx.Err()
		}
	}
}

// Subscriptions returns the subscriptions the gateway confirmed last.
func (w *Watch) Subscriptions() []api.Subscription {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]api.Subscription(nil), w.subs...)
}

// Subscribe adds subscriptions, kept across reconnections, once the gateway confirmed
// them; an *Error with the code of its ERROR answer when it refused them.
func (w *Watch) Subscribe(ctx context.Context, subs ...api.Subscription) error {
	return w.request(ctx, api.WSSubscribe, subs)
}

// Unsubscribe ends subscriptions (a PRICE_FEED_UPDATES one without assets ends every pair).
func (w *Watch) Unsubscribe(ctx context.Context, subs ...api.Subscription) error {
	return w.request(ctx, api.WSUnsubscribe, subs)
}

// Close closes the socket with 1000 and ends the Watch.
func (w *Watch) Close() error {
	w.closeOnce.Do(func() { close(w.done) })
	w.mu.Lock()
	conn := w.conn
	w.mu.Unlock()
	if conn != nil {
		_ = conn.Close(websocket.StatusNormalClosure, "")
	}
	<-w.stopped
	return nil
}

// request sends a SUBSCRIBE or UNSUBSCRIBE on the open socket and waits for its answer.
func (w *Watch) request(ctx context.Context, typ string, subs []api.Subscription) error {
	w.control.Lock()
	defer w.control.Unlock()
	replies := make(chan api.WSMessage, 1)
	w.mu.Lock()
	conn := w.conn
	w.replies = replies
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.replies = nil
		w.mu.Unlock()
	}()
	if conn == nil {
		return errors.New("watch: not connected now; retry after it reconnects")
	}
	if err := writeJSON(ctx, conn, api.WSMessage{Type: typ, Metadata: &api.WSMetadata{Subscriptions: subs}}); err != nil {
		return fmt.Errorf("watch: %s: %w", typ, err)
	}
	select {
	case m := <-replies:
		if m.Type == api.WSError {
			return wsError(m)
		}
		return nil
	case <-w.stopped:
		return ErrWatchClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run reads the socket, and reconnects when it is lost, until Close or a refusal.
func (w *Watch) run(conn *websocket.Conn) {
	defer close(w.stopped)
	for {
		err := w.read(conn)
		w.mu.Lock()
		w.conn = nil
		w.mu.Unlock()
		_ = conn.CloseNow()
		if w.closed() {
			return
		}
		if websocket.CloseStatus(err) == api.CloseRevoked {
			w.c.dropToken(w.c.cachedToken()) // log in again: the gateway revoked the token
		}
		conn, err = w.reconnect()
		if err != nil {
			if !w.closed() {
				w.failed <- err
			}
			return
		}
		if !w.msgs.put(Message{Type: api.WSSubscriptions, Reconnected: true, Subscriptions: w.Subscriptions()}, w.done) {
			_ = conn.CloseNow()
			return
		}
	}
}

func (w *Watch) closed() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

// reconnect opens the socket again with backoff, until it is subscribed, Close is
// called, or the gateway refuses the credentials or the subscriptions.
func (w *Watch) reconnect() (*websocket.Conn, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-w.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	for attempt := 0; ; attempt++ {
		if err := w.c.backoff(ctx, attempt, nil); err != nil {
			return nil, ErrWatchClosed
		}
		conn, err := w.connect(ctx, attempt == 0)
		if err == nil {
			return conn, nil
		}
		if fatalWatchError(err) {
			return nil, err
		}
	}
}

// fatalWatchError reports whether reconnecting cannot help: the gateway refused the
// credentials (after a fresh login), the permission or the subscriptions.
func fatalWatchError(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return errors.Is(err, ErrNoAuthenticator)
	}
	switch e.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusBadRequest, http.StatusNotFound:
		return true
	}
	return false
}

// connect dials, subscribes to the Watch's subscriptions and waits for the answer; a 401
// logs in again once when relogin is set.
func (w *Watch) connect(ctx context.Context, relogin bool) (*websocket.Conn, error) {
	for {
		token, err := w.c.bearer(ctx)
		if err != nil {
			return nil, err
		}
		header := http.Header{"Authorization": {"Bearer " + token}}
		if w.c.cfg.UserAgent != "" {
			header.Set("User-Agent", w.c.cfg.UserAgent)
		}
		conn, resp, err := websocket.Dial(ctx, w.c.wsURL(), &websocket.DialOptions{HTTPClient: w.c.http, HTTPHeader: header})
		if err != nil {
			if resp == nil {
				return nil, fmt.Errorf("watch: %w", err)
			}
			body, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
			e := decodeError(resp, body, http.MethodGet, api.PathWebsocket)
			if e.StatusCode == http.StatusUnauthorized && relogin {
				relogin = false
				w.c.dropToken(token)
				continue
			}
			return nil, e
		}
		conn.SetReadLimit(maxResponseBytes)
		if err := w.subscribe(ctx, conn); err != nil {
			_ = conn.CloseNow()
			return nil, err
		}
		w.mu.Lock()
		w.conn = conn
		w.mu.Unlock()
		if w.closed() {
			_ = conn.Close(websocket.StatusNormalClosure, "")
			return nil, ErrWatchClosed
		}
		return conn, nil
	}
}

// subscribe sends the Watch's subscriptions on a new socket and reads the answer, which
// comes before any push.
func (w *Watch) subscribe(ctx context.Context, conn *websocket.Conn) error {
	subs := w.Subscriptions()
	if err := writeJSON(ctx, conn, api.WSMessage{Type: api.WSSubscribe, Metadata: &api.WSMetadata{Subscriptions: subs}}); err != nil {
		return fmt.Errorf("watch: subscribe: %w", err)
	}
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return fmt.Errorf("watch: subscribe: %w", err)
		}
		var m api.WSMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("watch: subscribe: %w", err)
		}
		switch m.Type {
		case api.WSError:
			return wsError(m)
		case api.WSSubscriptions:
			if m.Metadata != nil {
				w.mu.Lock()
				w.subs = m.Metadata.Subscriptions
				w.mu.Unlock()
			}
			return nil
		}
	}
}

// read hands the socket's messages to Next until the socket ends.
func (w *Watch) read(conn *websocket.Conn) error {
	ctx := context.Background()
	var buf bytes.Buffer
	for {
		data, err := readMessage(ctx, conn, &buf)
		if err != nil {
			return err
		}
		msg, ok := decodeCanonicalPush(data)
		if !ok {
			var m api.WSMessage
			if err := json.Unmarshal(data, &m); err != nil {
				continue // not ours to judge: the interface may add messages
			}
			switch m.Type {
			case api.WSSubscriptions, api.WSError:
				w.mu.Lock()
				if m.Type == api.WSSubscriptions && m.Metadata != nil {
					w.subs = m.Metadata.Subscriptions
				}
				replies := w.replies
				w.mu.Unlock()
				if replies != nil {
					select {
					case replies <- m:
					default:
					}
				}
				continue
			}
			if msg, ok = decodePush(m, data); !ok {
				continue
			}
		}
		if !w.msgs.put(msg, w.done) {
			return ErrWatchClosed
		}
	}
}

// maxKeptReadBuffer bounds the read buffer a Watch keeps between messages: a rare large
// message does not pin its size.
const maxKeptReadBuffer = 64 << 10

// readMessage reads the socket's next message through buf, reused from message to
// message, and returns a copy of its exact size (it becomes Message.Raw).
func readMessage(ctx context.Context, conn *websocket.Conn, buf *bytes.Buffer) ([]byte, error) {
	_, r, err := conn.Reader(ctx)
	if err != nil {
		return nil, err
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	data := bytes.Clone(buf.Bytes())
	if buf.Cap() > maxKeptReadBuffer {
		*buf = bytes.Buffer{}
	}
	return data, nil
}

// Every push the gateway sends is {"type":"<channel>","data":<payload>}, exactly.
var (
	pushHead = []byte(`{"type":"`)
	pushData = []byte(`","data":`)
)

// decodeCanonicalPush types a push written exactly as the gateway writes it, parsing
// only its payload: a message's cost is mostly its JSON decoding, done otherwise twice
// (the envelope, then its data). ok is false for any other message (another layout,
// another type, a payload that is not valid JSON), which the general decoding then
// judges, to the same result whenever this one succeeds.
func decodeCanonicalPush(raw []byte) (Message, bool) {
	rest, ok := bytes.CutPrefix(raw, pushHead)
	if !ok {
		return Message{}, false
	}
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return Message{}, false
	}
	typ := rest[:end]
	body, ok := bytes.CutPrefix(rest[end:], pushData)
	if !ok || len(body) == 0 || body[len(body)-1] != '}' {
		return Message{}, false
	}
	body = body[:len(body)-1] // a payload followed by anything but the closing brace is not valid JSON
	var (
		msg Message
		v   any
	)
	switch api.ChannelType(typ) { // no escapes: a known type is plain ASCII
	case api.ChannelPriceFeedUpdates:
		msg.Price = &api.PriceUpdate{}
		msg.Type, v = string(api.ChannelPriceFeedUpdates), msg.Price
	case api.ChannelAccountActivity:
		msg.Activity = &api.AccountActivityEvent{}
		msg.Type, v = string(api.ChannelAccountActivity), msg.Activity
	case api.ChannelOrders:
		msg.Order = &api.OrderEvent{}
		msg.Type, v = string(api.ChannelOrders), msg.Order
	default:
		return Message{}, false
	}
	if msg.Price == nil || !decodePlainPrice(body, msg.Price) {
		if msg.Price != nil {
			*msg.Price = api.PriceUpdate{} // what decodePlainPrice set before it gave up
		}
		if json.Unmarshal(body, v) != nil {
			return Message{}, false
		}
	}
	msg.Raw = raw
	return msg, true
}

// decodePlainPrice decodes a PRICE_FEED_UPDATES payload as the gateway writes it, an
// object of printable ASCII strings without escapes or spaces, with no reflection: it
// is most of the pushes a client reads. ok is false for any other payload, which
// json.Unmarshal then decodes (to the same result wherever this one succeeds) into a
// zero *p.
func decodePlainPrice(b []byte, p *api.PriceUpdate) bool {
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return false
	}
	for b = b[1 : len(b)-1]; len(b) > 0; {
		key, rest, ok := plainString(b)
		if !ok || len(rest) == 0 || rest[0] != ':' {
			return false
		}
		val, rest, ok := plainString(rest[1:])
		if !ok {
			return false
		}
		switch string(key) { // json.Unmarshal also takes other cases of a name: not this
		case "eventId":
			p.EventID = string(val)
		case "sellingAsset":
			p.SellingAsset = string(val)
		case "buyingAsset":
			p.BuyingAsset = string(val)
		case "price":
			p.Price = string(val)
		case "timestampMillis":
			p.TimestampMillis = string(val)
		default:
			return false
		}
		if len(rest) > 0 && (rest[0] != ',' || len(rest) == 1) {
			return false
		}
		b = rest[min(1, len(rest)):]
	}
	return true
}

// plainString splits a JSON string of printable ASCII without escapes off the front of
// b: its contents and what follows it.
func plainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return b[1:i], b[i+1:], true
		case c < 0x20 || c > 0x7e || c == '\\':
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// decodePush types a pushed message; ok is false for a type this client does not know.
func decodePush(m api.WSMessage, raw []byte) (Message, bool) {
	msg := Message{Type: m.Type, Raw: raw}
	var err error
	switch api.ChannelType(m.Type) {
	case api.ChannelPriceFeedUpdates:
		msg.Price = &api.PriceUpdate{}
		err = json.Unmarshal(m.Data, msg.Price)
	case api.ChannelAccountActivity:
		msg.Activity = &api.AccountActivityEvent{}
		err = json.Unmarshal(m.Data, msg.Activity)
	case api.ChannelOrders:
		msg.Order = &api.OrderEvent{}
		err = json.Unmarshal(m.Data, msg.Order)
	default:
		return msg, false
	}
	return msg, err == nil
}

// wsError turns an ERROR message into an *Error.
func wsError(m api.WSMessage) error {
	e := &Error{StatusCode: http.StatusBadRequest, Method: "WS", Path: api.PathWebsocket}
	if m.Error != nil {
		e.Code, e.Description = m.Error.Code, m.Error.Description
	}
	return e
}

func writeJSON(ctx context.Context, conn *websocket.Conn, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return conn.Write(ctx, websocket.MessageText, data)
}

// wsURL is the websocket's address: the base URL with the ws or wss scheme.
func (c *Client) wsURL() string {
	u := c.base + api.PathWebsocket
	switch {
	case strings.HasPrefix(u, "https://"):
		return "wss://" + strings.TrimPrefix(u, "https://")
	case strings.HasPrefix(u, "http://"):
		return "ws://" + strings.TrimPrefix(u, "http://")
	}
	return u
}
