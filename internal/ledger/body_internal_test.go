package ledger

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
)

// TestMarshalBodyIsEncodingJSON: a receipt row's body written out by hand is byte for
// byte encoding/json's, for the lists a receipt holds (empty, null, several) and for
// strings JSON escapes (which go through encoding/json).
func TestMarshalBodyIsEncodingJSON(t *testing.T) {
	for name, c := range map[string]struct {
		postings []receipt.Posting
		balances []receipt.Balance
	}{
		"swap": {[]receipt.Posting{{Asset: "eur", Amount: "-100"}, {Asset: "usdc", Amount: "109.78"}},
			[]receipt.Balance{{Asset: "eur", Balance: "900"}, {Asset: "usdc", Balance: "0.000001"}}},
		"hold":          {[]receipt.Posting{}, []receipt.Balance{{Asset: "usdt", Balance: "-2.5"}}},
		"null":          {nil, nil},
		"escaped asset": {[]receipt.Posting{{Asset: `a"b`, Amount: "1"}}, []receipt.Balance{{Asset: "x<y>&", Balance: "\\1"}}},
		"not ascii":     {[]receipt.Posting{{Asset: "é", Amount: "1\n"}}, nil},
	} {
		t.Run(name, func(t *testing.T) {
			want, err := json.Marshal(receiptBody{Postings: c.postings, Balances: c.balances})
			require.NoError(t, err)
			got, err := marshalBody(c.postings, c.balances)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
		})
	}
}
