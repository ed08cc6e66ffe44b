package api

// OFFCHAIN order kinds (the `type` query parameter of GET /v2/order/{source}/{instructionId}).
const (
	OrderKindSwap = "SWAP"
	OrderKindRFQ  = "RFQ"
)

// SwapRequest is the body of POST /v2/orders: sell AmountToSell of SellingAsset for
// BuyingAsset against the house, at the feed's price less commission. A MARKET order
// (the default) fills at once; a LIMIT order fills when the feed's price gives at least
// LimitAmountToReceive, and is cancelled at ExpiresAt if it has not (its funds are held
// meanwhile). The same instructionId with the same body answers the same order.
type SwapRequest struct {
	// InstructionID is the client's id of the order: 1 to 64 printable characters, unique
	// per account.
	InstructionID string `json:"instructionId"`
	SellingAsset  string `json:"sellingAsset"`
	BuyingAsset   string `json:"buyingAsset"`
	AmountToSell  string `json:"amountToSell"`
	// OrderType is MARKET (default) or LIMIT.
	OrderType string `json:"orderType,omitempty"`
	// LimitAmountToReceive is a LIMIT order's least amount of BuyingAsset to receive.
	LimitAmountToReceive string `json:"limitAmountToReceive,omitempty"`
	// ExpiresAt is when a LIMIT order is cancelled unfilled: ISO 8601 (RFC 3339); default
	// 24 hours after it is placed, at most 30 days.
	ExpiresAt string `json:"expiresAt,omitempty"`
}

// QuoteRequest is the body of POST /v2/request-quote: a firm price for buying
// AmountToBuy of BuyingAsset with SellingAsset.
type QuoteRequest struct {
	InstructionID string `json:"instructionId"`
	SellingAsset  string `json:"sellingAsset"`
	BuyingAsset   string `json:"buyingAsset"`
	AmountToBuy   string `json:"amountToBuy"`
}

// Quote is a firm RFQ quote (the answer of POST /v2/request-quote): AmountToSell buys
// AmountToBuy if actioned (POST /v2/action-quote) before ExpiresAtMillis, 5 seconds after
// it was issued. Price is inclusive of commission.
type Quote struct {
	InstructionID   string `json:"instructionId"`
	SellingAsset    string `json:"sellingAsset"`
	BuyingAsset     string `json:"buyingAsset"`
	AmountToBuy     string `json:"amountToBuy"`
	AmountToSell    string `json:"amountToSell"`
	Price           string `json:"price"`
	Commission      string `json:"commission"`
	TimestampMillis string `json:"timestampMillis"`
	ExpiresAtMillis string `json:"expiresAtMillis"`
}

// ActionQuoteRequest is the body of POST /v2/action-quote.
type ActionQuoteRequest struct {
	InstructionID string `json:"instructionId"`
}

// Relationship is an introducer relationship the caller is part of: the introducer takes
// FeeShare of the commission the client pays on OFFCHAIN trades while Active.
type Relationship struct {
	IntroducerAccountID string `json:"introducerAccountId"`
	ClientAccountID     string `json:"clientAccountId"`
	// FeeShare is a fraction of the commission, e.g. "0.25".
	FeeShare      string `json:"feeShare"`
	Active        bool   `json:"active"`
	CreatedMillis string `json:"createdMillis"`
}

// RelationshipsResponse is the body of GET /v3/introducer-relationships.
type RelationshipsResponse struct {
	Relationships []Relationship `json:"relationships"`
}

// RevenueTransaction is the introducer's share of one trade of a client.
type RevenueTransaction struct {
	ClientAccountID string `json:"clientAccountId"`
	OrderID         string `json:"orderId"`
	// Type is SWAP or RFQ; InstructionID the client's id of the order.
	Type            string `json:"type"`
	InstructionID   string `json:"instructionId"`
	Asset           string `json:"asset"`
	Amount          string `json:"amount"`
	TimestampMillis string `json:"timestampMillis"`
}

// RevenuePage is the body of GET /v3/introducer-revenue.
type RevenuePage struct {
	Transactions []RevenueTransaction `json:"transactions"`
	BeforeCursor string               `json:"beforeCursor"`
	AfterCursor  string               `json:"afterCursor"`
	HasMore      bool                 `json:"hasMore"`
}
