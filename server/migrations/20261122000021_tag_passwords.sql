-- Password-protected tag pages: a tag with a password hash (argon2id PHC string) lists its
-- products only to visitors holding a grant issued by POST /v1/tags/password.
ALTER TABLE tags ADD COLUMN password_hash TEXT;
