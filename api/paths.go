package api

// Every route path of the gateway, in one place (as mev-boost's server/params/paths.go):
// the route table (internal/gateway/routes.go) serves them, the client calls them, the
// OpenAPI document describes them. Paths are relative to the base path (default "/api")
// unless they say otherwise; path parameters use the net/http pattern syntax, which is
// also OpenAPI's.

// Paths of authentication, API keys, accounts and the API documents.
const (
	PathAuthToken    = "/v3/auth/token"
	PathAuthGetToken = "/v3/auth/get-token"
	PathSIWENonce    = "/v2/auth/siwe/nonce"
	PathSIWEVerify   = "/v2/auth/siwe/verify"
	PathAuthTicket   = "/v3/auth/ticket"
	PathJWTCheck     = "/v2/auth/jwt-check"
	PathAPIKeys      = "/v3/api-keys"
	// PathAccounts lists the caller's account and its sub-accounts.
	PathAccounts = "/v2/accounts"
	// PathDepositReference is the caller's deposit reference; PathSubDepositReference a
	// sub-account's.
	PathDepositReference    = "/v2/deposit-reference"
	PathSubDepositReference = "/v2/accounts/{accountId}/deposit-reference"
	PathAPIKeyRotate        = "/v3/api-keys/{apiKeyId}/rotate"
	PathOpenAPI             = "/openapi.yaml"
	// PathMCP is the Model Context Protocol endpoint (POST JSON-RPC, GET stream, DELETE
	// session), under the base path.
	PathMCP = "/mcp"
)

// Operational paths, served at the root and outside the base path.
const (
	PathHealthz = "/healthz"
	PathReadyz  = "/readyz"
	PathMetrics = "/metrics"
)

// Route paths of the on-chain endpoints, market data and account history.
const (
	PathAssets              = "/v2/assets/{source}"
	PathTokenInformation    = "/v2/assets/{source}/token-information"
	PathDepositAddresses    = "/v2/deposit-addresses"
	PathWithdrawalAddresses = "/v2/withdrawal-addresses"
	PathFundLocations       = "/v2/fund-locations"
	PathOrder               = "/v2/order"
	PathOrderByInstruction  = "/v2/order/{source}/{instructionId}"
	PathOrderStatus         = "/v3/order-status/{source}/{orderId}"
	PathWithdrawals         = "/v2/withdrawals"
	PathCancelRequests      = "/v2/order-cancel-requests"
	PathNonceInvalidations  = "/v2/nonce-invalidations"
	PathWithdrawal          = "/v2/withdrawals/{instructionId}"
	PathDeposits            = "/v3/deposits"
	PathWithdrawalHistory   = "/v3/withdrawals"
	PathPrice               = "/v2/price/{sellingAsset}/{buyingAsset}"
	PathPrices              = "/v2/prices"
	PathQuantityEstimate    = "/v2/quantity-estimate"
	PathCommissionRate      = "/v2/commission-rate/{source}"
)

// Route paths of OFFCHAIN trading. POST /v2/orders and
// /v2/orderV2 take the same body; each has a sub-account form under /accounts/{accountId}.
const (
	PathOrders                = "/v2/orders"
	PathOrderV2               = "/v2/orderV2"
	PathRequestQuote          = "/v2/request-quote"
	PathActionQuote           = "/v2/action-quote"
	PathSubOrders             = "/v2/accounts/{accountId}/orders"
	PathSubRequestQuote       = "/v2/accounts/{accountId}/request-quote"
	PathSubActionQuote        = "/v2/accounts/{accountId}/action-quote"
	PathSubOrderByInstruction = "/v2/accounts/{accountId}/order/{source}/{instructionId}"
	PathSubOrderStatus        = "/v3/accounts/{accountId}/order-status/{source}/{orderId}"
)

// Introducer paths.
const (
	PathIntroducerRelationships = "/v3/introducer-relationships"
	PathIntroducerRevenue       = "/v3/introducer-revenue"
)

// Paths of the order history: the caller's, and a sub-account's of the caller's account.
const (
	PathOrderHistory    = "/v3/order-history"
	PathSubOrderHistory = "/v3/accounts/{accountId}/order-history"
)

// Paths of the OFFCHAIN venue's account endpoints. A PathSub... path is the same endpoint
// acting on a sub-account of the caller's account ({accountId}).
const (
	PathBalance                = "/v3/balance/{source}"
	PathSubBalance             = "/v3/accounts/{accountId}/balance/{source}"
	PathAccountSnapshot        = "/v2/account-snapshot/{source}"
	PathSubAccountSnapshot     = "/v2/accounts/{accountId}/account-snapshot/{source}"
	PathCredit                 = "/v2/credit/{source}"
	PathSubCredit              = "/v2/accounts/{accountId}/credit/{source}"
	PathAccountSettings        = "/v2/account-settings/{source}"
	PathSubAccountSettings     = "/v2/accounts/{accountId}/account-settings/{source}"
	PathSubCommissionRate      = "/v2/accounts/{accountId}/commission-rate/{source}"
	PathDepositBankDetails     = "/v2/deposit-bank-details"
	PathOffchainWithdrawals    = "/v2/offchain-withdrawals"
	PathOffchainWithdrawal     = "/v2/offchain-withdrawals/{instructionId}"
	PathSubOffchainWithdrawals = "/v2/accounts/{accountId}/offchain-withdrawals"
	PathSubOffchainWithdrawal  = "/v2/accounts/{accountId}/offchain-withdrawals/{instructionId}"
)

// Paths of the proof of reserves (api/reserves): the newest signed statement of the
// liabilities with the holdings beside it, and the caller's (or a sub-account's)
// inclusion proofs.
const (
	PathReserves         = "/v3/reserves"
	PathReservesProof    = "/v3/reserves/proof"
	PathSubReservesProof = "/v3/accounts/{accountId}/reserves/proof"
)

// Paths of the signed receipts (api/receipt): the caller's receipts, a sub-account's,
// and the published receipt keys (public; also served at the root, outside the base
// path, as a well-known path).
const (
	PathReceipts    = "/v3/receipts"
	PathSubReceipts = "/v3/accounts/{accountId}/receipts"
	PathReceiptKeys = "/.well-known/dtwgate-receipt-keys"
)

// Paths of the webhook subscriptions.
const (
	PathWebhooks = "/v3/webhooks"
	PathWebhook  = "/v3/webhooks/{subscriptionId}"
)

// Paths of the websocket and of its AsyncAPI document.
const (
	PathWebsocket = "/v2/websocket"
	PathAsyncAPI  = "/asyncapi.yaml"
)
