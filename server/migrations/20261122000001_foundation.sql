-- Foundation: channels (tenants) and the content the storefront shell needs.
-- Common dialect for SQLite and PostgreSQL: TEXT ids made by the application (UUIDv7),
-- BIGINT epoch milliseconds for instants, INTEGER 0/1 for flags, JSON kept as TEXT.

CREATE TABLE channels (
    id                  TEXT PRIMARY KEY,
    code                TEXT NOT NULL UNIQUE,
    name                TEXT NOT NULL,
    theme               TEXT NOT NULL,
    tenant              TEXT,
    company_code        TEXT NOT NULL,
    maintenance_on      INTEGER NOT NULL DEFAULT 0 CHECK (maintenance_on IN (0, 1)),
    maintenance_title   TEXT NOT NULL DEFAULT '',
    maintenance_message TEXT NOT NULL DEFAULT '',
    created_at          BIGINT NOT NULL
);

CREATE TABLE channel_hosts (
    host       TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE
);

CREATE TABLE channel_settings (
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    setting_key   TEXT NOT NULL,
    setting_value TEXT NOT NULL,
    PRIMARY KEY (channel_id, setting_key)
);

CREATE TABLE color_schemes (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    colors      TEXT NOT NULL,
    is_selected INTEGER NOT NULL DEFAULT 0 CHECK (is_selected IN (0, 1))
);
CREATE INDEX color_schemes_channel ON color_schemes (channel_id, is_selected);

CREATE TABLE page_layouts (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    page       TEXT NOT NULL,
    layout     TEXT NOT NULL,
    header     TEXT NOT NULL,
    footer     TEXT NOT NULL,
    PRIMARY KEY (channel_id, page)
);

CREATE TABLE pages (
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    page        TEXT NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (channel_id, page)
);

CREATE TABLE page_blocks (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL,
    page        TEXT NOT NULL,
    position    INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('hero', 'news', 'text', 'links')),
    title       TEXT,
    props       TEXT NOT NULL,
    visible_for TEXT NOT NULL CHECK (visible_for IN ('all', 'member', 'guest')),
    device      TEXT NOT NULL CHECK (device IN ('all', 'sp', 'pc')),
    FOREIGN KEY (channel_id, page) REFERENCES pages (channel_id, page) ON DELETE CASCADE
);
CREATE INDEX page_blocks_page ON page_blocks (channel_id, page, position);

CREATE TABLE messages (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    title      TEXT,
    body       TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (channel_id, code)
);

CREATE TABLE news (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    news_key     TEXT NOT NULL,
    title        TEXT NOT NULL,
    summary      TEXT NOT NULL,
    body         TEXT NOT NULL,
    category     TEXT NOT NULL,
    published_at BIGINT NOT NULL,
    is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
    UNIQUE (channel_id, news_key)
);
CREATE INDEX news_listing ON news (channel_id, is_published, published_at);

-- Which member has read which news item. user_id gets its foreign key when the members
-- feature adds the users table (SQLite cannot add one later, so that migration rebuilds this).
CREATE TABLE news_reads (
    news_id TEXT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    read_at BIGINT NOT NULL,
    PRIMARY KEY (news_id, user_id)
);
