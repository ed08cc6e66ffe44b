package dtw_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

var (
	trader   = common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
	dai      = common.HexToAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")
	usdt     = common.HexToAddress("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0")
	contract = common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
)

func mustType(t *testing.T, s string) abi.Type {
	typ, err := abi.NewType(s, "", nil)
	require.NoError(t, err)
	return typ
}

// The digest is recomputed by hand from the EIP-712 definition, with the type strings the
// contract hashes (ORDER_TYPEHASH), so a drift between the Go typed data and DTW.sol fails.
func TestOrderDigestMatchesEIP712ByHand(t *testing.T) {
	o := dtw.SignedOrder{Trader: trader, SellToken: dai, BuyToken: usdt, SellAmount: new(big.Int).Mul(big.NewInt(100), big.NewInt(1e18)),
		MinBuyAmount: big.NewInt(99_000_000), Deadline: 1_800_000_000, Kind: dtw.KindLimit, Nonce: big.NewInt(7)}
	got, err := dtw.Digest(dtw.OrderTypedData(big.NewInt(31337), contract, o))
	require.NoError(t, err)

	addr, u256, u64, u8, b32 := mustType(t, "address"), mustType(t, "uint256"), mustType(t, "uint64"), mustType(t, "uint8"), mustType(t, "bytes32")
	domainType := crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	domain, err := abi.Arguments{{Type: b32}, {Type: b32}, {Type: b32}, {Type: u256}, {Type: addr}}.Pack(
		domainType, crypto.Keccak256Hash([]byte("DTW")), crypto.Keccak256Hash([]byte("1")), big.NewInt(31337), contract)
	require.NoError(t, err)
	orderType := crypto.Keccak256Hash([]byte("Order(address trader,address sellToken,address buyToken,uint256 sellAmount,uint256 minBuyAmount,uint64 deadline,uint8 kind,uint256 nonce)"))
	msg, err := abi.Arguments{{Type: b32}, {Type: addr}, {Type: addr}, {Type: addr}, {Type: u256}, {Type: u256}, {Type: u64}, {Type: u8}, {Type: u256}}.Pack(
		orderType, o.Trader, o.SellToken, o.BuyToken, o.SellAmount, o.MinBuyAmount, o.Deadline, o.Kind, o.Nonce)
	require.NoError(t, err)
	want := crypto.Keccak256Hash([]byte("\x19\x01"), crypto.Keccak256(domain), crypto.Keccak256(msg))
	require.Equal(t, want, got)

	other, err := dtw.Digest(dtw.OrderTypedData(big.NewInt(31338), contract, o))
	require.NoError(t, err)
	require.NotEqual(t, got, other, "the chain id is bound")
}

func TestOrderHashIsABIEncoding(t *testing.T) {
	o := dtw.Order{Trader: trader, SellToken: dai, BuyToken: usdt, SellAmount: big.NewInt(123456789),
		MinBuyAmount: big.NewInt(1), Deadline: 42, Kind: dtw.KindMarket}
	addr, u256, u64, u8 := mustType(t, "address"), mustType(t, "uint256"), mustType(t, "uint64"), mustType(t, "uint8")
	enc, err := abi.Arguments{{Type: addr}, {Type: addr}, {Type: addr}, {Type: u256}, {Type: u256}, {Type: u64}, {Type: u8}}.Pack(
		o.Trader, o.SellToken, o.BuyToken, o.SellAmount, o.MinBuyAmount, o.Deadline, o.Kind)
	require.NoError(t, err)
	require.Equal(t, crypto.Keccak256Hash(enc), dtw.OrderHash(o))
}

// The cancel request and nonce invalidation digests are recomputed by hand from the type
// strings DTW.sol hashes (CANCEL_REQUEST_TYPEHASH, NONCE_INVALIDATION_TYPEHASH).
func TestCancelAndInvalidationDigestsMatchEIP712ByHand(t *testing.T) {
	addr, u256, u64, b32 := mustType(t, "address"), mustType(t, "uint256"), mustType(t, "uint64"), mustType(t, "bytes32")
	domainType := crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	domain, err := abi.Arguments{{Type: b32}, {Type: b32}, {Type: b32}, {Type: u256}, {Type: addr}}.Pack(
		domainType, crypto.Keccak256Hash([]byte("DTW")), crypto.Keccak256Hash([]byte("1")), big.NewInt(31337), contract)
	require.NoError(t, err)
	digest := func(msg []byte) common.Hash {
		return crypto.Keccak256Hash([]byte("\x19\x01"), crypto.Keccak256(domain), crypto.Keccak256(msg))
	}

	c := dtw.SignedCancelRequest{Trader: trader, OrderId: big.NewInt(42), Nonce: big.NewInt(7), Deadline: 1_800_000_000}
	sellToken := common.HexToAddress("0x6B175474E89094C44Da98b954EedeAC495271d0F")
	got, err := dtw.Digest(dtw.CancelRequestTypedData(big.NewInt(31337), contract, c, sellToken))
	require.NoError(t, err)
	msg, err := abi.Arguments{{Type: b32}, {Type: addr}, {Type: u256}, {Type: addr}, {Type: u256}, {Type: u64}}.Pack(
		crypto.Keccak256Hash([]byte("CancelRequest(address trader,uint256 orderId,address sellToken,uint256 nonce,uint64 deadline)")),
		c.Trader, c.OrderId, sellToken, c.Nonce, c.Deadline)
	require.NoError(t, err)
	require.Equal(t, digest(msg), got, "cancel request")
	// The sell token is signed: the same request of the trader's order 42 selling
	// another token is another digest.
	other, err := dtw.Digest(dtw.CancelRequestTypedData(big.NewInt(31337), contract, c, common.HexToAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7")))
	require.NoError(t, err)
	require.NotEqual(t, got, other, "a cancel request's digest names its sell token")

	n := dtw.SignedNonceInvalidation{Trader: trader, Word: big.NewInt(3), Mask: big.NewInt(0b101), MinNonce: big.NewInt(1 << 40), Nonce: big.NewInt(8), Deadline: 1_800_000_000}
	got, err = dtw.Digest(dtw.NonceInvalidationTypedData(big.NewInt(31337), contract, n))
	require.NoError(t, err)
	msg, err = abi.Arguments{{Type: b32}, {Type: addr}, {Type: u256}, {Type: u256}, {Type: u256}, {Type: u256}, {Type: u64}}.Pack(
		crypto.Keccak256Hash([]byte("NonceInvalidation(address trader,uint256 word,uint256 mask,uint256 minNonce,uint256 nonce,uint64 deadline)")),
		n.Trader, n.Word, n.Mask, n.MinNonce, n.Nonce, n.Deadline)
	require.NoError(t, err)
	require.Equal(t, digest(msg), got, "nonce invalidation")
}

func TestNonceBit(t *testing.T) {
	for _, tc := range []struct {
		nonce      *big.Int
		word, mask *big.Int
	}{
		{big.NewInt(0), big.NewInt(0), big.NewInt(1)},
		{big.NewInt(255), big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), 255)},
		{big.NewInt(256 + 5), big.NewInt(1), big.NewInt(32)},
		{new(big.Int).Lsh(big.NewInt(1), 200), new(big.Int).Lsh(big.NewInt(1), 192), big.NewInt(1)},
	} {
		t.Run(tc.nonce.String(), func(t *testing.T) {
			word, mask := dtw.NonceBit(tc.nonce)
			require.Equal(t, tc.word.String(), word.String())
			require.Equal(t, tc.mask.String(), mask.String())
		})
	}
}

// PackFill puts the id, deadline and kind above the 160 address bits of the three address
// words, in the words' order; the amounts stay whole.
func TestPackFill(t *testing.T) {
	o := dtw.Order{Trader: trader, SellToken: dai, BuyToken: usdt, SellAmount: big.NewInt(100), MinBuyAmount: big.NewInt(99), Deadline: 1_700_000_000, Kind: dtw.KindLimit}
	id := new(big.Int).SetUint64(1<<64 - 1) // the largest id the contract numbers
	f := dtw.PackFill(id, o, big.NewInt(101))
	word := func(high uint64, a common.Address) string {
		return common.BytesToHash(append(new(big.Int).SetUint64(high).FillBytes(make([]byte, 12)), a.Bytes()...)).Hex()
	}
	require.Equal(t, word(1<<64-1, trader), common.BigToHash(f.IdAndTrader).Hex())
	require.Equal(t, word(1_700_000_000, dai), common.BigToHash(f.DeadlineAndSellToken).Hex())
	require.Equal(t, word(1, usdt), common.BigToHash(f.KindAndBuyToken).Hex())
	require.Equal(t, "100 99 101", f.SellAmount.String()+" "+f.MinBuyAmount.String()+" "+f.BuyAmount.String())
}
