package api

// ChannelType names a stream of events: a websocket channel, and the event type of a
// webhook subscription.
type ChannelType string

// Channel types.
const (
	// ChannelPriceFeedUpdates carries price updates of the subscribed asset pairs
	// (websocket only).
	ChannelPriceFeedUpdates ChannelType = "PRICE_FEED_UPDATES"
	// ChannelAccountActivity carries the account's deposits and withdrawals (websocket
	// and webhooks).
	ChannelAccountActivity ChannelType = "ACCOUNT_ACTIVITY"
	// ChannelOrders carries the account's orders settled or cancelled (websocket only).
	ChannelOrders ChannelType = "ORDERS"
)
