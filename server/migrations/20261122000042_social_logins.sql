-- Social login (server/src/social_login): logins on their way through a provider, and the
-- provider identities linked to members.

-- One row per redirect to a provider, consumed (deleted) by its callback. Only the SHA-256 of
-- `state` is kept: the value itself is in the provider's URL and the browser's cookie.
CREATE TABLE social_login_states (
    state_hash    TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    -- The provider's `type` from the providers file.
    provider      TEXT NOT NULL,
    -- PKCE code_verifier, sent once with the code to the provider's token endpoint.
    code_verifier TEXT NOT NULL,
    -- The callback URL sent to the provider; the token request must repeat it exactly.
    redirect_uri  TEXT NOT NULL,
    -- The same-site path the storefront goes on to after the login.
    redirect_path TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);
CREATE INDEX social_login_states_expiry ON social_login_states (expires_at);

-- A provider identity (`sub`) of a member on one channel. Made only together with a new
-- member: an existing account is never linked by e-mail alone.
CREATE TABLE social_accounts (
    id            TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider      TEXT NOT NULL,
    subject       TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    last_login_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX social_accounts_identity ON social_accounts (channel_id, provider, subject);
CREATE INDEX social_accounts_user ON social_accounts (user_id);
