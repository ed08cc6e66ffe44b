package api

// Order is one element of GET /v3/order-history: an order of any venue, the same record
// GET /v3/order-status/{source}/{orderId} answers for it.
type Order = OrderStatus

// OrderHistoryPage is the body of GET /v3/order-history: the orders of every venue ordered
// by placement time, then source, then order id (oldest first unless order_by is
// newest_first). BeforeCursor is the first order's cursor and AfterCursor the last's
// (both empty when there are none); HasMore says more orders lie beyond the page in the
// direction it was read.
type OrderHistoryPage struct {
	Orders       []Order `json:"orders"`
	BeforeCursor string  `json:"beforeCursor"`
	AfterCursor  string  `json:"afterCursor"`
	HasMore      bool    `json:"hasMore"`
}
