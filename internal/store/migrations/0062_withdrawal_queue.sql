-- A payer pages through its queue of withdrawals (kind, location, status) in the order
-- (created_at, account_id, instruction_id): OffchainWithdrawalsAfter. The new index
-- serves the queries of the one it replaces.
CREATE INDEX offchain_withdrawals_queue ON offchain_withdrawals(kind, location, status, created_at, account_id, instruction_id);
DROP INDEX offchain_withdrawals_work;
