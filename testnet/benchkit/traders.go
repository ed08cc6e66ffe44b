package benchkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dtwgate/dtwgate/api/client"
)

// provisioners is how many admin commands run at once while provisioning traders (each
// is a process on the shared store).
const provisioners = 4

// APIKey is an API key's id and secret.
type APIKey struct {
	ID, Secret string
}

// Trader is one benchmark client on its own account.
type Trader struct {
	// ID is the trader's index, unique in a run.
	ID int
	// Key is the account's API key (READ, TRADE).
	Key APIKey
	// Client is logged in with Key on the gateway it was provisioned on.
	Client *client.Client
}

// NewClient returns a client of the gateway at baseURL that logs in with key: no
// retries (a 5xx or a dropped answer is counted, not hidden), a few idle connections.
func NewClient(baseURL string, key APIKey) (*client.Client, error) {
	cfg := client.DefaultConfig()
	cfg.BaseURL = baseURL
	cfg.Auth = client.NewAPIKeyAuth(key.ID, key.Secret)
	cfg.MaxRetries = 0
	cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	c, err := client.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("new client: %w", err)
	}
	return c, nil
}

// Provision creates n accounts through admin's `dtwgate admin` (an API key each, READ and
// TRADE), logs trader i in on baseURLs[i % len(baseURLs)] and funds its account with a
// booked bank transfer of 1,000,000 eur; a few traders at a time.
func Provision(ctx context.Context, admin *Gateway, baseURLs []string, n int) ([]*Trader, error) {
	out := make([]*Trader, n)
	errs := make([]error, n)
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range provisioners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				out[i], errs[i] = provision(ctx, admin, baseURLs[i%len(baseURLs)], i)
			}
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

func provision(ctx context.Context, admin *Gateway, baseURL string, i int) (*Trader, error) {
	blob, err := admin.Admin(ctx, "keys", "create", "--label", fmt.Sprintf("bench-%d", i), "--permissions", "READ,TRADE", "--json")
	if err != nil {
		return nil, err
	}
	var key struct{ APIKeyID, APIKeySecret string }
	if err := json.Unmarshal([]byte(blob), &key); err != nil {
		return nil, fmt.Errorf("keys create: %w: %s", err, blob)
	}
	tr := &Trader{ID: i, Key: APIKey{ID: key.APIKeyID, Secret: key.APIKeySecret}}
	if tr.Client, err = NewClient(baseURL, tr.Key); err != nil {
		return nil, err
	}
	ref, err := tr.Client.DepositReference(ctx, "") // logs in
	if err != nil {
		return nil, fmt.Errorf("trader %d: deposit reference: %w", i, err)
	}
	if _, err := admin.Admin(ctx, "offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur",
		"--amount", "1000000", "--transfer-id", fmt.Sprintf("bench-%d", i)); err != nil {
		return nil, err
	}
	return tr, nil
}
