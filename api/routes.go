package api

// Route paths, relative to the base path (default "/api"). Path parameters use the
// net/http pattern syntax, which is also OpenAPI's.
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
