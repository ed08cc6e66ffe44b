-- OFFCHAIN account settings (COLLATERAL_CREDIT_CAP, COLLATERAL_CREDIT_LEVERAGE) an
-- operator set for an account; an account without a row has the configured defaults.
CREATE TABLE account_settings (
    account_id   TEXT    NOT NULL REFERENCES accounts(id),
    setting_type TEXT    NOT NULL,
    value        TEXT    NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (account_id, setting_type)
);
