-- お知らせ管理 (issue 33, docs/contracts/news-desk.md): an item's picture (a `/media/…` URL of
-- the shop's uploads), the version every desk edit carries (409 on a stale one), and when it
-- was last saved. Items written before the desk existed read as saved at their publication.
ALTER TABLE news ADD COLUMN image_url TEXT;
ALTER TABLE news ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE news ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
UPDATE news SET updated_at = published_at;
-- The desk lists a shop's items newest publication first, drafts included.
CREATE INDEX news_desk_newest ON news (channel_id, published_at, id);
