package dtw

import (
	"errors"

	gethabi "github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/dtwgate/dtwgate/abi/bindings"
)

var knownErrors = func() map[[4]byte]string {
	m := map[[4]byte]string{}
	for _, md := range []*bind.MetaData{&bindings.DTWMetaData, &bindings.TestTokenMetaData, &bindings.OwnerWalletMetaData, &bindings.DevnetAggregatorMetaData} {
		parsed, err := md.ParseABI()
		if err != nil {
			panic(err)
		}
		for name, e := range parsed.Errors {
			var id [4]byte
			copy(id[:], e.ID[:4])
			m[id] = name
		}
	}
	return m
}()

// RevertData returns the revert data carried by an RPC error, if any.
func RevertData(err error) []byte {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return nil
	}
	s, ok := de.ErrorData().(string)
	if !ok {
		return nil
	}
	b, err2 := hexutil.Decode(s)
	if err2 != nil {
		return nil
	}
	return b
}

// RevertName returns the name of the DTW custom error in err ("InsufficientBalance"), the
// reason of a require ("allowance"), the raw data in hex for anything else, or "" when err
// carries no revert data.
func RevertName(err error) string {
	data := RevertData(err)
	if len(data) < 4 {
		return ""
	}
	var id [4]byte
	copy(id[:], data[:4])
	if name, ok := knownErrors[id]; ok {
		return name
	}
	if reason, err := gethabi.UnpackRevert(data); err == nil {
		return reason
	}
	return hexutil.Encode(data)
}
