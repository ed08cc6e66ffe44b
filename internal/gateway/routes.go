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
	handle     handler
}

// routes is the route table: every API endpoint, its access rule and its handler. Adding
// an endpoint is one line here plus a handler method.
var routes = []Route{
	{http.MethodPost, api.PathAuthToken, Public, "", (*Service).handleAuthToken},
	{http.MethodPost, api.PathAuthGetToken, Public, "", (*Service).handleAuthToken},
	{http.MethodGet, api.PathSIWENonce, Public, "", (*Service).handleSIWENonce},
	{http.MethodPost, api.PathSIWEVerify, Public, "", (*Service).handleSIWEVerify},
	{http.MethodPost, api.PathAuthTicket, Public, "", (*Service).handleAuthTicket},
	{http.MethodGet, api.PathJWTCheck, Authenticated, "", (*Service).handleJWTCheck},
	{http.MethodGet, api.PathAPIKeys, Authenticated, api.PermRead, (*Service).handleListAPIKeys},
	{http.MethodGet, api.PathAccounts, Authenticated, api.PermRead, (*Service).handleAccounts},
	{http.MethodGet, api.PathDepositReference, Authenticated, api.PermRead, (*Service).handleDepositReference},
	{http.MethodGet, api.PathSubDepositReference, Authenticated, api.PermRead, (*Service).handleDepositReference},
	{http.MethodPost, api.PathAPIKeys, Authenticated, api.PermManageKeys, (*Service).handleCreateAPIKey},
	{http.MethodPost, api.PathAPIKeyRotate, Authenticated, api.PermManageKeys, (*Service).handleRotateAPIKey},
	{http.MethodGet, api.PathOpenAPI, Public, "", (*Service).handleOpenAPI},
	{http.MethodGet, api.PathAsyncAPI, Public, "", (*Service).handleAsyncAPI},
	{http.MethodGet, api.PathWebsocket, AuthenticatedOrTicket, api.PermRead, (*Service).handleWebsocket},
	{http.MethodGet, api.PathAssets, Authenticated, api.PermRead, (*Service).handleAssets},
	{http.MethodGet, api.PathTokenInformation, Authenticated, api.PermRead, (*Service).handleTokenInformation},
	{http.MethodGet, api.PathDepositAddresses, Authenticated, api.PermRead, (*Service).handleDepositAddresses},
	{http.MethodGet, api.PathWithdrawalAddresses, Authenticated, api.PermRead, (*Service).handleWithdrawalAddresses},
	{http.MethodGet, api.PathFundLocations, Authenticated, api.PermRead, (*Service).handleFundLocations},
	{http.MethodPost, api.PathOrder, Authenticated, api.PermTrade, (*Service).handleSubmitOrder},
	{http.MethodGet, api.PathOrderByInstruction, Authenticated, api.PermRead, (*Service).handleOrderByInstruction},
	{http.MethodGet, api.PathOrderStatus, Authenticated, api.PermRead, (*Service).handleOrderStatus},
	{http.MethodGet, api.PathSubOrderByInstruction, Authenticated, api.PermRead, (*Service).handleOrderByInstruction},
	{http.MethodGet, api.PathSubOrderStatus, Authenticated, api.PermRead, (*Service).handleOrderStatus},
	{http.MethodPost, api.PathOrders, Authenticated, api.PermTrade, (*Service).handleSwap},
	{http.MethodPost, api.PathOrderV2, Authenticated, api.PermTrade, (*Service).handleSwap},
	{http.MethodPost, api.PathSubOrders, Authenticated, api.PermTrade, (*Service).handleSwap},
	{http.MethodPost, api.PathRequestQuote, Authenticated, api.PermTrade, (*Service).handleRequestQuote},
	{http.MethodPost, api.PathSubRequestQuote, Authenticated, api.PermTrade, (*Service).handleRequestQuote},
	{http.MethodPost, api.PathActionQuote, Authenticated, api.PermTrade, (*Service).handleActionQuote},
	{http.MethodPost, api.PathSubActionQuote, Authenticated, api.PermTrade, (*Service).handleActionQuote},
	{http.MethodGet, api.PathIntroducerRelationships, Authenticated, api.PermRead, (*Service).handleIntroducerRelationships},
	{http.MethodGet, api.PathIntroducerRevenue, Authenticated, api.PermRead, (*Service).handleIntroducerRevenue},
	{http.MethodPost, api.PathWithdrawals, Authenticated, api.PermWithdraw, (*Service).handleSubmitWithdrawal},
	{http.MethodPost, api.PathCancelRequests, Authenticated, api.PermTrade, (*Service).handleSubmitCancelRequest},
	{http.MethodPost, api.PathNonceInvalidations, Authenticated, api.PermTrade, (*Service).handleSubmitNonceInvalidation},
	{http.MethodGet, api.PathWithdrawal, Authenticated, api.PermRead, (*Service).handleWithdrawalStatus},
	{http.MethodGet, api.PathDeposits, Authenticated, api.PermRead, (*Service).handleDeposits},
	{http.MethodGet, api.PathWithdrawalHistory, Authenticated, api.PermRead, (*Service).handleWithdrawalHistory},
	{http.MethodGet, api.PathOrderHistory, Authenticated, api.PermRead, (*Service).handleOrderHistory},
	{http.MethodGet, api.PathSubOrderHistory, Authenticated, api.PermRead, (*Service).handleOrderHistory},
	{http.MethodGet, api.PathPrice, Authenticated, api.PermRead, (*Service).handlePrice},
	{http.MethodGet, api.PathPrices, Authenticated, api.PermRead, (*Service).handlePrices},
	{http.MethodGet, api.PathQuantityEstimate, Authenticated, api.PermRead, (*Service).handleQuantityEstimate},
	{http.MethodGet, api.PathCommissionRate, Authenticated, api.PermRead, (*Service).handleCommissionRate},
	{http.MethodGet, api.PathSubCommissionRate, Authenticated, api.PermRead, (*Service).handleCommissionRate},
	{http.MethodGet, api.PathBalance, Authenticated, api.PermRead, (*Service).handleBalance},
	{http.MethodGet, api.PathSubBalance, Authenticated, api.PermRead, (*Service).handleBalance},
	{http.MethodGet, api.PathAccountSnapshot, Authenticated, api.PermRead, (*Service).handleAccountSnapshot},
	{http.MethodGet, api.PathSubAccountSnapshot, Authenticated, api.PermRead, (*Service).handleAccountSnapshot},
	{http.MethodGet, api.PathCredit, Authenticated, api.PermRead, (*Service).handleCredit},
	{http.MethodGet, api.PathSubCredit, Authenticated, api.PermRead, (*Service).handleCredit},
	{http.MethodGet, api.PathAccountSettings, Authenticated, api.PermRead, (*Service).handleAccountSettings},
	{http.MethodGet, api.PathSubAccountSettings, Authenticated, api.PermRead, (*Service).handleAccountSettings},
	{http.MethodGet, api.PathDepositBankDetails, Authenticated, api.PermRead, (*Service).handleDepositBankDetails},
	{http.MethodPost, api.PathOffchainWithdrawals, Authenticated, api.PermWithdraw, (*Service).handleSubmitOffchainWithdrawal},
	{http.MethodPost, api.PathSubOffchainWithdrawals, Authenticated, api.PermWithdraw, (*Service).handleSubmitOffchainWithdrawal},
	{http.MethodGet, api.PathOffchainWithdrawal, Authenticated, api.PermRead, (*Service).handleOffchainWithdrawal},
	{http.MethodGet, api.PathSubOffchainWithdrawal, Authenticated, api.PermRead, (*Service).handleOffchainWithdrawal},
	{http.MethodGet, api.PathWebhooks, Authenticated, api.PermRead, (*Service).handleListWebhooks},
	{http.MethodPost, api.PathWebhooks, Authenticated, api.PermManageKeys, (*Service).handleCreateWebhook},
	{http.MethodGet, api.PathWebhook, Authenticated, api.PermRead, (*Service).handleGetWebhook},
	{http.MethodDelete, api.PathWebhook, Authenticated, api.PermManageKeys, (*Service).handleDeleteWebhook},
}

// Routes returns a copy of the route table, for documentation and tests.
func Routes() []Route { return append([]Route(nil), routes...) }
