-- Settings edited on the back office's settings desk carry a version, so two staff editing the
-- same setting cannot overwrite each other (the second save gets a 409). Rows written before
-- (by seeding or `shop channel create`) start at 1; a setting never stored reads as version 0.
ALTER TABLE channel_settings ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
