package api

import "time"

// Query parameter names of the interface. Handlers and the client both use these.
const (
	ParamSource           = "source"
	ParamStartTime        = "start_time"
	ParamEndTime          = "end_time"
	ParamPageSize         = "page_size"
	ParamBefore           = "before"
	ParamAfter            = "after"
	ParamOrderBy          = "order_by"
	ParamSubAccount       = "sub_account"
	ParamCommissionSource = "commission_source"
	ParamAssets           = "assets"
	ParamSellingAsset     = "selling_asset"
	ParamBuyingAsset      = "buying_asset"
	ParamSellQuantity     = "sell_quantity"
	ParamType             = "type"
)

// Path parameter names (the {name} segments of the Path constants).
const (
	PathParamSource        = "source"
	PathParamOrderID       = "orderId"
	PathParamInstructionID = "instructionId"
	PathParamAPIKeyID      = "apiKeyId"
	PathParamSellingAsset  = "sellingAsset"
	PathParamBuyingAsset   = "buyingAsset"
	PathParamAccountID     = "accountId"
)

// Paging of the history endpoints, as the interface states it.
const (
	// DefaultPageSize is the page size when page_size is absent.
	DefaultPageSize = 500
	// MaxPageSize is the largest page_size.
	MaxPageSize = 2000
	// OrderOldestFirst is order_by's default.
	OrderOldestFirst = "oldest_first"
	// OrderNewestFirst reverses the listing and what before and after mean.
	OrderNewestFirst = "newest_first"
	// TimeFormat is how start_time and end_time are written: ISO 8601 with milliseconds.
	TimeFormat = "2006-01-02T15:04:05.000Z07:00"
)

// PageRequest is a checked paging query of a history endpoint: times parsed, page size
// defaulted and bounded, at most one cursor. Cursors are opaque here; the venue that made
// them checks them.
type PageRequest struct {
	// Source is the venue; empty where the endpoint takes none.
	Source string
	// Start and End bound the items' times; zero where optional and absent.
	Start, End time.Time
	// PageSize is 1 to MaxPageSize.
	PageSize int
	// Before and After are cursors of a previous page; at most one is set.
	Before, After string
	// NewestFirst lists the newest items first.
	NewestFirst bool
}
