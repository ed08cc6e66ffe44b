package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
)

const (
	// checkWait bounds a check of a socket's credentials.
	checkWait = 10 * time.Second
	// maxAssetLen bounds an asset id of a subscribed pair.
	maxAssetLen = 64
	// statusGoingAway is RFC 6455's 1001, sent when the gateway shuts down.
	statusGoingAway = websocket.StatusGoingAway
)

// CloseWait bounds how long a session judged dead (slow consumer, no pong, revoked,
// shutdown, ...) may take to close: its close frame and the client's answer, or a write
// stuck on a client that stopped reading. Then its TCP connection is reset and its slot
// freed.
const CloseWait = 5 * time.Second

// Session is one socket: its subscriptions and its buffer of messages to write. Get it
// from Hub.Join, then Run it (or Abort it).
type Session struct {
	hub     *Hub
	account string
	check   func(context.Context) error
	// send holds the messages waiting to be written; enqueue never blocks.
	send chan []byte
	// kill is closed once the session must end; code and reason say how.
	kill     chan struct{}
	killOnce sync.Once
	code     websocket.StatusCode
	reason   string
	// rechecks asks the watchdog to check the credentials again.
	rechecks   chan struct{}
	subscribed atomic.Bool

	// Subscriptions, guarded by hub.mu.
	activity, orders bool
	pairs            map[string]api.AssetPair
}

func newSession(h *Hub, account string, check func(context.Context) error) *Session {
	return &Session{hub: h, account: account, check: check, send: make(chan []byte, h.cfg.SendBuffer),
		kill: make(chan struct{}), rechecks: make(chan struct{}, 1), pairs: map[string]api.AssetPair{}}
}

// Abort gives back a session whose connection was never upgraded.
func (s *Session) Abort() { s.hub.leave(s) }

// Run serves the upgraded connection until it closes, then leaves the hub. The first
// SUBSCRIBE must come within api.WSSubscribeWithin. conn and raw are what Accept
// returned (raw nil when unknown): a session judged dead that has not closed within
// CloseWait is reset through raw, and the messages queued together are written in one
// write through it.
func (s *Session) Run(conn *websocket.Conn, raw net.Conn) {
	defer s.hub.leave(s)
	m := s.hub.cfg.Metrics
	m.SocketOpened()
	defer func() { m.SocketClosed(int(s.code)) }()
	conn.SetReadLimit(api.WSMaxMessageBytes)
	deadline := s.hub.cfg.After(api.WSSubscribeWithin)
	var wg sync.WaitGroup
	wg.Add(2)
	written := make(chan struct{})
	go func() {
		defer wg.Done()
		defer close(written)
		batch, _ := raw.(*batchConn)
		s.writeLoop(conn, batch)
	}()
	go func() {
		defer wg.Done()
		s.watchdog(conn, deadline)
		s.drop(conn, raw, written)
	}()
	// Reading ends when the connection does: a killed session's writer closes it (a
	// cancelled read would drop the connection before the close frame is written).
	ctx := context.Background()
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			break
		}
		if typ != websocket.MessageText {
			s.reply(errorMessage(api.CodeInvalidSchema, "send JSON text messages"))
			continue
		}
		s.handle(ctx, data)
	}
	s.closeWith(websocket.StatusNormalClosure, "")
	wg.Wait()
}

// drop waits, once the session is killed, for the writer's close handshake to end, at
// most CloseWait, then closes the connection hard: a client that stopped reading would
// otherwise keep a writer stuck, its kernel buffers full and its slot taken forever.
func (s *Session) drop(conn *websocket.Conn, raw net.Conn, written <-chan struct{}) {
	<-s.kill
	if s.code == api.CloseSlowConsumer || s.code == websocket.StatusPolicyViolation {
		// A client that stopped reading (or answering) gets a reset whoever closes the
		// connection first: the writer's close handshake closes it gracefully after its
		// own wait, which would leave the unread answers queued behind a FIN for good.
		resetOnClose(raw)
	}
	t := time.NewTimer(CloseWait)
	defer t.Stop()
	select {
	case <-written:
	case <-t.C:
	}
	if raw == nil {
		go func() { _ = conn.CloseNow() }() // may wait for a close handshake in flight
		return
	}
	resetOnClose(raw)
	_ = raw.Close()
}

// resetOnClose makes closing raw (nil: nothing) send a reset and drop what the client
// never read.
func resetOnClose(raw net.Conn) {
	tcp := raw
	for range 8 { // through the wrappers (TLS, batchConn, the gateway's listener)
		u, ok := tcp.(interface{ NetConn() net.Conn })
		if !ok {
			break
		}
		tcp = u.NetConn()
	}
	if tc, ok := tcp.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
}

// closeWith ends the session with a close code and reason (the first call wins).
func (s *Session) closeWith(code websocket.StatusCode, reason string) {
	s.killOnce.Do(func() {
		s.code, s.reason = code, reason
		close(s.kill)
		select { // wake the writer; a full buffer has it busy, and it looks at kill next
		case s.send <- nil:
		default:
		}
	})
}

func (s *Session) killed() bool {
	select {
	case <-s.kill:
		return true
	default:
		return false
	}
}

// enqueue queues a message without blocking; a full buffer ends the session as a slow
// consumer, so that it never holds back the hub or the other sessions.
func (s *Session) enqueue(msg []byte) {
	if s.killed() {
		return
	}
	select {
	case s.send <- msg:
	default:
		s.closeWith(api.CloseSlowConsumer, fmt.Sprintf("slow consumer: %d messages waited to be sent", cap(s.send)))
	}
}

// reply queues an answer to the client.
func (s *Session) reply(m api.WSMessage) {
	b, err := json.Marshal(m)
	if err != nil {
		s.hub.log.Error("websocket: encode reply", "err", err)
		return
	}
	s.enqueue(b)
}

// recheck asks the watchdog to check the session's credentials again.
func (s *Session) recheck() {
	select {
	case s.rechecks <- struct{}{}:
	default:
	}
}

// writeLoop writes queued messages in order, and closes the socket with the session's
// code once it is killed. Messages queued together are written to batch (nil: one write
// each) in one write. It waits on the send buffer alone (a select over it and kill cost
// a tenth of a message's delivery): closeWith wakes it with a nil message.
func (s *Session) writeLoop(conn *websocket.Conn, batch *batchConn) {
	for {
		if s.killed() { // a kill wins over queued messages
			_ = conn.Close(s.code, s.reason)
			return
		}
		msg := <-s.send
		if msg == nil {
			continue
		}
		if err := s.write(conn, batch, msg); err != nil {
			s.closeWith(websocket.StatusAbnormalClosure, "")
			_ = conn.CloseNow()
			return
		}
	}
}

// write writes msg and, when batch is set, the messages queued behind it (up to
// maxBatchBytes) in one write to the network, made inside the websocket's write of the
// last of them.
func (s *Session) write(conn *websocket.Conn, batch *batchConn, msg []byte) error {
	// No deadline of its own (a context per write costs a timer): a write that never
	// ends keeps the watchdog's ping from being written, and the ping's timeout closes
	// the connection.
	ctx := context.Background()
	if batch == nil || len(s.send) == 0 {
		return conn.Write(ctx, websocket.MessageText, msg)
	}
	batch.hold()
	for size := len(msg); ; size += len(msg) {
		var next []byte
		if size < maxBatchBytes && !s.killed() {
			select {
			case next = <-s.send:
			default:
			}
		}
		if next == nil {
			batch.last()
		}
		if err := conn.Write(ctx, websocket.MessageText, msg); err != nil || next == nil {
			return errors.Join(err, batch.release())
		}
		msg = next
	}
}

// watchdog enforces the first-SUBSCRIBE rule (deadline), pings the socket and checks
// its credentials after access changes.
func (s *Session) watchdog(conn *websocket.Conn, deadline <-chan time.Time) {
	every := s.hub.cfg.PingInterval
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-s.kill:
			return
		case <-deadline:
			deadline = nil
			if !s.subscribed.Load() {
				s.closeWith(api.CloseNoSubscription, fmt.Sprintf("400: no SUBSCRIBE within %s of connecting", api.WSSubscribeWithin))
			}
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), every)
			err := conn.Ping(ctx)
			cancel()
			if err != nil && !s.killed() {
				s.closeWith(websocket.StatusPolicyViolation, "no pong")
				_ = conn.CloseNow()
				return
			}
		case <-s.rechecks:
			ctx, cancel := context.WithTimeout(context.Background(), checkWait)
			err := s.check(ctx)
			cancel()
			if errors.Is(err, ErrRevoked) {
				s.closeWith(api.CloseRevoked, "401: the credentials of this socket were revoked")
			}
		}
	}
}

// handle answers one client message.
func (s *Session) handle(ctx context.Context, data []byte) {
	var m api.WSMessage
	if err := json.Unmarshal(data, &m); err != nil {
		s.reply(errorMessage(api.CodeInvalidSchema, "message is not a JSON object with a string type: "+echo.Prefix(err.Error(), 200)))
		return
	}
	switch m.Type {
	case api.WSSubscribe:
		subs, err := parseSubscriptions(m.Metadata, true)
		if err != nil {
			s.reply(*err)
			return
		}
		added, errm := s.hub.subscribe(s, subs)
		if errm != nil {
			s.reply(*errm)
			return
		}
		s.subscribed.Store(true)
		s.sendPrices(ctx, added)
	case api.WSUnsubscribe:
		subs, err := parseSubscriptions(m.Metadata, false)
		if err != nil {
			s.reply(*err)
			return
		}
		s.hub.unsubscribe(s, subs)
	default:
		s.reply(errorMessage(api.CodeInvalidSchema, fmt.Sprintf("type %q: want %s or %s", echo.Value(m.Type), api.WSSubscribe, api.WSUnsubscribe)))
	}
}

// sendPrices sends the current price of newly followed pairs (those without one now are
// sent one when their price changes).
func (s *Session) sendPrices(ctx context.Context, pairs []api.AssetPair) {
	now := millis(time.Now())
	for _, p := range pairs {
		price, err := s.hub.views.Price(ctx, p)
		if err != nil {
			continue
		}
		msg, err := encode(api.ChannelPriceFeedUpdates, api.PriceUpdate{SellingAsset: p.SellingAsset, BuyingAsset: p.BuyingAsset,
			Price: price, TimestampMillis: now})
		if err == nil {
			s.enqueue(msg)
		}
	}
}

// follows reports whether the session follows an account channel; hub.mu is held.
func (s *Session) follows(channel api.ChannelType) bool {
	switch channel {
	case api.ChannelAccountActivity:
		return s.activity
	case api.ChannelOrders:
		return s.orders
	}
	return false
}

// subscribe adds subs to the session's subscriptions and queues the SUBSCRIPTIONS answer
// in the same critical section, so that every push of the new channels comes after it.
// It returns the pairs that were not followed before.
func (h *Hub) subscribe(s *Session, subs []api.Subscription) ([]api.AssetPair, *api.WSMessage) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var added []api.AssetPair
	seen := map[string]bool{}
	for _, sub := range subs {
		if sub.ChannelType != api.ChannelPriceFeedUpdates {
			continue
		}
		for _, p := range sub.Body.Assets {
			k := pairKey(p)
			if _, ok := s.pairs[k]; !ok && !seen[k] {
				seen[k] = true
				added = append(added, p)
			}
		}
	}
	if n := len(s.pairs) + len(added); n > api.WSMaxPairs {
		m := errorMessage(api.CodeInvalidSchema, fmt.Sprintf("a socket may follow at most %d asset pairs; this SUBSCRIBE would make %d", api.WSMaxPairs, n))
		return nil, &m
	}
	for _, sub := range subs {
		switch sub.ChannelType {
		case api.ChannelAccountActivity:
			s.activity = true
		case api.ChannelOrders:
			s.orders = true
		}
	}
	for _, p := range added {
		k := pairKey(p)
		s.pairs[k] = p
		ps := h.pairs[k]
		if ps == nil {
			ps = &pairSubs{pair: p, sessions: map[*Session]struct{}{}}
			h.pairs[k] = ps
		}
		ps.sessions[s] = struct{}{}
	}
	s.reply(s.subscriptions())
	return added, nil
}

// unsubscribe removes subs and queues the SUBSCRIPTIONS answer: a PRICE_FEED_UPDATES
// entry without assets ends every pair.
func (h *Hub) unsubscribe(s *Session, subs []api.Subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, sub := range subs {
		switch sub.ChannelType {
		case api.ChannelAccountActivity:
			s.activity = false
		case api.ChannelOrders:
			s.orders = false
		case api.ChannelPriceFeedUpdates:
			var drop []string
			if sub.Body == nil || len(sub.Body.Assets) == 0 {
				for k := range s.pairs {
					drop = append(drop, k)
				}
			} else {
				for _, p := range sub.Body.Assets {
					drop = append(drop, pairKey(p))
				}
			}
			for _, k := range drop {
				if _, ok := s.pairs[k]; ok {
					delete(s.pairs, k)
					h.dropPair(k, s)
				}
			}
		}
	}
	s.reply(s.subscriptions())
}

// subscriptions is the SUBSCRIPTIONS message of the session's active subscriptions;
// hub.mu is held.
func (s *Session) subscriptions() api.WSMessage {
	subs := []api.Subscription{}
	if len(s.pairs) > 0 {
		body := &api.SubscriptionBody{Assets: make([]api.AssetPair, 0, len(s.pairs))}
		for _, p := range s.pairs {
			body.Assets = append(body.Assets, p)
		}
		slices.SortFunc(body.Assets, func(a, b api.AssetPair) int { return strings.Compare(pairKey(a), pairKey(b)) })
		subs = append(subs, api.Subscription{ChannelType: api.ChannelPriceFeedUpdates, Body: body})
	}
	if s.activity {
		subs = append(subs, api.Subscription{ChannelType: api.ChannelAccountActivity})
	}
	if s.orders {
		subs = append(subs, api.Subscription{ChannelType: api.ChannelOrders})
	}
	return api.WSMessage{Type: api.WSSubscriptions, Metadata: &api.WSMetadata{Subscriptions: subs}}
}

// parseSubscriptions checks a SUBSCRIBE's (subscribe) or an UNSUBSCRIBE's subscriptions
// and lower-cases their asset ids; an ERROR message when they are not valid.
func parseSubscriptions(md *api.WSMetadata, subscribe bool) ([]api.Subscription, *api.WSMessage) {
	bad := func(code api.ErrorCode, format string, args ...any) ([]api.Subscription, *api.WSMessage) {
		m := errorMessage(code, fmt.Sprintf(format, args...))
		return nil, &m
	}
	if md == nil || len(md.Subscriptions) == 0 {
		return bad(api.CodeInvalidSchema, "metadata.subscriptions must list at least one {channelType, body}")
	}
	out := make([]api.Subscription, 0, len(md.Subscriptions))
	for i, sub := range md.Subscriptions {
		switch sub.ChannelType {
		case api.ChannelAccountActivity, api.ChannelOrders:
			out = append(out, api.Subscription{ChannelType: sub.ChannelType})
			continue
		case api.ChannelPriceFeedUpdates:
		default:
			return bad(api.CodeInvalidSchema, "metadata.subscriptions[%d].channelType %q: want %s, %s or %s", i, echo.Value(string(sub.ChannelType)),
				api.ChannelPriceFeedUpdates, api.ChannelAccountActivity, api.ChannelOrders)
		}
		if sub.Body == nil || len(sub.Body.Assets) == 0 {
			if subscribe {
				return bad(api.CodeInvalidSchema, "metadata.subscriptions[%d]: %s needs body.assets, a list of {sellingAsset, buyingAsset}", i, api.ChannelPriceFeedUpdates)
			}
			out = append(out, api.Subscription{ChannelType: sub.ChannelType})
			continue
		}
		if len(sub.Body.Assets) > api.WSMaxPairs {
			return bad(api.CodeInvalidSchema, "metadata.subscriptions[%d].body.assets: at most %d pairs", i, api.WSMaxPairs)
		}
		body := &api.SubscriptionBody{}
		for j, p := range sub.Body.Assets {
			p = api.AssetPair{SellingAsset: strings.ToLower(strings.TrimSpace(p.SellingAsset)), BuyingAsset: strings.ToLower(strings.TrimSpace(p.BuyingAsset))}
			for _, a := range []string{p.SellingAsset, p.BuyingAsset} {
				if a == "" || len(a) > maxAssetLen || strings.ContainsAny(a, "/ ") {
					return bad(api.CodeInvalidSchema, "metadata.subscriptions[%d].body.assets[%d]: sellingAsset and buyingAsset must be asset ids such as eth", i, j)
				}
			}
			if p.SellingAsset == p.BuyingAsset {
				return bad(api.CodeDuplicateAssetPair, "metadata.subscriptions[%d].body.assets[%d]: %s is both the selling and the buying asset", i, j, p.SellingAsset)
			}
			body.Assets = append(body.Assets, p)
		}
		out = append(out, api.Subscription{ChannelType: sub.ChannelType, Body: body})
	}
	return out, nil
}

// errorMessage is an ERROR message; the socket stays open.
func errorMessage(code api.ErrorCode, description string) api.WSMessage {
	return api.WSMessage{Type: api.WSError, Error: &api.Error{Code: code, Description: description}}
}
