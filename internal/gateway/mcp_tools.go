package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// MCPTool describes one tool of the MCP endpoint, for documentation and tests.
type MCPTool struct {
	Name, Title, Description string
	// Permission is the REST route's permission the tool needs.
	Permission api.Permission
	// ReadOnly tools change nothing; the others move money (idempotent by their key).
	ReadOnly bool
}

// MCPTools returns the MCP endpoint's tools, as a server registers them.
func MCPTools() []MCPTool {
	return addMCPTools(mcp.NewServer(&mcp.Implementation{Name: mcpServerName, Version: "1"}, nil), &Service{})
}

// Tool inputs. Field descriptions become the input schema's descriptions.
type (
	sourceInput struct {
		Source string `json:"source" jsonschema:"a venue: OFFCHAIN or a chain name such as ETHEREUM"`
	}
	priceInput struct {
		SellingAsset     string `json:"sellingAsset" jsonschema:"asset to sell, e.g. eth"`
		BuyingAsset      string `json:"buyingAsset" jsonschema:"asset to buy, e.g. usdt"`
		CommissionSource string `json:"commissionSource,omitempty" jsonschema:"optional venue whose commission the price includes"`
	}
	pricesInput struct {
		Assets []string `json:"assets" jsonschema:"pairs sellingAsset/buyingAsset, at most 50, no duplicates"`
	}
	quantityInput struct {
		SellingAsset     string `json:"sellingAsset" jsonschema:"asset to sell"`
		BuyingAsset      string `json:"buyingAsset" jsonschema:"asset to buy"`
		SellQuantity     string `json:"sellQuantity" jsonschema:"decimal amount of the selling asset"`
		CommissionSource string `json:"commissionSource,omitempty" jsonschema:"optional venue whose commission applies"`
	}
	commissionInput struct {
		Source       string `json:"source" jsonschema:"a venue: OFFCHAIN or a chain name"`
		SellingAsset string `json:"sellingAsset" jsonschema:"asset to sell"`
		BuyingAsset  string `json:"buyingAsset" jsonschema:"asset to buy"`
	}
	emptyInput       struct{}
	orderStatusInput struct {
		Source  string `json:"source" jsonschema:"the chain the order was placed on, e.g. ETHEREUM"`
		OrderID string `json:"orderId" jsonschema:"the order's orderId (an integer): the gateway's id of it on that chain, as order status shows it"`
	}
	instructionInput struct {
		Source        string `json:"source" jsonschema:"the venue of the order"`
		InstructionID string `json:"instructionId" jsonschema:"the order's instructionId (on a chain: the hash of the transaction that placed it)"`
		Type          string `json:"type,omitempty" jsonschema:"OFFCHAIN: SWAP (default) or RFQ"`
	}
	orderHistoryInput struct {
		StartTime string `json:"startTime,omitempty" jsonschema:"optional ISO 8601 lower bound with milliseconds"`
		EndTime   string `json:"endTime,omitempty" jsonschema:"optional ISO 8601 upper bound"`
		PageSize  string `json:"pageSize,omitempty" jsonschema:"items per page, 1 to 2000 (default 500)"`
		Before    string `json:"before,omitempty" jsonschema:"cursor from a previous page (not with after)"`
		After     string `json:"after,omitempty" jsonschema:"cursor from a previous page (not with before)"`
		OrderBy   string `json:"orderBy,omitempty" jsonschema:"oldest_first (default) or newest_first"`
	}
	actionQuoteInput struct {
		InstructionID string `json:"instructionId" jsonschema:"the instructionId of a quote requested less than 5 seconds ago"`
	}
	withdrawalStatusInput struct {
		InstructionID string `json:"instructionId" jsonschema:"the withdrawal's instructionId (on a chain: its transaction hash)"`
	}
	historyInput struct {
		Source    string `json:"source" jsonschema:"a venue: OFFCHAIN or a chain name"`
		StartTime string `json:"startTime" jsonschema:"ISO 8601 lower bound with milliseconds, e.g. 2026-01-01T00:00:00.000Z"`
		EndTime   string `json:"endTime" jsonschema:"ISO 8601 upper bound"`
		PageSize  string `json:"pageSize,omitempty" jsonschema:"items per page, 1 to 2000 (default 500)"`
		Before    string `json:"before,omitempty" jsonschema:"cursor from a previous page (not with after)"`
		After     string `json:"after,omitempty" jsonschema:"cursor from a previous page (not with before)"`
		OrderBy   string `json:"orderBy,omitempty" jsonschema:"oldest_first (default) or newest_first"`
	}
	// listOutput wraps list answers: a tool's structured output is an object.
	depositAddressesOutput    = api.DepositAddressesResponse
	withdrawalAddressesOutput = api.WithdrawalAddressesResponse
)

// addMCPTool registers a tool whose handler runs fn for the authenticated caller after
// checking perm, the permission of the tool's REST route. Every error, a missing
// permission included, is a tool error whose text is the interface's error body.
func addMCPTool[In, Out any](srv *mcp.Server, s *Service, list *[]MCPTool, t MCPTool, fn func(ctx context.Context, c *Caller, in In) (Out, error)) {
	*list = append(*list, t)
	destructive := !t.ReadOnly
	tool := &mcp.Tool{
		Name: t.Name, Title: t.Title,
		Description: t.Description + " Needs permission " + string(t.Permission) + ".",
		Annotations: &mcp.ToolAnnotations{Title: t.Title, ReadOnlyHint: t.ReadOnly, DestructiveHint: &destructive, IdempotentHint: true},
	}
	out, err := outputSchema[Out]()
	if err != nil {
		panic(fmt.Sprintf("MCP tool %s: %v", t.Name, err)) // a programming error: the tool list is fixed
	}
	tool.OutputSchema = out
	mcp.AddTool(srv, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var zero Out
		c := mcpCaller(req)
		if c == nil {
			return nil, zero, s.toolError(fail(errs.ErrUnauthenticated, "missing bearer token"))
		}
		if t.Permission != "" && !slices.Contains(c.Permissions, t.Permission) {
			return nil, zero, s.toolError(fail(errs.ErrForbidden, "this tool needs permission %s", t.Permission))
		}
		out, err := fn(context.WithValue(ctx, mcpRequestCtx{}, req), c, in)
		if err != nil {
			return nil, zero, s.toolError(relayOr(err))
		}
		return nil, out, nil
	})
}

// mcpRequestCtx carries a tool call's request to confirm.
type mcpRequestCtx struct{}

// relayOr maps a relay's rate-limit refusal as the REST answer does.
func relayOr(err error) error {
	if rl := relayRateLimited(err); rl != nil {
		return rl
	}
	return err
}

// toolError is a tool failure whose text is the interface's error body (code and
// description), as the REST endpoint would answer it.
type toolError struct{ body string }

func (e toolError) Error() string { return e.body }

func (s *Service) toolError(err error) error {
	_, body := errorBody(err, "mcp")
	if body.Code == api.CodeInternalServerError {
		s.log.Error("mcp tool failed", "error", err)
	}
	b, _ := json.Marshal(body)
	return toolError{body: string(b)}
}

// confirmSchema is the form of a money-moving tool's confirmation.
var confirmSchema = map[string]any{
	"type":     "object",
	"required": []string{"confirm"},
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "title": "Confirm", "description": "true to go ahead, false to cancel"},
	},
}

// confirm asks the user, when the client supports elicitation, to confirm what a
// money-moving tool is about to do; a decline, a cancel, a false answer, an answer that
// is not the form's (a string "true" for the boolean), no answer within mcpConfirmWait
// or the session's end are errs.ErrCancelledByUser and nothing is done: what the client
// answers is the client's doing, never a server error. Clients without elicitation are
// not asked: their tool calls are the user's instruction, and money-moving tools are
// idempotent by key.
func confirm(ctx context.Context, message string) error {
	req, _ := ctx.Value(mcpRequestCtx{}).(*mcp.CallToolRequest)
	if req == nil || req.Session == nil {
		return nil
	}
	if p := req.Session.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return nil
	}
	wait := mcpConfirmWait
	askCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	res, err := req.Session.Elicit(askCtx, &mcp.ElicitParams{Message: message, RequestedSchema: confirmSchema})
	switch {
	case err != nil && ctx.Err() != nil:
		return fail(errs.ErrCancelledByUser, "the session ended before the confirmation was answered; nothing was done: %s", message)
	case err != nil && askCtx.Err() != nil:
		return fail(errs.ErrCancelledByUser, "the confirmation was not answered within %s; nothing was done: %s", wait, message)
	case err != nil:
		// Every failure after the question was sent is the client's answer: an error,
		// a malformed result, or content that does not fit the form.
		return fail(errs.ErrCancelledByUser, "the answer to the confirmation was not {\"confirm\": true} (%s); nothing was done: %s",
			echo.Prefix(err.Error(), 300), message)
	}
	if res.Action != "accept" || res.Content["confirm"] != true {
		return fail(errs.ErrCancelledByUser, "the user did not confirm: %s", message)
	}
	return nil
}

// addMCPTools registers the gateway's tools, each calling the service its REST route
// calls, and returns their descriptions.
func addMCPTools(srv *mcp.Server, s *Service) []MCPTool {
	var list []MCPTool
	read := func(name, title, desc string) MCPTool {
		return MCPTool{Name: name, Title: title, Description: desc, Permission: api.PermRead, ReadOnly: true}
	}
	addMCPTool(srv, s, &list, read("get_assets", "Assets of a venue", "Lists the asset identifiers a venue trades (GET /v2/assets/{source})."),
		func(ctx context.Context, _ *Caller, in sourceInput) (api.AssetsResponse, error) {
			v, err := s.venue(in.Source)
			if err != nil {
				return api.AssetsResponse{}, err
			}
			return v.Assets(ctx)
		})
	addMCPTool(srv, s, &list, read("get_token_information", "Token information of a venue",
		"Each asset of a venue with its token contract and decimals per chain (GET /v2/assets/{source}/token-information)."),
		func(ctx context.Context, _ *Caller, in sourceInput) (api.TokenInformationResponse, error) {
			v, err := s.venue(in.Source)
			if err != nil {
				return api.TokenInformationResponse{}, err
			}
			return v.TokenInformation(ctx)
		})
	addMCPTool(srv, s, &list, read("get_price", "Price of a pair",
		"Quantity of the buying asset received for 1 unit of the selling asset (GET /v2/price/{sellingAsset}/{buyingAsset})."),
		func(ctx context.Context, _ *Caller, in priceInput) (api.PriceResponse, error) {
			return s.market.Price(ctx, in.SellingAsset, in.BuyingAsset, in.CommissionSource)
		})
	addMCPTool(srv, s, &list, read("get_prices", "Prices of several pairs", "Prices of up to 50 pairs at once (GET /v2/prices)."),
		func(ctx context.Context, _ *Caller, in pricesInput) (api.PricesResponse, error) {
			return s.market.Prices(ctx, in.Assets)
		})
	addMCPTool(srv, s, &list, read("get_quantity_estimate", "Estimate a conversion",
		"How much of the buying asset selling a quantity would yield now, commission included (GET /v2/quantity-estimate)."),
		func(ctx context.Context, _ *Caller, in quantityInput) (api.QuantityEstimateResponse, error) {
			return s.market.QuantityEstimate(ctx, in.SellingAsset, in.BuyingAsset, in.SellQuantity, in.CommissionSource)
		})
	addMCPTool(srv, s, &list, read("get_commission_rate", "Commission rate", "The commission a venue charges on a pair (GET /v2/commission-rate/{source})."),
		func(ctx context.Context, c *Caller, in commissionInput) (api.CommissionRateResponse, error) {
			return s.market.CommissionRate(ctx, venue.Caller{AccountID: c.AccountID}, in.Source, in.BuyingAsset, in.SellingAsset)
		})
	addMCPTool(srv, s, &list, read("get_deposit_addresses", "Deposit addresses", "Where to deposit on each chain (GET /v2/deposit-addresses)."),
		func(context.Context, *Caller, emptyInput) (depositAddressesOutput, error) {
			return s.onchain.DepositAddresses(), nil
		})
	addMCPTool(srv, s, &list, read("get_withdrawal_addresses", "Withdrawal addresses", "The account's approved withdrawal destinations (GET /v2/withdrawal-addresses)."),
		func(ctx context.Context, c *Caller, _ emptyInput) (withdrawalAddressesOutput, error) {
			return s.onchain.WithdrawalAddresses(ctx, c.AccountID)
		})
	addMCPTool(srv, s, &list, read("get_fund_locations", "Fund locations", "The locations funds can be withdrawn to (GET /v2/fund-locations)."),
		func(context.Context, *Caller, emptyInput) (api.FundLocationsResponse, error) {
			return s.onchain.FundLocations(), nil
		})
	addMCPTool(srv, s, &list, read("get_order_status", "Order status by id",
		"An order of the caller's by its orderId, the gateway's id of it on that chain (its status also shows the contract's onchainOrderId and orderKey), with its return transaction once checked (GET /v3/order-status/{source}/{orderId})."),
		venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, in orderStatusInput) (api.OrderStatus, error) {
			return v.OrderStatus(ctx, vc, in.OrderID)
		}))
	addMCPTool(srv, s, &list, read("get_order", "Order status by instructionId",
		"An order of the caller's by its instructionId (GET /v2/order/{source}/{instructionId})."),
		venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, in instructionInput) (api.OrderStatus, error) {
			kind := api.OrderKindSwap
			if in.Type != "" {
				kind = strings.ToUpper(in.Type)
			}
			if kind != api.OrderKindSwap && kind != api.OrderKindRFQ {
				return api.OrderStatus{}, fail(errs.ErrInvalid, "type must be SWAP or RFQ")
			}
			return orderByInstruction(ctx, v, vc, kind, in.InstructionID)
		}))
	addMCPTool(srv, s, &list, read("list_orders", "Order history", "The caller's orders of every venue (OFFCHAIN swaps and RFQ trades, on-chain DTW orders), cursor-paged (GET /v3/order-history)."),
		func(ctx context.Context, c *Caller, in orderHistoryInput) (api.OrderHistoryPage, error) {
			q := url.Values{}
			for k, val := range map[string]string{api.ParamStartTime: in.StartTime, api.ParamEndTime: in.EndTime,
				api.ParamPageSize: in.PageSize, api.ParamBefore: in.Before, api.ParamAfter: in.After, api.ParamOrderBy: in.OrderBy} {
				if val != "" {
					q.Set(k, val)
				}
			}
			page, err := parsePageRequest(q, pageRules{})
			if err != nil {
				return api.OrderHistoryPage{}, err
			}
			return s.orderHistory(ctx, c.AccountID, page)
		})
	addMCPTool(srv, s, &list, read("get_balances", "Balances", "The caller's balances on a venue: OFFCHAIN (balance, held, available) or a chain's DTW contract (GET /v3/balance/{source})."),
		venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, _ sourceInput) (api.BalancesResponse, error) {
			return balances(ctx, v, vc)
		}))
	addMCPTool(srv, s, &list, read("get_account_snapshot", "Account snapshot",
		"The caller's balances on a venue valued in its account asset, with credit and what may be withdrawn (GET /v2/account-snapshot/{source})."),
		venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, _ sourceInput) (api.AccountSnapshot, error) {
			return s.balances.Snapshot(ctx, v, vc)
		}))
	addMCPTool(srv, s, &list, read("get_credit", "Credit", "The caller's OFFCHAIN credit: total and used (GET /v2/credit/{source})."),
		venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, _ sourceInput) (api.CreditResponse, error) {
			return s.balances.Credit(ctx, v, vc)
		}))
	addMCPTool(srv, s, &list, read("get_withdrawal_status", "Withdrawal status", "A withdrawal of the caller's by its instructionId (GET /v2/withdrawals/{instructionId})."),
		func(ctx context.Context, c *Caller, in withdrawalStatusInput) (api.WithdrawalStatus, error) {
			wallets, err := s.callers.Wallets(ctx, c.AccountID)
			if err != nil {
				return api.WithdrawalStatus{}, err
			}
			return s.onchain.WithdrawalStatus(ctx, wallets, in.InstructionID)
		})
	history := func(name, title, desc string, pageOf func(venue.Venue, context.Context, venue.Caller, api.PageRequest) (api.ActivityPage, error)) {
		addMCPTool(srv, s, &list, read(name, title, desc), venueTool(s, func(ctx context.Context, v venue.Venue, vc venue.Caller, in historyInput) (api.ActivityPage, error) {
			q := url.Values{}
			for k, val := range map[string]string{api.ParamSource: in.Source, api.ParamStartTime: in.StartTime, api.ParamEndTime: in.EndTime,
				api.ParamPageSize: in.PageSize, api.ParamBefore: in.Before, api.ParamAfter: in.After, api.ParamOrderBy: in.OrderBy} {
				if val != "" {
					q.Set(k, val)
				}
			}
			page, err := parsePageRequest(q, pageRules{times: true})
			if err != nil {
				return api.ActivityPage{}, err
			}
			return pageOf(v, ctx, vc, page)
		}))
	}
	history("list_deposits", "Deposit history", "The caller's deposits on a venue, cursor-paged (GET /v3/deposits).", venue.Venue.Deposits)
	history("list_withdrawals", "Withdrawal history", "The caller's withdrawals on a venue, cursor-paged (GET /v3/withdrawals).", venue.Venue.Withdrawals)
	addMCPTool(srv, s, &list, MCPTool{Name: "submit_signed_order", Title: "Submit a signed on-chain order",
		Description: "Relays an order the trader signed (EIP-712) to the DTW contract, gaslessly (POST /v2/order). " +
			"Idempotent by the trader's nonce: the identical request answers the same instructionId.",
		Permission: api.PermTrade},
		relayTool(s, onchain.CheckOrder, (*onchain.Service).SubmitOrder, func(in api.SignedOrderRequest) string {
			return fmt.Sprintf("Relay %s's signed %s order on %s: sell %s %s for at least %s %s?",
				echo.Value(in.Trader), echo.Value(in.OrderType), echo.Value(in.Source), echo.Value(in.AmountToSell),
				echo.Value(in.SellingAsset), echo.Value(in.LimitAmountToReceive), echo.Value(in.BuyingAsset))
		}))
	addMCPTool(srv, s, &list, MCPTool{Name: "submit_signed_withdrawal", Title: "Submit a signed on-chain withdrawal",
		Description: "Relays a withdrawal the trader signed (EIP-712) from the DTW contract to an approved address, gaslessly " +
			"(POST /v2/withdrawals). Idempotent by the trader's nonce.",
		Permission: api.PermWithdraw},
		relayTool(s, onchain.CheckWithdrawal, (*onchain.Service).SubmitWithdrawal, func(in api.SignedWithdrawalRequest) string {
			return fmt.Sprintf("Relay %s's signed withdrawal on %s: %s %s to %s?", echo.Value(in.Trader),
				echo.Value(in.Source), echo.Value(in.Amount), echo.Value(in.Asset), echo.Value(in.To))
		}))
	addMCPTool(srv, s, &list, MCPTool{Name: "submit_signed_cancel_request", Title: "Cancel an open on-chain order",
		Description: "Relays the trader's signed (EIP-712) request to cancel one of its open DTW orders (POST /v2/order-cancel-requests); " +
			"the order's status becomes CANCELLED, with its return transaction, once the contract has cancelled it. Idempotent by the trader's nonce.",
		Permission: api.PermTrade},
		relayTool(s, onchain.CheckCancelRequest, (*onchain.Service).SubmitCancelRequest, func(in api.SignedCancelRequest) string {
			return fmt.Sprintf("Cancel %s's order %s on %s?", echo.Value(in.Trader), echo.Value(in.OrderID), echo.Value(in.Source))
		}))
	addMCPTool(srv, s, &list, MCPTool{Name: "submit_signed_nonce_invalidation", Title: "Void signed nonces",
		Description: "Relays the trader's signed (EIP-712) invalidation of its signature nonces, a bitmap word's masked bits and every " +
			"nonce below minNonce, so that orders and withdrawals signed with them can never be relayed (POST /v2/nonce-invalidations).",
		Permission: api.PermTrade},
		relayTool(s, onchain.CheckNonceInvalidation, (*onchain.Service).SubmitNonceInvalidation, func(in api.SignedNonceInvalidationRequest) string {
			return fmt.Sprintf("Void %s's signed nonces on %s (word %s, mask %s, every nonce below %s)?", echo.Value(in.Trader),
				echo.Value(in.Source), echo.Value(in.Word), echo.Value(in.Mask), echo.Value(in.MinNonce))
		}))
	addMCPTool(srv, s, &list, MCPTool{Name: "swap", Title: "Swap on OFFCHAIN",
		Description: "Sells an amount of one asset for another on OFFCHAIN against the house at the feed's price less commission: " +
			"MARKET fills at once, LIMIT rests until the price gives limitAmountToReceive or expiresAt (POST /v2/orders). " +
			"Idempotent by instructionId: the identical request answers the same order.",
		Permission: api.PermTrade},
		func(ctx context.Context, c *Caller, in api.SwapRequest) (api.OrderStatus, error) {
			if err := offchain.CheckSwap(in); err != nil {
				return api.OrderStatus{}, err
			}
			if err := amounts("amountToSell", in.AmountToSell, "limitAmountToReceive", in.LimitAmountToReceive); err != nil {
				return api.OrderStatus{}, err
			}
			what := "at the market price"
			if in.LimitAmountToReceive != "" {
				what = "for at least " + echo.Value(in.LimitAmountToReceive) + " " + echo.Value(in.BuyingAsset)
			}
			if err := confirm(ctx, fmt.Sprintf("Sell %s %s for %s on OFFCHAIN %s?", echo.Value(in.AmountToSell), echo.Value(in.SellingAsset),
				echo.Value(in.BuyingAsset), what)); err != nil {
				return api.OrderStatus{}, err
			}
			return s.trading.SubmitSwap(ctx, c.AccountID, in)
		})
	addMCPTool(srv, s, &list, MCPTool{Name: "request_quote", Title: "Request a firm quote",
		Description: "A firm OFFCHAIN price for buying an amount, inclusive of commission, held 5 seconds; action it with action_quote " +
			"(POST /v2/request-quote). Moves nothing by itself.",
		Permission: api.PermTrade},
		func(ctx context.Context, c *Caller, in api.QuoteRequest) (api.Quote, error) {
			return s.trading.RequestQuote(ctx, c.AccountID, in)
		})
	addMCPTool(srv, s, &list, MCPTool{Name: "action_quote", Title: "Accept a quote",
		Description: "Trades a quote at exactly its amounts within its 5 seconds, at most once (POST /v2/action-quote); answers the RFQ trade.",
		Permission:  api.PermTrade},
		func(ctx context.Context, c *Caller, in actionQuoteInput) (api.OrderStatus, error) {
			q, err := s.trading.QuoteOf(ctx, c.AccountID, in.InstructionID)
			if err != nil {
				return api.OrderStatus{}, err
			}
			if err := confirm(ctx, fmt.Sprintf("Sell %s %s for %s %s (quote %s)?", q.AmountToSell, q.SellingAsset, q.AmountToBuy,
				q.BuyingAsset, echo.Value(q.InstructionID))); err != nil {
				return api.OrderStatus{}, err
			}
			if err := s.trading.ActionQuote(ctx, c.AccountID, in.InstructionID); err != nil {
				return api.OrderStatus{}, err
			}
			return s.offchainVenue.(interface {
				OrderByInstructionKind(context.Context, venue.Caller, string, string) (api.OrderStatus, error)
			}).OrderByInstructionKind(ctx, venue.Caller{AccountID: c.AccountID}, api.OrderKindRFQ, in.InstructionID)
		})
	addMCPTool(srv, s, &list, MCPTool{Name: "submit_offchain_withdrawal", Title: "Withdraw OFFCHAIN funds",
		Description: "Holds an amount of the caller's OFFCHAIN balance and records a withdrawal to an approved address or a bank " +
			"account, never beyond what may be withdrawn (POST /v2/offchain-withdrawals). Idempotent by instructionId.",
		Permission: api.PermWithdraw},
		func(ctx context.Context, c *Caller, in api.OffchainWithdrawalRequest) (api.OffchainWithdrawal, error) {
			if err := offchain.CheckWithdrawal(in); err != nil {
				return api.OffchainWithdrawal{}, err
			}
			if err := amounts("amount", in.Amount); err != nil {
				return api.OffchainWithdrawal{}, err
			}
			to := echo.Value(in.WithdrawalAddressID)
			if in.BankDetail != nil {
				to = "a bank account"
			}
			if err := confirm(ctx, fmt.Sprintf("Withdraw %s %s from OFFCHAIN to %s?", echo.Value(in.Amount), echo.Value(in.Asset), to)); err != nil {
				return api.OffchainWithdrawal{}, err
			}
			return s.funding.SubmitWithdrawal(ctx, c.AccountID, in)
		})
	return list
}

// sourced is a tool input that names a venue.
type sourced interface{ source() string }

func (in sourceInput) source() string      { return in.Source }
func (in orderStatusInput) source() string { return in.Source }
func (in instructionInput) source() string { return in.Source }
func (in historyInput) source() string     { return in.Source }

// venueTool is a tool's function that resolves the input's venue and the caller's view
// of it, then runs fn.
func venueTool[In sourced, Out any](s *Service, fn func(ctx context.Context, v venue.Venue, vc venue.Caller, in In) (Out, error)) func(context.Context, *Caller, In) (Out, error) {
	return func(ctx context.Context, c *Caller, in In) (Out, error) {
		v, err := s.venue(in.source())
		if err != nil {
			var zero Out
			return zero, err
		}
		wallets, err := s.callers.Wallets(ctx, c.AccountID)
		if err != nil {
			var zero Out
			return zero, err
		}
		return fn(ctx, v, venue.Caller{AccountID: c.AccountID, Wallets: wallets}, in)
	}
}

// relayTool is a tool's function that relays a trader's signed request as its REST route
// does, once its user confirmed the question asks: the service's check runs before the
// question, so that nobody confirms a request the gateway refuses.
func relayTool[In any](s *Service, check func(In) error,
	submit func(*onchain.Service, context.Context, string, []common.Address, In) (api.SubmitResponse, error),
	question func(In) string) func(context.Context, *Caller, In) (api.SubmitResponse, error) {
	return func(ctx context.Context, c *Caller, in In) (api.SubmitResponse, error) {
		if err := check(in); err != nil {
			return api.SubmitResponse{}, err
		}
		wallets, err := s.callers.Wallets(ctx, c.AccountID)
		if err != nil {
			return api.SubmitResponse{}, err
		}
		if err := confirm(ctx, question(in)); err != nil {
			return api.SubmitResponse{}, err
		}
		return submit(s.onchain, ctx, c.AccountID, wallets, in)
	}
}
