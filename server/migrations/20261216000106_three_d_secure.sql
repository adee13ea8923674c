-- 3-D Secure (issue 32): the sandbox gateway's challenges. A test card that asks for 本人認証
-- makes one, `pending` until the customer answers it on the sandbox's challenge page
-- (`passed`: the charge is captured then, under the same idempotency key; `failed`), or the
-- payment reconciler gives up on it (`cancelled`).
CREATE TABLE sandbox_challenges (
    id              TEXT PRIMARY KEY,
    channel_id      TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    token           TEXT NOT NULL,
    amount          BIGINT NOT NULL,
    return_url      TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'passed', 'failed', 'cancelled')),
    created_at      BIGINT NOT NULL
);
