package dtwcli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/signer"
)

// hasSignerFlag reports whether a signer flag was given.
func hasSignerFlag(c *cli.Context) bool {
	return c.String(flagKeystore) != "" || c.String(flagAccount) != "" || c.String(flagSigner) != ""
}

// configSigner opens the signer the flags select, else the config's. The caller
// closes it.
func configSigner(c *cli.Context, cfg *Config) (signer.Signer, error) {
	if !hasSignerFlag(c) {
		if cfg.Signer == "" {
			return nil, usageError("no signer: pass --keystore PATH, --account NAME or --signer SPEC, or set signer in the config (`dtw config init`)")
		}
		if err := c.Set(flagSigner, cfg.Signer); err != nil {
			return nil, err
		}
	}
	if c.String(flagPasswordFile) == "" && cfg.PasswordFile != "" {
		if err := c.Set(flagPasswordFile, cfg.PasswordFile); err != nil {
			return nil, err
		}
	}
	s, err := openSigner(c)
	if err != nil && !isExitCoder(err) {
		return nil, &exitError{code: ExitUsage, err: fmt.Errorf("open signer: %w", err),
			hint: "check the signer spec and its password (--password-file, passwordFile in the config, or $" + signer.EnvPassword + ")"}
	}
	return s, err
}

// watchSigner is the trader's address without a key: enough for reading balances and
// verifying, never for signing.
type watchSigner struct{ addr common.Address }

var _ signer.Signer = watchSigner{}

var errWatchOnly = errors.New("read-only: no signer opened")

func (w watchSigner) Address() common.Address { return w.addr }
func (watchSigner) SignTx(context.Context, *types.Transaction, *big.Int) (*types.Transaction, error) {
	return nil, errWatchOnly
}
func (watchSigner) SignMessage(context.Context, []byte) ([]byte, error) { return nil, errWatchOnly }
func (watchSigner) SignTypedData(context.Context, apitypes.TypedData) ([]byte, error) {
	return nil, errWatchOnly
}
func (watchSigner) SignEIP712Digest(context.Context, common.Hash) ([]byte, error) {
	return nil, errWatchOnly
}
func (watchSigner) Close() error { return nil }

// chainSession is a trader on one source, with its RPC.
type chainSession struct {
	src    chain.Source
	trader *trader.Trader
	rpc    *ethclient.Client
	// verify is every RPC of the source, whose quorum must agree on what dtw verifies;
	// nil with one RPC.
	verify *chain.Pool
	signer signer.Signer
}

func (s *chainSession) Close() {
	s.rpc.Close()
	if s.verify != nil {
		s.verify.Close()
	}
	_ = s.signer.Close()
}

// verifyRPCTimeout bounds each call of verification to one of the trader's RPCs.
const verifyRPCTimeout = 30 * time.Second

// verifyPool dials every RPC of src as one pool whose src.VerifyQuorum endpoints must
// agree on each receipt, log and block that dtw verifies.
func verifyPool(src chain.Source) (*chain.Pool, error) {
	var eps []chain.PoolEndpoint
	for _, u := range src.RPCURLs {
		ec, err := ethclient.Dial(u)
		if err != nil {
			for _, e := range eps {
				e.Client.Close()
			}
			return nil, fmt.Errorf("dial %s RPC %s: %w", src.Name, u, err)
		}
		eps = append(eps, chain.PoolEndpoint{URL: u, Client: chain.NewTimedClient(ec, verifyRPCTimeout)})
	}
	return chain.NewPool(chain.PoolConfig{Source: src.Name, Quorum: src.VerifyQuorum, Logger: slog.New(slog.DiscardHandler)}, eps)
}

// openChain opens the trader of a validated source. sign opens the signer; otherwise
// the config's address is enough (the signer is opened only to learn the address).
func openChain(c *cli.Context, cfg *Config, src chain.Source, sign bool) (*chainSession, error) {
	var s signer.Signer
	if !sign && cfg.Address != "" && !hasSignerFlag(c) {
		s = watchSigner{addr: common.HexToAddress(cfg.Address)}
	} else {
		var err error
		if s, err = configSigner(c, cfg); err != nil {
			return nil, err
		}
	}
	rpc, err := ethclient.DialContext(c.Context, src.RPCURLs[0])
	if err != nil {
		_ = s.Close()
		return nil, chainError(src.Name, fmt.Errorf("dial %s RPC %s: %w", src.Name, src.RPCURLs[0], err))
	}
	opts := trader.Options{}
	var verify *chain.Pool
	if len(src.RPCURLs) > 1 {
		if verify, err = verifyPool(src); err != nil {
			rpc.Close()
			_ = s.Close()
			return nil, chainError(src.Name, err)
		}
		opts.Verify = verify
	}
	t, err := trader.New(c.Context, src, s, rpc, opts)
	if err != nil {
		rpc.Close()
		if verify != nil {
			verify.Close()
		}
		_ = s.Close()
		return nil, chainError(src.Name, err)
	}
	return &chainSession{src: t.Source(), trader: t, rpc: rpc, verify: verify, signer: s}, nil
}
