package api

// SourceOffchain is the source name of the custody ledger venue.
const SourceOffchain = "OFFCHAIN"

// ParamAsset is the asset query parameter of GET /v2/deposit-bank-details.
const ParamAsset = "asset"

// Account setting types.
const (
	SettingCreditCap      = "COLLATERAL_CREDIT_CAP"
	SettingCreditLeverage = "COLLATERAL_CREDIT_LEVERAGE"
)

// Error codes of the OFFCHAIN venue (the interface does not name these cases).
const (
	// CodeInsufficientFunds: a withdrawal exceeds the asset's availableToWithdraw.
	CodeInsufficientFunds ErrorCode = "INSUFFICIENT_FUNDS"
	// CodeInstructionIDReused: an instructionId already names a different request.
	CodeInstructionIDReused ErrorCode = "INSTRUCTION_ID_REUSED"
)

func init() {
	ErrorCodes[CodeInsufficientFunds] = ErrorInfo{400, "the amount exceeds what the account may withdraw of the asset (availableToWithdraw); nothing was held"}
	ErrorCodes[CodeInstructionIDReused] = ErrorInfo{400, "the instructionId already names a request with another body; a retry must repeat the body exactly"}
}

// BalanceV2 is one asset of GET /v3/balance/{source}. OFFCHAIN: the ledger balance, the
// part held by pending withdrawals and the rest. A chain: the wallets' free balance in the
// DTW contract (available), the part locked in open orders (held) and their sum.
type BalanceV2 struct {
	Asset     string `json:"asset"`
	Balance   string `json:"balance"`
	Held      string `json:"held"`
	Available string `json:"available"`
}

// BalancesResponse is the body of GET /v3/balance/{source}.
type BalancesResponse struct {
	Balances []BalanceV2 `json:"balances"`
}

// AccountSetting is one setting of GET /v2/account-settings/{source}.
type AccountSetting struct {
	SettingType string `json:"settingType"`
	Setting     string `json:"setting"`
}

// AccountSettingsResponse is the body of GET /v2/account-settings/{source}.
type AccountSettingsResponse struct {
	AccountSettings []AccountSetting `json:"accountSettings"`
}

// BalanceEntry is one asset of an account snapshot.
type BalanceEntry struct {
	Asset                 string `json:"asset"`
	Balance               string `json:"balance"`
	AccountAssetValuation string `json:"accountAssetValuation"`
	AvailableToWithdraw   string `json:"availableToWithdraw"`
}

// AccountSnapshot is the body of GET /v2/account-snapshot/{source}: balances valued in the
// account asset at the price source's prices.
type AccountSnapshot struct {
	AccountAsset               string         `json:"accountAsset"`
	Balances                   []BalanceEntry `json:"balances"`
	TotalAccountAssetValuation string         `json:"totalAccountAssetValuation"`
	TotalCredit                string         `json:"totalCredit"`
	CreditUsed                 string         `json:"creditUsed"`
}

// CreditResponse is the body of GET /v2/credit/OFFCHAIN, in the account asset.
type CreditResponse struct {
	TotalCredit string `json:"totalCredit"`
	CreditUsed  string `json:"creditUsed"`
}

// BankDetail is a bank account to pay fiat into (or, in a withdrawal request, to be paid
// to).
type BankDetail struct {
	Asset           string `json:"asset"`
	BankName        string `json:"bankName"`
	AccountName     string `json:"accountName"`
	IBAN            string `json:"iban"`
	BIC             string `json:"bic"`
	IntermediaryBIC string `json:"intermediaryBic"`
	AccountNumber   string `json:"accountNumber"`
	SortCode        string `json:"sortCode"`
}

// BankDetailsResponse is the body of GET /v2/deposit-bank-details.
type BankDetailsResponse struct {
	BankDetails []BankDetail `json:"bankDetails"`
}

// OffchainWithdrawalRequest is the body of POST /v2/offchain-withdrawals. A crypto asset
// names an APPROVED withdrawal address (GET /v2/withdrawal-addresses) by id; a fiat asset
// names the bank account to pay, which an operator checks before paying.
type OffchainWithdrawalRequest struct {
	// InstructionID is the client's id, at most 64 characters, unique per account; a
	// retry with the same id and body answers the same withdrawal.
	InstructionID string `json:"instructionId"`
	Asset         string `json:"asset"`
	Amount        string `json:"amount"`
	// WithdrawalAddressID names the destination of a crypto withdrawal.
	WithdrawalAddressID string `json:"withdrawalAddressId,omitempty"`
	// BankDetail is the destination of a fiat withdrawal.
	BankDetail *BankDetail `json:"bankDetail,omitempty"`
}

// Off-chain withdrawal kinds.
const (
	WithdrawalKindCrypto = "CRYPTO"
	WithdrawalKindFiat   = "FIAT"
)

// OffchainWithdrawal is a withdrawal of OFFCHAIN funds. Status is PENDING (funds held),
// SENT (a transaction hash, or the bank transfer made), COMPLETED (paid, final), FAILED
// or REJECTED (the hold released).
type OffchainWithdrawal struct {
	InstructionID string `json:"instructionId"`
	AccountID     string `json:"accountId"`
	Asset         string `json:"asset"`
	Amount        string `json:"amount"`
	// Kind is CRYPTO or FIAT.
	Kind string `json:"kind"`
	// Location is the chain's source or the bank's name; Destination the address or the
	// bank account paid.
	Location        string `json:"location"`
	Destination     string `json:"destination"`
	Status          string `json:"status"`
	TransactionHash string `json:"transactionHash"`
	Reason          string `json:"reason"`
	TimestampMillis string `json:"timestampMillis"`
	UpdatedMillis   string `json:"updatedMillis"`
}
