package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// Access says who may call a route.
type Access int

// Access levels.
const (
	// Public routes need no token.
	Public Access = iota
	// Authenticated routes need a valid bearer token and the route's Permission, if any.
	Authenticated
	// AuthenticatedOrTicket routes are Authenticated routes that also take, instead of
	// the bearer token, a single-use ticket of POST /v3/auth/ticket in the token query
	// parameter (the websocket, for clients that cannot set headers).
	AuthenticatedOrTicket
)

// handler is a route's handler: a method of Service. caller is nil on public routes.
type handler func(s *Service, w http.ResponseWriter, r *http.Request, caller *Caller) error

// Route is one endpoint of the API.
type Route struct {
	// Method is the HTTP method.
	Method string
	// Path is relative to the base path (an api.Path constant).
	Path string
	// Access says whether a token is needed.
	Access Access
	// Permission is required of the caller on Authenticated routes; "" means any valid token.
	Permission api.Permission
	// Limit is the rate limit for which the route answers 429 RATE_LIMITED.
	Limit  RateLimit
	handle handler
}

// RateLimit names the rate limit a route answers 429 RATE_LIMITED for. The OpenAPI
// document's 429s follow it (TestOpenAPIDocumentsEveryStatus).
type RateLimit int

// Rate limits.
const (
	// NoLimit routes never answer 429.
	NoLimit RateLimit = iota
	// LimitAuth routes take a token of the client address's bucket of authentication
	// requests before the handler runs (and key logins one of the keyId's); 429 with
	// Retry-After.
	LimitAuth
	// LimitRelay routes relay a signed request, limited per account by the on-chain
	// service; 429 with Retry-After.
	LimitRelay
	// LimitSockets routes open a websocket, bounded per account
	// (websocket.maxConnectionsPerAccount); 429 without Retry-After (wait for a close).
	LimitSockets
	// LimitSessions routes open an MCP session (initialize), bounded per account
	// (mcpSessionsPerAccount); 429 without Retry-After (end a session or let it expire).
	LimitSessions
	// LimitReserves routes take a token of the account's bucket of proof-of-reserves
	// requests (reserves.perAccount); 429 with Retry-After.
	LimitReserves
)

// RetryAfter says whether the route's 429 carries a Retry-After header.
func (l RateLimit) RetryAfter() bool { return l == LimitAuth || l == LimitRelay || l == LimitReserves }

// routes is the route table: every API endpoint, its access rule and its handler. Adding
// an endpoint is one line here plus a handler method.
var routes = []Route{
	{http.MethodPost, api.PathAuthToken, Public, "", LimitAuth, (*Service).handleAuthToken},
	{http.MethodPost, api.PathAuthGetToken, Public, "", LimitAuth, (*Service).handleAuthToken},
	{http.MethodGet, api.PathSIWENonce, Public, "", LimitAuth, (*Service).handleSIWENonce},
	{http.MethodPost, api.PathSIWEVerify, Public, "", LimitAuth, (*Service).handleSIWEVerify},
	{http.MethodPost, api.PathAuthTicket, Public, "", LimitAuth, (*Service).handleAuthTicket},
	{http.MethodGet, api.PathJWTCheck, Authenticated, "", NoLimit, (*Service).handleJWTCheck},
	{http.MethodGet, api.PathAPIKeys, Authenticated, api.PermRead, NoLimit, (*Service).handleListAPIKeys},
	{http.MethodGet, api.PathAccounts, Authenticated, api.PermRead, NoLimit, (*Service).handleAccounts},
	{http.MethodGet, api.PathDepositReference, Authenticated, api.PermRead, NoLimit, (*Service).handleDepositReference},
	{http.MethodGet, api.PathSubDepositReference, Authenticated, api.PermRead, NoLimit, (*Service).handleDepositReference},
	{http.MethodPost, api.PathAPIKeys, Authenticated, api.PermManageKeys, NoLimit, (*Service).handleCreateAPIKey},
	{http.MethodPost, api.PathAPIKeyRotate, Authenticated, api.PermManageKeys, NoLimit, (*Service).handleRotateAPIKey},
	{http.MethodGet, api.PathOpenAPI, Public, "", NoLimit, (*Service).handleOpenAPI},
	{http.MethodGet, api.PathAsyncAPI, Public, "", NoLimit, (*Service).handleAsyncAPI},
	{http.MethodGet, api.PathWebsocket, AuthenticatedOrTicket, api.PermRead, LimitSockets, (*Service).handleWebsocket},
	{http.MethodGet, api.PathAssets, Authenticated, api.PermRead, NoLimit, (*Service).handleAssets},
	{http.MethodGet, api.PathTokenInformation, Authenticated, api.PermRead, NoLimit, (*Service).handleTokenInformation},
	{http.MethodGet, api.PathDepositAddresses, Authenticated, api.PermRead, NoLimit, (*Service).handleDepositAddresses},
	{http.MethodGet, api.PathWithdrawalAddresses, Authenticated, api.PermRead, NoLimit, (*Service).handleWithdrawalAddresses},
	{http.MethodGet, api.PathFundLocations, Authenticated, api.PermRead, NoLimit, (*Service).handleFundLocations},
	{http.MethodPost, api.PathOrder, Authenticated, api.PermTrade, LimitRelay, (*Service).handleSubmitOrder},
	{http.MethodGet, api.PathOrderByInstruction, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderByInstruction},
	{http.MethodGet, api.PathOrderStatus, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderStatus},
	{http.MethodGet, api.PathSubOrderByInstruction, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderByInstruction},
	{http.MethodGet, api.PathSubOrderStatus, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderStatus},
	{http.MethodPost, api.PathOrders, Authenticated, api.PermTrade, NoLimit, (*Service).handleSwap},
	{http.MethodPost, api.PathOrderV2, Authenticated, api.PermTrade, NoLimit, (*Service).handleSwap},
	{http.MethodPost, api.PathSubOrders, Authenticated, api.PermTrade, NoLimit, (*Service).handleSwap},
	{http.MethodPost, api.PathRequestQuote, Authenticated, api.PermTrade, NoLimit, (*Service).handleRequestQuote},
	{http.MethodPost, api.PathSubRequestQuote, Authenticated, api.PermTrade, NoLimit, (*Service).handleRequestQuote},
	{http.MethodPost, api.PathActionQuote, Authenticated, api.PermTrade, NoLimit, (*Service).handleActionQuote},
	{http.MethodPost, api.PathSubActionQuote, Authenticated, api.PermTrade, NoLimit, (*Service).handleActionQuote},
	{http.MethodGet, api.PathIntroducerRelationships, Authenticated, api.PermRead, NoLimit, (*Service).handleIntroducerRelationships},
	{http.MethodGet, api.PathIntroducerRevenue, Authenticated, api.PermRead, NoLimit, (*Service).handleIntroducerRevenue},
	{http.MethodPost, api.PathWithdrawals, Authenticated, api.PermWithdraw, LimitRelay, (*Service).handleSubmitWithdrawal},
	{http.MethodPost, api.PathCancelRequests, Authenticated, api.PermTrade, LimitRelay, (*Service).handleSubmitCancelRequest},
	{http.MethodPost, api.PathNonceInvalidations, Authenticated, api.PermTrade, LimitRelay, (*Service).handleSubmitNonceInvalidation},
	{http.MethodGet, api.PathWithdrawal, Authenticated, api.PermRead, NoLimit, (*Service).handleWithdrawalStatus},
	{http.MethodGet, api.PathDeposits, Authenticated, api.PermRead, NoLimit, (*Service).handleDeposits},
	{http.MethodGet, api.PathWithdrawalHistory, Authenticated, api.PermRead, NoLimit, (*Service).handleWithdrawalHistory},
	{http.MethodGet, api.PathOrderHistory, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderHistory},
	{http.MethodGet, api.PathSubOrderHistory, Authenticated, api.PermRead, NoLimit, (*Service).handleOrderHistory},
	{http.MethodGet, api.PathReceipts, Authenticated, api.PermRead, NoLimit, (*Service).handleReceipts},
	{http.MethodGet, api.PathSubReceipts, Authenticated, api.PermRead, NoLimit, (*Service).handleReceipts},
	{http.MethodGet, api.PathReceiptKeys, Public, "", NoLimit, (*Service).handleReceiptKeys},
	{http.MethodGet, api.PathPrice, Authenticated, api.PermRead, NoLimit, (*Service).handlePrice},
	{http.MethodGet, api.PathPrices, Authenticated, api.PermRead, NoLimit, (*Service).handlePrices},
	{http.MethodGet, api.PathQuantityEstimate, Authenticated, api.PermRead, NoLimit, (*Service).handleQuantityEstimate},
	{http.MethodGet, api.PathCommissionRate, Authenticated, api.PermRead, NoLimit, (*Service).handleCommissionRate},
	{http.MethodGet, api.PathSubCommissionRate, Authenticated, api.PermRead, NoLimit, (*Service).handleCommissionRate},
	{http.MethodGet, api.PathBalance, Authenticated, api.PermRead, NoLimit, (*Service).handleBalance},
	{http.MethodGet, api.PathSubBalance, Authenticated, api.PermRead, NoLimit, (*Service).handleBalance},
	{http.MethodGet, api.PathAccountSnapshot, Authenticated, api.PermRead, NoLimit, (*Service).handleAccountSnapshot},
	{http.MethodGet, api.PathSubAccountSnapshot, Authenticated, api.PermRead, NoLimit, (*Service).handleAccountSnapshot},
	{http.MethodGet, api.PathCredit, Authenticated, api.PermRead, NoLimit, (*Service).handleCredit},
	{http.MethodGet, api.PathSubCredit, Authenticated, api.PermRead, NoLimit, (*Service).handleCredit},
	{http.MethodGet, api.PathAccountSettings, Authenticated, api.PermRead, NoLimit, (*Service).handleAccountSettings},
	{http.MethodGet, api.PathSubAccountSettings, Authenticated, api.PermRead, NoLimit, (*Service).handleAccountSettings},
	{http.MethodGet, api.PathDepositBankDetails, Authenticated, api.PermRead, NoLimit, (*Service).handleDepositBankDetails},
	{http.MethodPost, api.PathOffchainWithdrawals, Authenticated, api.PermWithdraw, NoLimit, (*Service).handleSubmitOffchainWithdrawal},
	{http.MethodPost, api.PathSubOffchainWithdrawals, Authenticated, api.PermWithdraw, NoLimit, (*Service).handleSubmitOffchainWithdrawal},
	{http.MethodGet, api.PathOffchainWithdrawal, Authenticated, api.PermRead, NoLimit, (*Service).handleOffchainWithdrawal},
	{http.MethodGet, api.PathSubOffchainWithdrawal, Authenticated, api.PermRead, NoLimit, (*Service).handleOffchainWithdrawal},
	{http.MethodGet, api.PathReserves, Authenticated, api.PermRead, LimitReserves, (*Service).handleReserves},
	{http.MethodGet, api.PathReservesProof, Authenticated, api.PermRead, LimitReserves, (*Service).handleReservesProof},
	{http.MethodGet, api.PathSubReservesProof, Authenticated, api.PermRead, LimitReserves, (*Service).handleReservesProof},
	{http.MethodGet, api.PathWebhooks, Authenticated, api.PermRead, NoLimit, (*Service).handleListWebhooks},
	{http.MethodPost, api.PathWebhooks, Authenticated, api.PermManageKeys, NoLimit, (*Service).handleCreateWebhook},
	{http.MethodGet, api.PathWebhook, Authenticated, api.PermRead, NoLimit, (*Service).handleGetWebhook},
	{http.MethodDelete, api.PathWebhook, Authenticated, api.PermManageKeys, NoLimit, (*Service).handleDeleteWebhook},
	// The Model Context Protocol: each tool checks the permission of its REST route.
	{http.MethodPost, api.PathMCP, Authenticated, "", LimitSessions, (*Service).handleMCP},
	{http.MethodGet, api.PathMCP, Authenticated, "", NoLimit, (*Service).handleMCP},
	{http.MethodDelete, api.PathMCP, Authenticated, "", NoLimit, (*Service).handleMCP},
}

// Routes returns a copy of the route table, for documentation and tests.
func Routes() []Route { return append([]Route(nil), routes...) }
