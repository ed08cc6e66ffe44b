package faults

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// ReorgOptions shape a Reorg.
type ReorgOptions struct {
	// Depth is how many blocks at the head are replaced (at least 1).
	Depth int
	// Drop, when set, leaves out of the new blocks the transactions it returns true for
	// (they are gone, as from a node that lost its pool): their senders must send them
	// again. The others are mined again, one block later than before where the new
	// blocks allow.
	Drop func(tx *types.Transaction, from common.Address) bool
	// Noise signs a transaction (1 wei to itself) put first in the new blocks, so that
	// every new block differs from the one it replaces even when it holds the same
	// transactions. Its account needs ether.
	Noise *ecdsa.PrivateKey
	// BlockTime is the chain's interval mining (whole seconds), zero when it mines a
	// block per transaction (automine): how mining is paused and resumed.
	BlockTime time.Duration
}

// ReorgResult tells what a Reorg replaced.
type ReorgResult struct {
	// From is the first replaced block number, Head the head's (unchanged) number.
	From, Head uint64
	// OldHead and NewHead are the head's hash before and after.
	OldHead, NewHead common.Hash
	// Kept and Dropped count the replaced blocks' transactions mined again and left out.
	Kept, Dropped int
}

// Reorg replaces the last opts.Depth blocks of an anvil chain with new blocks of the same
// height (anvil_reorg): a follower sees the same numbers with other hashes and parents,
// logs removed, and transactions moved to other blocks or gone. Mining is paused while
// the blocks are read and replaced (transactions sent meanwhile wait in the pool and are
// mined right after), so no block is lost or mined twice.
func Reorg(ctx context.Context, rc *rpc.Client, opts ReorgOptions) (res ReorgResult, err error) {
	if opts.Depth < 1 {
		return res, errors.New("reorg: depth must be at least 1")
	}
	ec := ethclient.NewClient(rc)
	chainID, err := ec.ChainID(ctx)
	if err != nil {
		return res, fmt.Errorf("reorg: chain id: %w", err)
	}
	if err := setMining(ctx, rc, false, opts.BlockTime); err != nil {
		return res, fmt.Errorf("reorg: pause mining: %w", err)
	}
	defer func() {
		if e := setMining(context.WithoutCancel(ctx), rc, true, opts.BlockTime); e != nil && err == nil {
			err = fmt.Errorf("reorg: resume mining: %w", e)
		}
	}()
	head, err := ec.BlockNumber(ctx)
	if err != nil {
		return res, fmt.Errorf("reorg: head: %w", err)
	}
	depth := min(uint64(opts.Depth), head)
	if depth == 0 {
		return res, errors.New("reorg: no block to replace")
	}
	res.From, res.Head = head-depth+1, head
	signer := types.LatestSignerForChainID(chainID)
	var txs []any // [raw, offset] pairs: anvil_reorg's TransactionData is raw bytes or a request
	if opts.Noise != nil {
		noise, err := noiseTx(ctx, ec, signer, opts.Noise)
		if err != nil {
			return res, err
		}
		txs = append(txs, []any{hexutil.Bytes(noise), 0})
	}
	for n := res.From; n <= head; n++ {
		b, err := ec.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		if err != nil {
			return res, fmt.Errorf("reorg: block %d: %w", n, err)
		}
		if n == head {
			res.OldHead = b.Hash()
		}
		offset := min(n-res.From+1, depth-1)
		for _, tx := range b.Transactions() {
			from, err := types.Sender(signer, tx)
			if err != nil {
				return res, fmt.Errorf("reorg: sender of %s: %w", tx.Hash(), err)
			}
			if opts.Drop != nil && opts.Drop(tx, from) {
				res.Dropped++
				continue
			}
			raw, err := tx.MarshalBinary()
			if err != nil {
				return res, fmt.Errorf("reorg: encode %s: %w", tx.Hash(), err)
			}
			txs = append(txs, []any{hexutil.Bytes(raw), offset})
			res.Kept++
		}
	}
	if txs == nil {
		txs = []any{}
	}
	if err := rc.CallContext(ctx, nil, "anvil_reorg", depth, txs); err != nil {
		return res, fmt.Errorf("reorg: anvil_reorg depth %d: %w", depth, err)
	}
	nb, err := ec.HeaderByNumber(ctx, new(big.Int).SetUint64(head))
	if err != nil {
		return res, fmt.Errorf("reorg: new head: %w", err)
	}
	res.NewHead = nb.Hash()
	if res.NewHead == res.OldHead {
		return res, fmt.Errorf("reorg: block %d kept its hash %s", head, res.OldHead)
	}
	return res, nil
}

// setMining pauses (on false) or resumes anvil's mining, interval or automine; resuming
// automine mines what waited in the pool meanwhile.
func setMining(ctx context.Context, rc *rpc.Client, on bool, blockTime time.Duration) error {
	if blockTime > 0 {
		secs := uint64(0)
		if on {
			secs = uint64(blockTime / time.Second)
		}
		return rc.CallContext(ctx, nil, "evm_setIntervalMining", secs)
	}
	if err := rc.CallContext(ctx, nil, "evm_setAutomine", on); err != nil || !on {
		return err
	}
	return rc.CallContext(ctx, nil, "evm_mine")
}

// noiseTx signs a 1-wei transfer of key's account to itself at its next nonce.
func noiseTx(ctx context.Context, ec *ethclient.Client, signer types.Signer, key *ecdsa.PrivateKey) ([]byte, error) {
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := ec.NonceAt(ctx, from, nil)
	if err != nil {
		return nil, fmt.Errorf("reorg: noise nonce: %w", err)
	}
	tip := big.NewInt(1e9)
	head, err := ec.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("reorg: head: %w", err)
	}
	feeCap := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(4)), tip)
	tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{ChainID: signer.ChainID(), Nonce: nonce, GasTipCap: tip,
		GasFeeCap: feeCap, Gas: 21000, To: &from, Value: big.NewInt(1)})
	if err != nil {
		return nil, fmt.Errorf("reorg: sign noise: %w", err)
	}
	return tx.MarshalBinary()
}
