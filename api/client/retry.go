package client

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// backoff waits before retry number attempt+1: MinBackoff doubled per attempt, capped
// at MaxBackoff, with jitter so that many clients do not retry in step. A Retry-After
// header in seconds lengthens the wait, still within MaxBackoff. It returns ctx's error
// if ctx ends first.
func (c *Client) backoff(ctx context.Context, attempt int, resp *http.Response) error {
	d := c.cfg.MinBackoff << min(attempt, 30)
	if d <= 0 || d > c.cfg.MaxBackoff {
		d = c.cfg.MaxBackoff
	}
	d = d/2 + rand.N(d/2+1)
	if resp != nil {
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
			d = max(d, min(time.Duration(s)*time.Second, c.cfg.MaxBackoff))
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
