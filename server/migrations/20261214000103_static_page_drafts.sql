-- Static pages can be drafts (issue 33: a new shop's legal pages are made from a template with
-- the owner's details to fill in, and must not be shown to customers until an owner publishes
-- them) and carry a version, so two staff editing one page cannot overwrite each other (the
-- second save gets a 409). The pages that exist are the demo shops' finished ones: published.
ALTER TABLE static_pages ADD COLUMN is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1));
ALTER TABLE static_pages ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
