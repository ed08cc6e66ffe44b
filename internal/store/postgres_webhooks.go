package store

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// pgClaimSQL leases the due heads of the subscriptions' pending queues in one statement:
// it locks the heads it takes (FOR UPDATE SKIP LOCKED), so replicas claiming together
// take different deliveries instead of waiting for, or failing on, each other; PostgreSQL
// re-checks the locked rows' conditions (still pending, still not leased) on their newest
// version. It runs on its own at READ COMMITTED, where SKIP LOCKED does its work (under
// SERIALIZABLE the claimers' overlapping reads would make one of them fail and retry).
const pgClaimSQL = `UPDATE webhook_deliveries d SET lease_owner = ?, lease_until = ?
	FROM (SELECT d.id FROM (SELECT MIN(id) AS id FROM webhook_deliveries WHERE status = 'PENDING' GROUP BY subscription_id) h
		JOIN webhook_deliveries d ON d.id = h.id
		WHERE d.status = 'PENDING' AND d.next_attempt_at <= ? AND d.lease_until <= ?
		ORDER BY d.next_attempt_at, d.id LIMIT ?
		FOR UPDATE OF d SKIP LOCKED) c, webhook_subscriptions s
	WHERE d.id = c.id AND s.id = d.subscription_id
	RETURNING ` + deliveryColumns + `, s.url, s.headers, s.secret`

// claimPostgres implements ClaimWebhookDeliveries on PostgreSQL.
func (s *conn) claimPostgres(ctx context.Context, owner string, now, until time.Time, limit int) ([]WebhookDelivery, error) {
	out, err := queryAll(ctx, s.q, "claim webhook deliveries", scanClaimed, pgClaimSQL, owner, until.UnixMilli(), now.UnixMilli(), now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b WebhookDelivery) int { // RETURNING keeps no order
		if c := a.NextAttemptAt.Compare(b.NextAttemptAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}
