package client_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestOffchainEndpoints: every OFFCHAIN account method of the client, on the caller's
// account and on a sub-account, against a real gateway.
func TestOffchainEndpoints(t *testing.T) {
	g := newGateway(t, func(c *config.Config) {
		c.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "DTW", IBAN: "DE89370400440532013000"}}
	})
	ctx := context.Background()
	k := g.createKey(t, api.AllPermissions...)
	sub := "acc_sub_client01"
	require.NoError(t, g.store.CreateAccount(ctx, store.Account{ID: sub, ParentID: k.account, CreatedAt: time.Now()}))
	c := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))

	ref, err := c.DepositReference(ctx, sub)
	require.NoError(t, err)
	op := offchaintest.New(g.cfg, g.store, nil, nil)
	_, err = op.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref.DepositReference, Asset: "eur", Amount: "40", TransferID: "bt"})
	require.NoError(t, err)

	bals, err := c.Balances(ctx, sub, "OFFCHAIN")
	require.NoError(t, err)
	require.Equal(t, []api.BalanceV2{{Asset: "eur", Balance: "40", Held: "0", Available: "40"}}, bals.Balances)
	own, err := c.Balances(ctx, "", "OFFCHAIN")
	require.NoError(t, err)
	require.Equal(t, "0", own.Balances[0].Balance)
	snap, err := c.AccountSnapshot(ctx, sub, "OFFCHAIN")
	require.NoError(t, err)
	require.Equal(t, "40", snap.Balances[0].AvailableToWithdraw)
	credit, err := c.Credit(ctx, sub, "OFFCHAIN")
	require.NoError(t, err)
	require.Equal(t, "0", credit.TotalCredit)
	set, err := c.AccountSettings(ctx, "", "OFFCHAIN")
	require.NoError(t, err)
	require.Len(t, set.AccountSettings, 2)
	_, err = c.SubAccountCommissionRate(ctx, sub, "OFFCHAIN", "usdt", "dai")
	require.NoError(t, err)
	details, err := c.DepositBankDetails(ctx, "eur")
	require.NoError(t, err)
	require.Len(t, details.BankDetails, 1)
	_, err = c.DepositBankDetails(ctx, "gbp")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)

	req := api.OffchainWithdrawalRequest{InstructionID: "c-1", Asset: "eur", Amount: "15", BankDetail: &api.BankDetail{AccountName: "A", IBAN: "FR76"}}
	w, err := c.SubmitOffchainWithdrawal(ctx, sub, req)
	require.NoError(t, err)
	require.Equal(t, "PENDING", w.Status)
	again, err := c.OffchainWithdrawal(ctx, sub, "c-1")
	require.NoError(t, err)
	require.Equal(t, w, again)
	_, err = c.OffchainWithdrawal(ctx, "", "c-1")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	_, err = c.Balances(ctx, "acc_someone_else", "OFFCHAIN")
	requireAPIError(t, err, http.StatusForbidden, api.CodeInvalidPermissions)
}
