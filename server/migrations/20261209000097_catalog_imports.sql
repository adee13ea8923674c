-- The catalogue's CSV imports (issue 31): a dry run, then an apply in batches, as a background
-- job that survives a restart. The file itself is in the storage (imports/<channel>/<id>.csv).
-- `position` is how many of the file's units (products, or inventory lines) the apply has
-- passed, written in each batch's own transaction; a runner holds the job until `lease_until`
-- and renews it as it goes, so when an instance stops, another takes the job up from there.
CREATE TABLE catalog_imports (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id     TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    -- products or inventory
    kind         TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    encoding     TEXT NOT NULL,
    -- checking, checked, applying, done or failed
    state        TEXT NOT NULL,
    only_clean   INTEGER NOT NULL DEFAULT 0,
    total        INTEGER NOT NULL DEFAULT 0,
    checked      INTEGER NOT NULL DEFAULT 0,
    applied      INTEGER NOT NULL DEFAULT 0,
    to_apply     INTEGER NOT NULL DEFAULT 0,
    position     INTEGER NOT NULL DEFAULT 0,
    summary_json TEXT NOT NULL DEFAULT '{}',
    errors_json  TEXT NOT NULL DEFAULT '[]',
    error_count  INTEGER NOT NULL DEFAULT 0,
    message      TEXT,
    lease_until  BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    finished_at  BIGINT
);
CREATE INDEX catalog_imports_channel ON catalog_imports (channel_id, created_at);
CREATE INDEX catalog_imports_open ON catalog_imports (state, lease_until);
