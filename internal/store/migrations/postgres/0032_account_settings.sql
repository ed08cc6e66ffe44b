-- PostgreSQL translation of migrations/0032_account_settings.sql.
CREATE TABLE account_settings (
    account_id   TEXT   NOT NULL REFERENCES accounts(id),
    setting_type TEXT   NOT NULL,
    value        TEXT   NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (account_id, setting_type)
);
