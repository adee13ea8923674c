-- 会員管理 (issue 33, docs/contracts/member-desk.md): the staff's 要注意 flag on a member with
-- its note (the order desk shows it on the member's orders), and the version every desk edit
-- of a member carries (409 on a stale one). The member's own edits do not change it.
ALTER TABLE users ADD COLUMN desk_caution INTEGER NOT NULL DEFAULT 0 CHECK (desk_caution IN (0, 1));
ALTER TABLE users ADD COLUMN desk_note TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN desk_version BIGINT NOT NULL DEFAULT 1;
-- The desk lists members newest first.
CREATE INDEX users_desk_newest ON users (channel_id, created_at, id) WHERE left_at IS NULL;
