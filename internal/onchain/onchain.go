// Package onchain answers the gateway's on-chain endpoints: assets and addresses of each
// chain, relays of signed orders and withdrawals, order and withdrawal status, deposit and
// withdrawal history (each chain a venue of the shared endpoints), and the operator's
// inventory that market data reads. Every view of an order or a balance change is limited
// to the caller's wallets.
package onchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Errors of the service; the gateway maps them to the interface's codes.
var (
	// ErrInvalid: a field of the request is invalid (INVALID_SCHEMA).
	ErrInvalid = errors.New("invalid request")
	// ErrInvalidQuery: a query parameter is invalid (INVALID_QUERY_PARAMS).
	ErrInvalidQuery = errors.New("invalid query parameters")
	// ErrForbidden: the wallet or address is not the caller's (INVALID_PERMISSIONS).
	ErrForbidden = errors.New("not the caller's")
	// ErrNotFound: no such order or withdrawal for the caller (NOT_FOUND).
	ErrNotFound = errors.New("not found")
	// ErrNonceUsed: a signed request reuses a trader nonce that another signed request used
	// or is using (NONCE_ALREADY_USED).
	ErrNonceUsed = errors.New("nonce already used")
	// ErrAmountTooSmall: a relayed amount is below the asset's minimum (AMOUNT_TOO_SMALL).
	ErrAmountTooSmall = errors.New("amount too small")
	// ErrRateLimited: the account asks for relays too often (RATE_LIMITED); the error is a
	// *RateLimitError that says when to retry.
	ErrRateLimited = errors.New("too many relays")
	// ErrRelayQueued: a relay request is stored, but the settler of its chain has not sent
	// it within the wait (SERVICE_UNAVAILABLE_ERROR); the identical request, sent again,
	// answers its transaction once sent.
	ErrRelayQueued = errors.New("relay not sent yet")
)

// Relay kinds in the journal and the relays table.
const (
	RelayOrder      = "relay-order"
	RelayWithdrawal = "relay-withdrawal"
)

// CodeReader reads account code; relays use it to leave contract wallets' signatures to
// the contract (ERC-1271). *ethclient.Client satisfies it.
type CodeReader interface {
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
}

// Chain is one served chain.
type Chain struct {
	Source *chain.Source
	// Client is the chain's RPC.
	Client CodeReader
}

// Store is what the service reads and writes: the chain data the settlers record, and
// relay requests for them to send. The store is the only link between the API and the
// settlers, which may run in other processes.
type Store interface {
	store.ChainStore
	store.SettlerStore
	// RelaysNotify wakes relay waiters (store.Store's RelaysNotify).
	RelaysNotify() <-chan struct{}
}

// Service answers the on-chain endpoints. It is safe for concurrent use.
type Service struct {
	reg     *chain.Registry
	chains  map[string]*Chain
	store   Store
	policy  RelayPolicy
	limiter *ratelimit.Limiter
	views   viewCache
}

// New returns a service over the chains (keyed by source name) that relays without
// minimums or rate limit.
func New(reg *chain.Registry, chains []*Chain, st Store) *Service {
	return NewWithPolicy(reg, chains, st, RelayPolicy{})
}

// NewWithPolicy returns a service over the chains (keyed by source name) whose relays
// follow policy.
func NewWithPolicy(reg *chain.Registry, chains []*Chain, st Store, policy RelayPolicy) *Service {
	if policy.Now == nil {
		policy.Now = time.Now
	}
	if policy.Wait <= 0 {
		policy.Wait = DefaultRelayWait
	}
	s := &Service{reg: reg, chains: map[string]*Chain{}, store: st, policy: policy,
		limiter: ratelimit.New(policy.PerAccount, 0)}
	for _, c := range chains {
		s.chains[c.Source.Name] = c
	}
	return s
}

func (s *Service) chain(name string) (*Chain, error) {
	src, err := s.reg.Source(name)
	if err != nil {
		return nil, err
	}
	return s.chains[src.Name], nil
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// assets lists the asset ids of a chain.
func (s *Service) assets(c *Chain) (api.AssetsResponse, error) {
	out := api.AssetsResponse{Assets: []string{}}
	for _, a := range c.Source.Assets {
		out.Assets = append(out.Assets, a.ID)
	}
	return out, nil
}

// tokenInformation describes the tokens of a chain's assets.
func (s *Service) tokenInformation(c *Chain) (api.TokenInformationResponse, error) {
	out := api.TokenInformationResponse{TokenInfoResponses: []api.TokenInfoResponse{}}
	for _, a := range c.Source.Assets {
		out.TokenInfoResponses = append(out.TokenInfoResponses, api.TokenInfoResponse{
			Asset:  a.ID,
			Tokens: []api.TokenInfo{{Token: a.ID, TokenAddress: a.Address.Hex(), Decimals: strconv.Itoa(int(a.Decimals))}},
		})
	}
	return out, nil
}

// DepositAddresses lists the DTW contract of every chain.
func (s *Service) DepositAddresses() api.DepositAddressesResponse {
	out := api.DepositAddressesResponse{Addresses: []api.DepositAddress{}}
	for _, name := range s.reg.Names() {
		src, _ := s.reg.Source(name)
		out.Addresses = append(out.Addresses, api.DepositAddress{
			Address: src.DTW.Hex(), DepositAddressReference: "chain:" + strconv.FormatUint(src.ChainID, 10), DepositLocation: name,
		})
	}
	return out
}

// FundLocations lists the chains funds can be held on.
func (s *Service) FundLocations() api.FundLocationsResponse {
	out := api.FundLocationsResponse{FundLocations: []api.FundLocation{}}
	for _, name := range s.reg.Names() {
		src, _ := s.reg.Source(name)
		out.FundLocations = append(out.FundLocations, api.FundLocation{
			Location: name, ChainID: strconv.FormatUint(src.ChainID, 10), DTWAddress: src.DTW.Hex(),
		})
	}
	return out
}

// WithdrawalAddresses lists the account's withdrawal destinations.
func (s *Service) WithdrawalAddresses(ctx context.Context, accountID string) (api.WithdrawalAddressesResponse, error) {
	if s.store == nil { // no chains (Empty): no on-chain withdrawal addresses
		return api.WithdrawalAddressesResponse{Addresses: []api.WithdrawalAddress{}}, nil
	}
	list, err := s.store.WithdrawalAddresses(ctx, accountID)
	if err != nil {
		return api.WithdrawalAddressesResponse{}, err
	}
	out := api.WithdrawalAddressesResponse{Addresses: []api.WithdrawalAddress{}}
	for _, w := range list {
		out.Addresses = append(out.Addresses, api.WithdrawalAddress{
			ID: w.ID, WithdrawalLocation: w.Source, WithdrawalLocationReference: w.Address.Hex(), Status: w.Status,
		})
	}
	return out, nil
}

// parseWallet checks that a trader address is one of the caller's wallets.
func parseWallet(field, value string, wallets []common.Address) (common.Address, error) {
	addr, err := parseAddress(field, value)
	if err != nil {
		return common.Address{}, err
	}
	if !slices.Contains(wallets, addr) {
		return common.Address{}, fmt.Errorf("%w: %s %s is not a wallet of your account (sign in with it, or ask an operator to link it)", ErrForbidden, field, addr.Hex())
	}
	return addr, nil
}

// parseAddress reads an address field strictly (chain.ParseAddress).
func parseAddress(field, value string) (common.Address, error) {
	addr, err := chain.ParseAddress(value)
	if err != nil {
		return common.Address{}, invalid("%s: %v", field, err)
	}
	return addr, nil
}

// parseAmount reads an amount field of asset a in base units (chain's bounded parser).
func parseAmount(field, value string, a chain.Asset) (*big.Int, error) {
	units, err := a.ParseAmount(value)
	if err != nil {
		return nil, invalid("%s %q: %v", field, echo.Value(value), err)
	}
	return units, nil
}

func parseUint(field, value string) (*big.Int, error) {
	n, ok := new(big.Int).SetString(strings.TrimSpace(value), 10)
	if !ok || n.Sign() < 0 {
		return nil, invalid("%s %q is not a non-negative integer", field, echo.Value(value))
	}
	return n, nil
}

func parseSignature(value string) ([]byte, error) {
	sig, err := hexutil.Decode(value)
	if err != nil || len(sig) != crypto.SignatureLength {
		return nil, invalid("signature must be 65 bytes of 0x-prefixed hex")
	}
	return sig, nil
}

// checkSigner recovers an EIP-712 signature locally so a wrong signature is a clear 400
// rather than a reverted relay; contract wallets (ERC-1271) are left to the contract.
func checkSigner(ctx context.Context, c *Chain, digest common.Hash, sig []byte, trader common.Address) error {
	code, err := c.Client.CodeAt(ctx, trader, nil)
	if err != nil {
		return fmt.Errorf("code of %s: %w", trader, err)
	}
	if len(code) > 0 {
		return nil
	}
	s := slices.Clone(sig)
	if s[64] >= 27 {
		s[64] -= 27
	}
	pub, err := crypto.SigToPub(digest[:], s)
	if err != nil || crypto.PubkeyToAddress(*pub) != trader {
		return invalid("signature is not the trader's over the EIP-712 typed data (domain DTW/1, chain %d, contract %s)", c.Source.ChainID, c.Source.DTW.Hex())
	}
	return nil
}

// chainAndTrader resolves a relay request's source and checks that its trader is one of
// the caller's wallets.
func (s *Service) chainAndTrader(source, trader string, wallets []common.Address) (*Chain, common.Address, error) {
	c, err := s.chain(source)
	if err != nil {
		return nil, common.Address{}, err
	}
	addr, err := parseWallet("trader", trader, wallets)
	return c, addr, err
}

// SubmitOrder relays a trader's signed order.
func (s *Service) SubmitOrder(ctx context.Context, accountID string, wallets []common.Address, req api.SignedOrderRequest) (api.SubmitResponse, error) {
	c, trader, err := s.chainAndTrader(req.Source, req.Trader, wallets)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	sell, err := c.Source.Asset(req.SellingAsset)
	if err != nil {
		return api.SubmitResponse{}, invalid("sellingAsset: %v", err)
	}
	buy, err := c.Source.Asset(req.BuyingAsset)
	if err != nil {
		return api.SubmitResponse{}, invalid("buyingAsset: %v", err)
	}
	if sell.Address == buy.Address {
		return api.SubmitResponse{}, invalid("sellingAsset and buyingAsset are the same")
	}
	o := dtw.SignedOrder{Trader: trader, SellToken: sell.Address, BuyToken: buy.Address}
	if o.SellAmount, err = parseAmount("amountToSell", req.AmountToSell, sell); err != nil {
		return api.SubmitResponse{}, err
	}
	if o.MinBuyAmount, err = parseAmount("limitAmountToReceive", req.LimitAmountToReceive, buy); err != nil {
		return api.SubmitResponse{}, err
	}
	if err := s.checkMinimum(c, sell, o.SellAmount, RelayOrder); err != nil {
		return api.SubmitResponse{}, err
	}
	switch strings.ToUpper(req.OrderType) {
	case "", api.OrderTypeMarket:
		o.Kind = dtw.KindMarket
	case api.OrderTypeLimit:
		o.Kind = dtw.KindLimit
	default:
		return api.SubmitResponse{}, invalid("orderType %q: use MARKET or LIMIT", echo.Value(req.OrderType))
	}
	signed, err := parseSigned(req.Deadline, req.Nonce, req.Signature)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	o.Deadline, o.Nonce = signed.deadline, signed.nonce
	td := dtw.OrderTypedData(new(big.Int).SetUint64(c.Source.ChainID), c.Source.DTW, o)
	return s.checkAndRelay(ctx, c, relayRequest{kind: RelayOrder, accountID: accountID, wallets: wallets, trader: trader,
		nonce: signed.nonce, data: bindings.NewDTW().PackPlaceOrderSigned(o, signed.sig)}, td, signed.sig)
}

// signedFields are what every signed request carries besides its payload.
type signedFields struct {
	deadline uint64
	nonce    *big.Int
	sig      []byte
}

func parseSigned(deadline, nonce, signature string) (signedFields, error) {
	var f signedFields
	d, err := parseUint("deadline", deadline)
	if err != nil || !d.IsUint64() {
		return f, invalid("deadline %q must be a unix time in seconds", echo.Value(deadline))
	}
	f.deadline = d.Uint64()
	if f.nonce, err = parseUint("nonce", nonce); err != nil {
		return f, err
	}
	f.sig, err = parseSignature(signature)
	return f, err
}

// checkAndRelay checks the signature over the typed data, then relays the request.
func (s *Service) checkAndRelay(ctx context.Context, c *Chain, req relayRequest, td apitypes.TypedData, sig []byte) (api.SubmitResponse, error) {
	digest, err := dtw.Digest(td)
	if err != nil {
		return api.SubmitResponse{}, invalid("%v", err)
	}
	if err := checkSigner(ctx, c, digest, sig, req.trader); err != nil {
		return api.SubmitResponse{}, err
	}
	req.digest = digest
	return s.relay(ctx, c, req)
}

// SubmitWithdrawal relays a trader's signed withdrawal to an approved address.
func (s *Service) SubmitWithdrawal(ctx context.Context, accountID string, wallets []common.Address, req api.SignedWithdrawalRequest) (api.SubmitResponse, error) {
	c, trader, err := s.chainAndTrader(req.Source, req.Trader, wallets)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	asset, err := c.Source.Asset(req.Asset)
	if err != nil {
		return api.SubmitResponse{}, invalid("asset: %v", err)
	}
	to, err := parseAddress("to", req.To)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	// A malformed body is a 400 whatever the account has approved.
	w := dtw.SignedWithdrawal{Trader: trader, Token: asset.Address, To: to}
	if w.Amount, err = parseAmount("amount", req.Amount, asset); err != nil {
		return api.SubmitResponse{}, err
	}
	approved, err := s.store.WithdrawalAddresses(ctx, accountID)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	if !slices.ContainsFunc(approved, func(w store.WithdrawalAddress) bool {
		return w.Address == to && w.Source == c.Source.Name && w.Status == store.AddressApproved
	}) {
		return api.SubmitResponse{}, fmt.Errorf("%w: %s is not an approved withdrawal address of your account on %s (see GET /v2/withdrawal-addresses)", ErrForbidden, to.Hex(), c.Source.Name)
	}
	if err := s.checkMinimum(c, asset, w.Amount, RelayWithdrawal); err != nil {
		return api.SubmitResponse{}, err
	}
	signed, err := parseSigned(req.Deadline, req.Nonce, req.Signature)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	w.Deadline, w.Nonce = signed.deadline, signed.nonce
	td := dtw.WithdrawalTypedData(new(big.Int).SetUint64(c.Source.ChainID), c.Source.DTW, w)
	return s.checkAndRelay(ctx, c, relayRequest{kind: RelayWithdrawal, accountID: accountID, wallets: wallets, trader: trader,
		nonce: signed.nonce, data: bindings.NewDTW().PackWithdrawSigned(w, signed.sig)}, td, signed.sig)
}

// Empty returns a service without chains: every source is unknown.
func Empty() *Service {
	reg, _ := chain.NewRegistry(nil)
	return New(reg, nil, nil)
}
