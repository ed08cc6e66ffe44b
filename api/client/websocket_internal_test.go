package client

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// decodeGeneral is how a message is typed without the canonical shortcut.
func decodeGeneral(raw []byte) (Message, bool) {
	var m api.WSMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Message{}, false
	}
	return decodePush(m, raw)
}

// TestDecodeCanonicalPush: a push written as the gateway writes it is typed from its
// payload alone, to what the general decoding makes of it; any other message is left to
// the general decoding (another layout, another type, trailing members, a payload that
// is not the channel's).
func TestDecodeCanonicalPush(t *testing.T) {
	price := api.PriceUpdate{EventID: "7", SellingAsset: "eth", BuyingAsset: "usdt", Price: "3000.5", TimestampMillis: "1700000000000"}
	order := api.OrderEvent{}
	activity := api.AccountActivityEvent{}
	encode := func(channel api.ChannelType, data any) []byte {
		raw, err := json.Marshal(data)
		require.NoError(t, err)
		msg, err := json.Marshal(api.WSMessage{Type: string(channel), Data: raw})
		require.NoError(t, err)
		return msg
	}
	for _, tc := range []struct {
		name      string
		raw       []byte
		canonical bool
	}{
		{"price", encode(api.ChannelPriceFeedUpdates, price), true},
		{"order", encode(api.ChannelOrders, order), true},
		{"activity", encode(api.ChannelAccountActivity, activity), true},
		{"data null", []byte(`{"type":"PRICE_FEED_UPDATES","data":null}`), true},
		{"spaces", []byte(`{ "type": "PRICE_FEED_UPDATES", "data": {"price":"1"} }`), false},
		{"trailing space", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"1"} }`), true},
		{"data first", []byte(`{"data":{"price":"1"},"type":"PRICE_FEED_UPDATES"}`), false},
		{"type again", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"1"},"type":"ORDERS"}`), false},
		{"member after", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"1"},"metadata":{}}`), false},
		{"escaped type", []byte(`{"type":"PRICE_FEED\u005FUPDATES","data":{"price":"1"}}`), false},
		{"unknown type", []byte(`{"type":"TRADES","data":{"price":"1"}}`), false},
		{"subscriptions", []byte(`{"type":"SUBSCRIPTIONS","metadata":{"subscriptions":[]}}`), false},
		{"wrong payload", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":1}}`), false},
		{"string payload", []byte(`{"type":"PRICE_FEED_UPDATES","data":"x"}`), false},
		{"unterminated", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"1"}`), false},
		{"truncated type", []byte(`{"type":"PRICE`), false},
		{"price members reordered", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2","eventId":"9","buyingAsset":"usdt"}}`), true},
		{"price member again", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2","price":"3"}}`), true},
		{"price member in another case", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2","PRICE":"3"}}`), true},
		{"price escaped", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2\u0030","sellingAsset":"eth"}}`), true},
		{"price unknown member", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2","venue":{"a":[1]}}}`), true},
		{"price trailing comma", []byte(`{"type":"PRICE_FEED_UPDATES","data":{"price":"2",}}`), false},
		{"price empty", []byte(`{"type":"PRICE_FEED_UPDATES","data":{}}`), true},
		{"price not UTF-8", []byte("{\"type\":\"PRICE_FEED_UPDATES\",\"data\":{\"price\":\"\xff\"}}"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := decodeCanonicalPush(tc.raw)
			require.Equal(t, tc.canonical, ok, "canonical: got %v, want %v", ok, tc.canonical)
			want, wantOK := decodeGeneral(tc.raw)
			if ok {
				require.True(t, wantOK, "the general decoding refuses what the shortcut typed")
				require.Equal(t, want, got)
			}
		})
	}
	got, ok := decodeCanonicalPush(encode(api.ChannelPriceFeedUpdates, price))
	require.True(t, ok)
	require.Equal(t, price, *got.Price)
	require.Equal(t, string(api.ChannelPriceFeedUpdates), got.Type)
}

// FuzzDecodeCanonicalPush: whatever the shortcut types, the general decoding types the
// same.
func FuzzDecodeCanonicalPush(f *testing.F) {
	for _, seed := range []string{
		`{"type":"PRICE_FEED_UPDATES","data":{"eventId":"7","sellingAsset":"eth","buyingAsset":"usdt","price":"3000.5","timestampMillis":"1"}}`,
		`{"type":"PRICE_FEED_UPDATES","data":{"price":"2","PRICE":"3"}}`,
		`{"type":"PRICE_FEED_UPDATES","data":{"price":"2\u0030"}}`,
		`{"type":"ORDERS","data":{"orderId":"1","status":"SETTLED"}}`,
		`{"type":"ACCOUNT_ACTIVITY","data":{"type":"DEPOSIT","amount":"1"}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := decodeCanonicalPush(raw)
		if !ok {
			return
		}
		want, wantOK := decodeGeneral(raw)
		require.True(t, wantOK, "the general decoding refuses %q", raw)
		require.Equal(t, want, got)
	})
}

// TestDecodeCanonicalPushParsesOnce: typing a price push costs the payload's decoding
// and no more (the general decoding also copies the data and parses the envelope).
func TestDecodeCanonicalPushParsesOnce(t *testing.T) {
	raw := []byte(`{"type":"PRICE_FEED_UPDATES","data":{"eventId":"7","sellingAsset":"eth","buyingAsset":"usdt","price":"3000.5","timestampMillis":"1700000000000"}}`)
	body := raw[len(`{"type":"PRICE_FEED_UPDATES","data":`) : len(raw)-1]
	payload := testing.AllocsPerRun(100, func() {
		var p api.PriceUpdate
		_ = json.Unmarshal(body, &p)
	})
	general := testing.AllocsPerRun(100, func() { decodeGeneral(raw) })
	canonical := testing.AllocsPerRun(100, func() { decodeCanonicalPush(raw) })
	require.LessOrEqual(t, canonical, payload+1, "allocations: got %.0f, want at most the payload's %.0f and its struct", canonical, payload)
	require.Less(t, canonical, general, "allocations: got %.0f, want fewer than the general decoding's %.0f", canonical, general)
}

// TestWatchQueue: a Watch's queue hands messages over in order across its growth and
// wrap-around, holds at most watchBuffer (a put then waits for a take, or for done),
// and gives back its memory once drained.
func TestWatchQueue(t *testing.T) {
	q := newWatchQueue()
	require.Empty(t, q.ring, "an idle Watch holds no buffer")
	msg := func(i int) Message { return Message{Type: strconv.Itoa(i)} }
	next, taken := 0, 0
	for round := range 3 { // fill, half drain, refill: the ring wraps before it grows
		for q.n < watchBuffer {
			require.True(t, q.put(msg(next), nil))
			next++
		}
		for range watchBuffer / (round + 2) {
			m, ok := q.take()
			require.True(t, ok)
			require.Equal(t, msg(taken), m, "order: got %s, want %d", m.Type, taken)
			taken++
		}
	}
	for q.n < watchBuffer {
		require.True(t, q.put(msg(next), nil))
		next++
	}
	done := make(chan struct{})
	put := make(chan bool)
	go func() { put <- q.put(msg(next), done) }()
	select {
	case <-put:
		t.Fatal("a put into a full queue returned before a take")
	case <-time.After(50 * time.Millisecond):
	}
	m, ok := q.take()
	require.True(t, ok)
	require.Equal(t, msg(taken), m)
	taken++
	require.True(t, <-put, "the put goes on once a message was taken")
	next++
	go func() { put <- q.put(msg(next), done) }()
	close(done)
	require.False(t, <-put, "a put into a full queue ends with done")
	for taken < next {
		m, ok := q.take()
		require.True(t, ok)
		require.Equal(t, msg(taken), m)
		taken++
	}
	_, ok = q.take()
	require.False(t, ok)
	require.LessOrEqual(t, len(q.ring), keptQueue, "a drained queue keeps %d messages' room, not %d", keptQueue, len(q.ring))
}
