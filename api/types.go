package api

// TokenRequest is the body of POST /v3/auth/token, /v3/auth/get-token and /v3/auth/ticket.
type TokenRequest struct {
	// KeyID is the API key id.
	KeyID string `json:"keyId"`
	// Secret is the API key secret.
	Secret string `json:"secret"`
}

// TokenResponse carries a bearer JWT.
type TokenResponse struct {
	// JWTToken is the bearer token; it expires 24 hours after issue.
	JWTToken string `json:"jwtToken"`
}

// NonceResponse is the body of GET /v2/auth/siwe/nonce.
type NonceResponse struct {
	// Nonce is the single-use value to put in the SIWE message.
	Nonce string `json:"nonce"`
}

// SIWEVerifyRequest is the body of POST /v2/auth/siwe/verify.
type SIWEVerifyRequest struct {
	// Message is the EIP-4361 message, exactly as signed.
	Message string `json:"message"`
	// Signature is the 65-byte EIP-191 signature of Message, 0x-prefixed hex.
	Signature string `json:"signature"`
}

// TicketResponse is the body of POST /v3/auth/ticket.
type TicketResponse struct {
	// Ticket is a short-lived single-use websocket credential for the `token` query parameter.
	Ticket string `json:"ticket"`
}

// CreateAPIKeyRequest is the body of POST /v3/api-keys.
type CreateAPIKeyRequest struct {
	// Label names the key for its owner.
	Label string `json:"label"`
	// Permissions must be a subset of the caller's.
	Permissions []string `json:"permissions"`
}

// APIKeyCreated is the answer to a key creation; the secret is shown only here.
type APIKeyCreated struct {
	// APIKeyID identifies the key.
	APIKeyID string `json:"apiKeyId"`
	// APIKeySecret is the secret, shown once.
	APIKeySecret string `json:"apiKeySecret"`
	// Label is the key's label.
	Label string `json:"label"`
	// Permissions are the key's permissions.
	Permissions []Permission `json:"permissions"`
}

// APIKeyRotated is the answer to a key rotation; the new secret is shown only here.
type APIKeyRotated struct {
	// APIKeyID identifies the key.
	APIKeyID string `json:"apiKeyId"`
	// APIKeySecret is the new secret, shown once.
	APIKeySecret string `json:"apiKeySecret"`
}

// APIKey is one element of the key list; it never carries the secret.
type APIKey struct {
	// APIKeyID identifies the key.
	APIKeyID string `json:"apiKeyId"`
	// Label is the key's label.
	Label string `json:"label"`
	// Permissions are the key's permissions.
	Permissions []Permission `json:"permissions"`
	// CreatedAtMillis is the creation time in epoch milliseconds.
	CreatedAtMillis string `json:"createdAtMillis"`
	// RotatedAtMillis is the last rotation time in epoch milliseconds, empty if never rotated.
	RotatedAtMillis string `json:"rotatedAtMillis,omitempty"`
}

// APIKeyList is the body of GET /v3/api-keys.
type APIKeyList struct {
	// APIKeys are the caller's keys.
	APIKeys []APIKey `json:"apiKeys"`
}

// AccountsResponse is the body of GET /v2/accounts: the caller's account and the ids of
// its sub-accounts, oldest first.
type AccountsResponse struct {
	AccountID   string   `json:"accountId"`
	SubAccounts []string `json:"subAccounts"`
}

// DepositReferenceResponse is the body of GET /v2/deposit-reference: the reference the
// account's bank transfers must quote.
type DepositReferenceResponse struct {
	DepositReference string `json:"depositReference"`
}
