-- Inquiry attachments move onto the storage interface (infra/storage.rs, issue 31): a file
-- uploaded from now on keeps its bytes there (`in_storage` = 1, `bytes` empty); older files are
-- moved there at start by uploads::move_into_storage.
ALTER TABLE uploaded_files ADD COLUMN in_storage INTEGER NOT NULL DEFAULT 0 CHECK (in_storage IN (0, 1));
