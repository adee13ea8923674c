-- The member's address book (issue 5, spec 001 §3–§4): delivery addresses, one of them the
-- default delivery address and one the default sender.
--
-- division_ct 1 is the member's own address. Its row holds only the id and the two flags: its
-- name, postal code, address and phones are the member's profile (users), read from there and
-- written there, so editing the profile and editing this entry can never disagree. Every other
-- entry (division_ct 2) keeps its own name and address (001 §5: the name of an address book
-- entry is not the member's).
CREATE TABLE user_addresses (
    id                       TEXT PRIMARY KEY,
    channel_id               TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id                  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    division_ct              INTEGER NOT NULL CHECK (division_ct IN (1, 2)),
    is_default               INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    is_sender_default        INTEGER NOT NULL DEFAULT 0 CHECK (is_sender_default IN (0, 1)),
    shipping_last_name       TEXT NOT NULL DEFAULT '',
    shipping_first_name      TEXT NOT NULL DEFAULT '',
    shipping_last_name_kana  TEXT NOT NULL DEFAULT '',
    shipping_first_name_kana TEXT NOT NULL DEFAULT '',
    -- Seven digits, no hyphen.
    postal_code              TEXT NOT NULL DEFAULT '',
    prefecture               TEXT NOT NULL DEFAULT '',
    city                     TEXT NOT NULL DEFAULT '',
    address1                 TEXT NOT NULL DEFAULT '',
    address2                 TEXT NOT NULL DEFAULT '',
    phone_number             TEXT NOT NULL DEFAULT '',
    cell_phone_number        TEXT NOT NULL DEFAULT '',
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL
);
CREATE INDEX user_addresses_user ON user_addresses (user_id, division_ct, created_at);
-- One own address, at most one default and one sender default per member. Switching a
-- default clears the old one first, in the same transaction.
CREATE UNIQUE INDEX user_addresses_own ON user_addresses (user_id) WHERE division_ct = 1;
CREATE UNIQUE INDEX user_addresses_default ON user_addresses (user_id) WHERE is_default = 1;
CREATE UNIQUE INDEX user_addresses_sender_default ON user_addresses (user_id) WHERE is_sender_default = 1;
