-- Contact (issue 14): inquiries with their messages, staff notes and guests' thread links;
-- uploaded files; system messages to members. Common dialect (see the foundation migration):
-- TEXT ids made by the application, BIGINT epoch milliseconds, file bytes as BYTEA (SQLite
-- stores a blob under that name as it is). Owners: inquiries/store.rs (inquiries,
-- inquiry_messages, inquiry_notes, inquiry_access_tokens), uploads/store.rs (uploaded_files),
-- system_messages/store.rs (system_messages, system_message_recipients). The contact form's
-- topics are rows of `categories` with table_name 'inquiries' (catalog/store.rs).

CREATE TABLE inquiries (
    id                    TEXT PRIMARY KEY,
    channel_id            TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    -- The key in URLs: 128 random bits, hex.
    inquiry_key           TEXT NOT NULL UNIQUE,
    -- What people quote on the phone: Q-YYYYMMDD-NNNN, counted per channel and day (Japan time).
    number                TEXT NOT NULL,
    -- The member who sent it; NULL for a guest (who reaches it through inquiry_access_tokens).
    user_id               TEXT REFERENCES users (id) ON DELETE SET NULL,
    topic_id              TEXT REFERENCES categories (id) ON DELETE SET NULL,
    status                TEXT NOT NULL CHECK (status IN ('open', 'in_progress', 'closed')),
    -- The first line of the first message, shortened: what lists show.
    subject               TEXT NOT NULL,
    -- The contact fields as the customer typed them (trimmed; empty when not given).
    name                  TEXT NOT NULL,
    name_kana             TEXT NOT NULL DEFAULT '',
    email                 TEXT NOT NULL,
    phone                 TEXT NOT NULL DEFAULT '',
    company               TEXT NOT NULL DEFAULT '',
    department            TEXT NOT NULL DEFAULT '',
    job                   TEXT NOT NULL DEFAULT '',
    fax                   TEXT NOT NULL DEFAULT '',
    postal_code           TEXT NOT NULL DEFAULT '',
    prefecture            TEXT NOT NULL DEFAULT '',
    city                  TEXT NOT NULL DEFAULT '',
    address1              TEXT NOT NULL DEFAULT '',
    address2              TEXT NOT NULL DEFAULT '',
    order_number          TEXT NOT NULL DEFAULT '',
    -- The storefront address the inquiry was sent from: staff replies' mails link there.
    link_origin           TEXT NOT NULL,
    last_author           TEXT NOT NULL CHECK (last_author IN ('customer', 'shop')),
    last_shop_message_at  BIGINT,
    -- The customer has seen the shop's replies up to here (has_unread_reply).
    customer_last_read_at BIGINT NOT NULL DEFAULT 0,
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL,
    last_message_at       BIGINT NOT NULL
);
CREATE UNIQUE INDEX inquiries_number ON inquiries (channel_id, number);
CREATE INDEX inquiries_member ON inquiries (user_id, last_message_at);
CREATE INDEX inquiries_status ON inquiries (channel_id, status, last_message_at);

CREATE TABLE inquiry_messages (
    id          TEXT PRIMARY KEY,
    inquiry_id  TEXT NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
    author      TEXT NOT NULL CHECK (author IN ('customer', 'shop')),
    -- The staff member who wrote a shop message. No foreign key: the message outlives the
    -- staff account, and author_name keeps the name shown when it was written.
    staff_id    TEXT,
    author_name TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX inquiry_messages_inquiry ON inquiry_messages (inquiry_id, created_at);

-- Staff notes on an inquiry: never shown to the customer.
CREATE TABLE inquiry_notes (
    id         TEXT PRIMARY KEY,
    inquiry_id TEXT NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX inquiry_notes_inquiry ON inquiry_notes (inquiry_id, created_at);

-- Guests' thread links (`/contact/thread/{key}?t=…`): every mail to a guest mints a new one,
-- valid 90 days. Only the SHA-256 of the token is kept.
CREATE TABLE inquiry_access_tokens (
    token_hash TEXT PRIMARY KEY,
    inquiry_id TEXT NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX inquiry_access_tokens_inquiry ON inquiry_access_tokens (inquiry_id);

-- Files sent with inquiries (and staff replies). The key is 128 random bits, hex; the stored
-- name is generated from it; the client's name is only shown. uploader_kind says what
-- uploader holds: a member's users.id, a guest's source address, a staff member's id.
-- message_id is set once the file is attached (then it no longer counts toward the uploader's
-- limit of unattached files).
CREATE TABLE uploaded_files (
    file_key      TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    dir           TEXT NOT NULL CHECK (dir IN ('inquiries')),
    uploader_kind TEXT NOT NULL CHECK (uploader_kind IN ('member', 'guest', 'staff')),
    uploader      TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size          BIGINT NOT NULL,
    original_name TEXT NOT NULL,
    stored_name   TEXT NOT NULL,
    bytes         BYTEA NOT NULL,
    message_id    TEXT REFERENCES inquiry_messages (id) ON DELETE CASCADE,
    created_at    BIGINT NOT NULL
);
CREATE INDEX uploaded_files_uploader ON uploaded_files (channel_id, uploader_kind, uploader, created_at);
CREATE INDEX uploaded_files_message ON uploaded_files (message_id);

-- The message centre: messages from the shop to members. The recipients are fixed when the
-- message is sent (one INSERT … SELECT), so a member who registers later does not get it.
CREATE TABLE system_messages (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    message_key TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    audience    TEXT NOT NULL CHECK (audience IN ('member', 'segment', 'all')),
    segment     TEXT CHECK (segment IN ('newsletter', 'purchasers', 'no_purchase')),
    -- Who sent it (NULL: the demo seed) and the name shown, as it was then.
    staff_id    TEXT,
    staff_name  TEXT NOT NULL,
    recipients  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX system_messages_channel ON system_messages (channel_id, created_at);

CREATE TABLE system_message_recipients (
    message_id TEXT NOT NULL REFERENCES system_messages (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at    BIGINT,
    PRIMARY KEY (message_id, user_id)
);
CREATE INDEX system_message_recipients_user ON system_message_recipients (user_id, read_at);
