-- A ledger posting's reference to its entry, checked by a trigger per posting: each check
-- is a query of its own that locks the entry's row (FOR KEY SHARE), a WAL record each,
-- five per swap. Postings are written only with their entry, in the one statement that
-- inserts the entry and takes its id from it (store.InsertLedgerEntry), so the reference
-- holds by construction; the check only cost every entry.
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_entry_id_fkey;
