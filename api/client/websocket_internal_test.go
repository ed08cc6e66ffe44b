package client

import (
	"encoding/json"
	"testing"

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
