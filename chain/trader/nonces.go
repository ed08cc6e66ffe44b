package trader

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// nonceTimeShift puts a nonce's time above its 128 random bits.
const nonceTimeShift = 128

// NewNonce returns a fresh signature nonce that sorts by time: the unix time in
// nanoseconds above 128 random bits. Devices signing for one trader need no coordination,
// and MinNonceAt(t) voids every signature made with NewNonce before t at once.
func NewNonce() (*big.Int, error) {
	random, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), nonceTimeShift))
	if err != nil {
		return nil, fmt.Errorf("random nonce: %w", err)
	}
	return random.Or(random, MinNonceAt(time.Now())), nil
}

// MinNonceAt is the minimum nonce that voids every nonce NewNonce returned before t.
func MinNonceAt(t time.Time) *big.Int {
	return new(big.Int).Lsh(big.NewInt(t.UnixNano()), nonceTimeShift)
}

// MinNonce returns the trader's minimum signature nonce in the DTW contract: every
// signature with a lower nonce is void.
func (t *Trader) MinNonce(ctx context.Context) (*big.Int, error) {
	out, err := t.call(ctx, t.src.DTW, contract.PackMinNonce(t.Address()))
	if err != nil {
		return nil, fmt.Errorf("min nonce: %w", err)
	}
	return contract.UnpackMinNonce(out)
}

// NonceUsed reports whether a signature nonce of the trader can no longer be used: used,
// invalidated, or below the minimum.
func (t *Trader) NonceUsed(ctx context.Context, nonce *big.Int) (bool, error) {
	out, err := t.call(ctx, t.src.DTW, contract.PackNonceUsed(t.Address(), nonce))
	if err != nil {
		return false, fmt.Errorf("nonce used: %w", err)
	}
	return contract.UnpackNonceUsed(out)
}

// ErrNoNonces means an invalidation names no nonce and raises no minimum.
var ErrNoNonces = errors.New("no nonce to invalidate")

// nonceWords groups nonces by bitmap word, in the order each word first appears.
func nonceWords(nonces []*big.Int) (words []*big.Int, masks map[string]*big.Int, err error) {
	masks = map[string]*big.Int{}
	for _, n := range nonces {
		if n == nil || n.Sign() < 0 || n.BitLen() > 256 {
			return nil, nil, fmt.Errorf("nonce %v is not a uint256", n)
		}
		word, mask := dtw.NonceBit(n)
		if m, ok := masks[word.String()]; ok {
			m.Or(m, mask)
			continue
		}
		words, masks[word.String()] = append(words, word), mask
	}
	return words, masks, nil
}

// InvalidateNonces voids signature nonces of the trader directly on-chain, one
// invalidateNonces transaction per bitmap word (256 consecutive nonces share one). A
// signed order or withdrawal with one of them can no longer be relayed.
func (t *Trader) InvalidateNonces(ctx context.Context, nonces ...*big.Int) ([]*types.Receipt, error) {
	words, masks, err := nonceWords(nonces)
	if err != nil {
		return nil, fmt.Errorf("invalidate nonces: %w", err)
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("invalidate nonces: %w", ErrNoNonces)
	}
	var out []*types.Receipt
	for _, w := range words {
		r, err := t.transact(ctx, "invalidate nonces", t.src.DTW, contract.PackInvalidateNonces(w, masks[w.String()]), nil)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// SetMinNonce voids every signature nonce of the trader below minNonce directly on-chain
// (MinNonceAt(time.Now()) voids every signature NewNonce made so far). The contract
// refuses a minimum that does not raise the current one.
func (t *Trader) SetMinNonce(ctx context.Context, minNonce *big.Int) (*types.Receipt, error) {
	return t.transact(ctx, "set min nonce", t.src.DTW, contract.PackSetMinNonce(minNonce), nil)
}

// NonceInvalidationParams are a gasless nonce invalidation's choices.
type NonceInvalidationParams struct {
	// Nonces are voided; they must share one bitmap word (nonce / 256). May be empty.
	Nonces []*big.Int
	// MinNonce, when set and above the current minimum, voids every lower nonce.
	MinNonce *big.Int
	// Deadline is when the signature lapses; zero means Options.OrderTTL after the latest
	// block.
	Deadline time.Time
	// Nonce is the invalidation's own signature nonce; nil picks NewNonce.
	Nonce *big.Int
}

// SignedNonceInvalidation is a gasless nonce invalidation: what the trader signed, the
// signature, and the body of POST /v2/nonce-invalidations.
type SignedNonceInvalidation struct {
	Invalidation dtw.SignedNonceInvalidation
	Signature    []byte
	Request      api.SignedNonceInvalidationRequest
}

// SignNonceInvalidation signs a gasless nonce invalidation as EIP-712 typed data. Nothing
// is sent: submit Request with client.SubmitNonceInvalidation, or relay it from any
// account. A relayer holding one of the voided signatures can still relay it first;
// InvalidateNonces and SetMinNonce, sent by the trader, do not wait for one.
func (t *Trader) SignNonceInvalidation(ctx context.Context, p NonceInvalidationParams) (*SignedNonceInvalidation, error) {
	words, masks, err := nonceWords(p.Nonces)
	if err != nil {
		return nil, fmt.Errorf("sign nonce invalidation: %w", err)
	}
	if len(words) > 1 {
		return nil, fmt.Errorf("sign nonce invalidation: the nonces span %d bitmap words; one signed invalidation covers one word (nonce / 256)", len(words))
	}
	word, mask := new(big.Int), new(big.Int)
	if len(words) == 1 {
		word, mask = words[0], masks[words[0].String()]
	}
	minNonce := p.MinNonce
	if minNonce == nil {
		minNonce = new(big.Int)
	}
	if mask.Sign() == 0 && minNonce.Sign() == 0 {
		return nil, fmt.Errorf("sign nonce invalidation: %w", ErrNoNonces)
	}
	deadline, nonce, err := t.signedFields(ctx, p.Deadline, p.Nonce)
	if err != nil {
		return nil, err
	}
	n := dtw.SignedNonceInvalidation{Trader: t.Address(), Word: word, Mask: mask, MinNonce: minNonce, Nonce: nonce, Deadline: deadline}
	sig, err := t.signer.SignTypedData(ctx, dtw.NonceInvalidationTypedData(t.chainID, t.src.DTW, n))
	if err != nil {
		return nil, fmt.Errorf("sign nonce invalidation: %w", err)
	}
	return &SignedNonceInvalidation{Invalidation: n, Signature: sig, Request: api.SignedNonceInvalidationRequest{
		Source: t.src.Name, Trader: n.Trader.Hex(), Word: word.String(), Mask: mask.String(), MinNonce: minNonce.String(),
		Nonce: n.Nonce.String(), Deadline: strconv.FormatUint(deadline, 10), Signature: hexutil.Encode(sig),
	}}, nil
}

// signedFields returns what every signed request carries: its deadline in unix seconds
// (d, or Options.OrderTTL after the latest block when d is zero) and its nonce (nonce, or
// NewNonce when nil).
func (t *Trader) signedFields(ctx context.Context, d time.Time, nonce *big.Int) (uint64, *big.Int, error) {
	if d.IsZero() {
		now, err := t.headTime(ctx)
		if err != nil {
			return 0, nil, err
		}
		d = now.Add(t.opts.OrderTTL)
	}
	if nonce == nil {
		var err error
		if nonce, err = NewNonce(); err != nil {
			return 0, nil, err
		}
	}
	return uint64(d.Unix()), nonce, nil
}
