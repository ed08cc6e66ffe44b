package api

import (
	"encoding/json"
	"time"
)

// ParamToken carries a ticket of POST /v3/auth/ticket on GET /v2/websocket, for clients
// that cannot set the Authorization header. A ticket opens one socket.
const ParamToken = "token"

// Types of websocket messages. A client sends SUBSCRIBE and UNSUBSCRIBE; the gateway
// answers each with SUBSCRIPTIONS (or ERROR) and pushes messages whose type is their
// channel's (PRICE_FEED_UPDATES, ACCOUNT_ACTIVITY, ORDERS).
const (
	WSSubscribe     = "SUBSCRIBE"
	WSUnsubscribe   = "UNSUBSCRIBE"
	WSSubscriptions = "SUBSCRIPTIONS"
	WSError         = "ERROR"
)

// Websocket limits.
const (
	// WSSubscribeWithin is how long after connecting the first SUBSCRIBE may come; the
	// gateway closes a socket without one with CloseNoSubscription.
	WSSubscribeWithin = 5 * time.Second
	// WSMaxMessageBytes is the largest message a client may send; a larger one closes
	// the socket with 1009 (message too big).
	WSMaxMessageBytes = 16 << 10
	// WSMaxPairs is how many asset pairs one socket may follow on PRICE_FEED_UPDATES.
	WSMaxPairs = 100
)

// Close codes of the websocket beyond RFC 6455's own (1000 normal, 1001 going away when
// the gateway shuts down, 1009 message too big, 1011 internal error). The gateway's
// codes are 4000 plus the HTTP status they stand for.
const (
	// CloseNoSubscription (4400): no SUBSCRIBE came within WSSubscribeWithin of
	// connecting (the interface's "closed with a 400").
	CloseNoSubscription = 4400
	// CloseRevoked (4401): the credentials the socket was opened with were revoked (the
	// API key rotated, the wallet removed from the whitelist or linked elsewhere).
	CloseRevoked = 4401
	// CloseSlowConsumer (4429): the client read too slowly and the messages waiting for
	// it filled its buffer (the gateway's websocket.sendBuffer); reconnect and re-read
	// state over REST.
	CloseSlowConsumer = 4429
)

// Subscription is one channel of a SUBSCRIBE, UNSUBSCRIBE or SUBSCRIPTIONS message.
type Subscription struct {
	ChannelType ChannelType `json:"channelType"`
	// Body is required for PRICE_FEED_UPDATES (its assets) and absent for the others.
	Body *SubscriptionBody `json:"body,omitempty"`
}

// SubscriptionBody is a PRICE_FEED_UPDATES subscription's body.
type SubscriptionBody struct {
	// Assets are the pairs whose price the socket is sent.
	Assets []AssetPair `json:"assets"`
}

// AssetPair names a price: how much buyingAsset one sellingAsset gets.
type AssetPair struct {
	SellingAsset string `json:"sellingAsset"`
	BuyingAsset  string `json:"buyingAsset"`
}

// WSMetadata is the metadata of SUBSCRIBE, UNSUBSCRIBE and SUBSCRIPTIONS messages.
type WSMetadata struct {
	Subscriptions []Subscription `json:"subscriptions"`
}

// WSMessage is every websocket message, in both directions. Type says which fields it
// carries: Metadata (SUBSCRIBE, UNSUBSCRIBE, SUBSCRIPTIONS), Error (ERROR) or Data (a
// push: PriceUpdate, AccountActivityEvent or OrderEvent after its channel).
type WSMessage struct {
	Type     string          `json:"type"`
	Metadata *WSMetadata     `json:"metadata,omitempty"`
	Error    *Error          `json:"error,omitempty"`
	Data     json.RawMessage `json:"data,omitempty"`
}

// PriceUpdate is the data of a PRICE_FEED_UPDATES push: the price of a subscribed pair,
// as GET /v2/price/{sellingAsset}/{buyingAsset} answers it, sent when the price of one of
// its assets changes, and once when the pair is subscribed.
type PriceUpdate struct {
	// EventID is the price change's event ("" for the price sent on subscribing).
	EventID      string `json:"eventId,omitempty"`
	SellingAsset string `json:"sellingAsset"`
	BuyingAsset  string `json:"buyingAsset"`
	Price        string `json:"price"`
	// TimestampMillis is when the gateway recorded the change (or read the price).
	TimestampMillis string `json:"timestampMillis"`
}

// OrderEvent is the data of an ORDERS push: an order of the account settled or
// cancelled, off-chain or on-chain, as its order status record (GET
// /v3/order-status/{source}/{orderId}) reads once the change is recorded, with
// returnTxId for on-chain orders.
type OrderEvent struct {
	// EventID identifies the event; it increases with every event of the gateway.
	EventID string `json:"eventId"`
	OrderStatus
	// Removed marks an on-chain settlement or cancel that a reorg deeper than the
	// confirmation depth removed after it was reported; Status is then the order's
	// status without it.
	Removed bool `json:"removed,omitempty"`
}
