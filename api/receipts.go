package api

import "github.com/dtwgate/dtwgate/api/receipt"

// Query parameters of GET /v3/receipts.
const (
	// ParamAfterSequence returns the receipts after a sequence number (default 0: from
	// the first).
	ParamAfterSequence = "afterSequence"
	// ParamLimit bounds the page (1 to MaxReceiptsPage, default MaxReceiptsPage).
	ParamLimit = "limit"
)

// MaxReceiptsPage is the largest page of GET /v3/receipts.
const MaxReceiptsPage = 500

// ReceiptsPage is the body of GET /v3/receipts: the account's receipts by sequence,
// after afterSequence. A receipt not yet signed has the signature "0x" (the receipt key
// signs it within moments of its movement's commit); HasMore says more follow (ask again
// with afterSequence the last one's sequence).
type ReceiptsPage struct {
	Account  string           `json:"account"`
	Receipts []receipt.Signed `json:"receipts"`
	HasMore  bool             `json:"hasMore"`
}

// ReceiptKeys is the body of GET /.well-known/dtwgate-receipt-keys: the EIP-712 domain
// receipts are signed in and the receipt keys, current and retired, with their windows.
// Empty keys when the gateway has no receipt key.
type ReceiptKeys struct {
	DomainName    string       `json:"domainName"`
	DomainVersion string       `json:"domainVersion"`
	Keys          receipt.Keys `json:"keys"`
}
