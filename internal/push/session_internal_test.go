package push

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

func pairs(ps ...string) *api.SubscriptionBody {
	b := &api.SubscriptionBody{}
	for i := 0; i+1 < len(ps); i += 2 {
		b.Assets = append(b.Assets, api.AssetPair{SellingAsset: ps[i], BuyingAsset: ps[i+1]})
	}
	return b
}

// TestParseSubscriptions: what SUBSCRIBE and UNSUBSCRIBE accept, the ERROR code of what
// they do not, and the asset ids lower-cased.
func TestParseSubscriptions(t *testing.T) {
	for _, c := range []struct {
		name      string
		subs      []api.Subscription
		subscribe bool
		code      api.ErrorCode
		want      []api.Subscription
	}{
		{"channels", []api.Subscription{{ChannelType: api.ChannelOrders, Body: pairs("x", "y")}, {ChannelType: api.ChannelAccountActivity}}, true, "",
			[]api.Subscription{{ChannelType: api.ChannelOrders}, {ChannelType: api.ChannelAccountActivity}}},
		{"pairs lower-cased", []api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates, Body: pairs(" ETH", "Usdt")}}, true, "",
			[]api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates, Body: pairs("eth", "usdt")}}},
		{"none", nil, true, api.CodeInvalidSchema, nil},
		{"unknown channel", []api.Subscription{{ChannelType: "TRADES"}}, true, api.CodeInvalidSchema, nil},
		{"prices without assets", []api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates}}, true, api.CodeInvalidSchema, nil},
		{"unsubscribe every pair", []api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates}}, false, "",
			[]api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates}}},
		{"one asset twice", []api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates, Body: pairs("eth", "ETH")}}, true, api.CodeDuplicateAssetPair, nil},
		{"a slash in an asset", []api.Subscription{{ChannelType: api.ChannelPriceFeedUpdates, Body: pairs("eth/usdt", "dai")}}, true, api.CodeInvalidSchema, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errm := parseSubscriptions(&api.WSMetadata{Subscriptions: c.subs}, c.subscribe)
			if c.code != "" {
				require.NotNil(t, errm)
				require.Equal(t, api.WSError, errm.Type)
				require.Equal(t, c.code, errm.Error.Code)
				return
			}
			require.Nil(t, errm)
			require.Equal(t, c.want, got)
		})
	}
	_, errm := parseSubscriptions(nil, true)
	require.Equal(t, api.CodeInvalidSchema, errm.Error.Code)
}
