package api

import "github.com/dtwgate/dtwgate/api/receipt"

// PathParamSubscriptionID names the subscription in PathWebhook.
const PathParamSubscriptionID = "subscriptionId"

// Limits of webhook subscriptions.
const (
	// MaxWebhooks is how many subscriptions one account may hold.
	MaxWebhooks = 5
	// MaxWebhookURL is the longest target.url, in bytes.
	MaxWebhookURL = 2048
	// MaxWebhookHeaders is how many target.headers a subscription may carry.
	MaxWebhookHeaders = 10
	// MaxWebhookHeaderName and MaxWebhookHeaderValue bound each header, in bytes.
	MaxWebhookHeaderName  = 64
	MaxWebhookHeaderValue = 1024
)

// WebhookTarget is where deliveries go: Url receives a POST per event with Headers added.
type WebhookTarget struct {
	// URL is the destination, https (http only where the gateway allows it).
	URL string `json:"url"`
	// Headers are sent with every delivery. They may not set the webhook-* signature
	// headers, the content headers or hop-by-hop headers.
	Headers map[string]string `json:"headers"`
}

// CreateWebhookRequest is the body of POST /v3/webhooks.
type CreateWebhookRequest struct {
	// EventTypes are the events delivered; only ACCOUNT_ACTIVITY is supported.
	EventTypes []ChannelType `json:"eventTypes"`
	Target     WebhookTarget `json:"target"`
}

// Webhook is a subscription (the interface's WebhookGetResponse): the answer of GET
// /v3/webhooks/{subscriptionId} and an element of GET /v3/webhooks.
type Webhook struct {
	SubscriptionID string        `json:"subscriptionId"`
	EventTypes     []ChannelType `json:"eventTypes"`
	Target         WebhookTarget `json:"target"`
	// CreatedAtMillis is the creation time in epoch milliseconds.
	CreatedAtMillis string `json:"createdAtMillis,omitempty"`
}

// WebhookCreated is the answer of POST /v3/webhooks: the subscription and its signing
// secret, shown only here.
type WebhookCreated struct {
	Webhook
	// Secret signs every delivery (Standard Webhooks: "whsec_" and the base64 of the
	// HMAC-SHA256 key); verify deliveries with package api/webhook.
	Secret string `json:"secret"`
}

// WebhookList is the body of GET /v3/webhooks.
type WebhookList struct {
	Webhooks []Webhook `json:"webhooks"`
}

// WebhookDelivery is the JSON body POSTed to a subscription's target, in the Standard
// Webhooks payload shape. The same event is always the same body and webhook-id, however
// often it is delivered.
type WebhookDelivery struct {
	// Type is the event type, ACCOUNT_ACTIVITY.
	Type ChannelType `json:"type"`
	// Timestamp is when the event happened, RFC 3339 with milliseconds.
	Timestamp string `json:"timestamp"`
	// Data is the event.
	Data AccountActivityEvent `json:"data"`
}

// AccountActivityEvent is a deposit or a withdrawal of an account as pushed to clients:
// the AccountActivity fields of GET /v3/deposits and /v3/withdrawals, and what and where
// it was.
type AccountActivityEvent struct {
	// EventID identifies the event; it increases with every event of the gateway.
	EventID string `json:"eventId"`
	// ActivityType is DEPOSIT or WITHDRAWAL.
	ActivityType string `json:"activityType"`
	// Source is OFFCHAIN or the chain's name.
	Source string `json:"source"`
	// AccountID is the account the activity belongs to.
	AccountID string `json:"accountId"`
	AccountActivity
	// TransactionHash is the chain transaction, when there is one.
	TransactionHash string `json:"transactionHash,omitempty"`
	// Removed marks an on-chain activity that a reorg deeper than the confirmation depth
	// removed after it was reported (like an Ethereum log's removed flag).
	Removed bool `json:"removed,omitempty"`
	// Receipt is the account's receipt of an OFFCHAIN movement (api/receipt), hashed and
	// chained; its signature is "0x" here, and on GET /v3/receipts once signed.
	Receipt *receipt.Signed `json:"receipt,omitempty"`
}

// Activity types of an AccountActivityEvent.
const (
	ActivityDeposit    = "DEPOSIT"
	ActivityWithdrawal = "WITHDRAWAL"
)
