-- Content: blogs, FAQ, static pages, landing pages, free areas, banners, popups and the
-- business calendar's closed days. Common dialect (see the foundation migration): TEXT ids
-- made by the application, BIGINT epoch milliseconds, INTEGER 0/1 flags, JSON as TEXT.
-- Every row carries its channel so no query needs to cross channels.

CREATE TABLE blogs (
    id            TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    blog_key      TEXT NOT NULL,
    title         TEXT NOT NULL,
    -- Plain text; paragraphs are separated by blank lines.
    body          TEXT NOT NULL,
    category_key  TEXT NOT NULL,
    category_name TEXT NOT NULL,
    author        TEXT NOT NULL,
    -- Site-relative path of the eye-catch picture.
    eyecatch      TEXT,
    published_at  BIGINT NOT NULL,
    is_published  INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
    UNIQUE (channel_id, blog_key)
);
CREATE INDEX blogs_listing ON blogs (channel_id, is_published, published_at);

CREATE TABLE qa_categories (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    category_key TEXT NOT NULL,
    name         TEXT NOT NULL,
    position     INTEGER NOT NULL,
    UNIQUE (channel_id, category_key)
);

CREATE TABLE qas (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    category_id  TEXT NOT NULL REFERENCES qa_categories (id) ON DELETE CASCADE,
    question     TEXT NOT NULL,
    answer       TEXT NOT NULL,
    -- Question and answer normalised like product search text (width, kana, case).
    search_text  TEXT NOT NULL,
    position     INTEGER NOT NULL,
    is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1))
);
CREATE INDEX qas_listing ON qas (channel_id, is_published, position);

-- Pages at fixed site paths (/law, /guide/shipping); the body is a JSON array of
-- {heading, body} sections.
CREATE TABLE static_pages (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    url        TEXT NOT NULL CHECK (substr(url, 1, 1) = '/'),
    title      TEXT NOT NULL,
    sections   TEXT NOT NULL,
    position   INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (channel_id, url)
);

-- Landing pages: a JSON array of layout items, header/footer switches, and an optional
-- same-site redirect. The CHECK is the database's half of the same-site rule; the
-- application checks more (see content::redirect) when storing and again when serving.
CREATE TABLE landing_pages (
    id             TEXT PRIMARY KEY,
    channel_id     TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    slug           TEXT NOT NULL,
    title          TEXT NOT NULL,
    layout         TEXT NOT NULL,
    is_show_header INTEGER NOT NULL DEFAULT 1 CHECK (is_show_header IN (0, 1)),
    is_show_footer INTEGER NOT NULL DEFAULT 1 CHECK (is_show_footer IN (0, 1)),
    redirect_to    TEXT CHECK (redirect_to IS NULL OR (substr(redirect_to, 1, 1) = '/' AND substr(redirect_to, 1, 2) <> '//')),
    position       INTEGER NOT NULL,
    UNIQUE (channel_id, slug)
);

CREATE TABLE free_areas (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    code        TEXT NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    visible_for TEXT NOT NULL CHECK (visible_for IN ('all', 'member', 'guest')),
    device      TEXT NOT NULL CHECK (device IN ('all', 'sp', 'pc')),
    position    INTEGER NOT NULL,
    UNIQUE (channel_id, code)
);

-- Banners keep their picture (an SVG document) in the row, so serving it needs no file
-- storage; `file_name` is the name a download is saved under.
CREATE TABLE banners (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    area       TEXT NOT NULL,
    title      TEXT NOT NULL,
    alt        TEXT NOT NULL,
    link       TEXT NOT NULL,
    position   INTEGER NOT NULL,
    is_show    INTEGER NOT NULL DEFAULT 1 CHECK (is_show IN (0, 1)),
    starts_at  BIGINT,
    ends_at    BIGINT,
    file_name  TEXT NOT NULL,
    svg        TEXT NOT NULL
);
CREATE INDEX banners_area ON banners (channel_id, area, position);

CREATE TABLE popups (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    image      TEXT,
    link       TEXT NOT NULL,
    starts_at  BIGINT,
    ends_at    BIGINT,
    display    TEXT NOT NULL CHECK (display IN ('once', 'always')),
    position   INTEGER NOT NULL
);
CREATE INDEX popups_channel ON popups (channel_id, position);

-- The shop's own closed days: every week on these weekdays (0 = Sunday) …
CREATE TABLE business_weekly_closures (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    PRIMARY KEY (channel_id, weekday)
);

-- … and on these dates (YYYY-MM-DD, Japan time; text so that ranges compare as strings).
CREATE TABLE business_closed_dates (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    closed_on  TEXT NOT NULL,
    reason     TEXT NOT NULL,
    PRIMARY KEY (channel_id, closed_on)
);
