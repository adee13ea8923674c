#!/usr/bin/env bash
# Starts the release server on a fresh SQLite database with the demo shops and the built
# storefront, runs the Playwright journeys against it in the system Chromium, and stops it.
# Arguments go to `playwright test` (e.g. a spec file); E2E_PORT picks the port (18080).
# The journeys get an owner of the demo shop's back office: E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD
# and E2E_STAFF_TOTP_SECRET (base32; RFC 6238 SHA-1, 6 digits, 30 s); and one of the corporate
# shop's: E2E_CORPORATE_STAFF_* (the same three).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium not found at $CHROMIUM: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
  exit 1
fi

work=$(mktemp -d)
port="${E2E_PORT:-18080}"
export DATABASE_URL="sqlite://$work/shop.db"
export SHOP_DATA_DIR="$work/data"
# Mail goes to .eml files here (no SMTP configured); journeys read one-time codes from it.
export E2E_OUTBOX_DIR="$SHOP_DATA_DIR/outbox"
# Every journey comes from 127.0.0.1: widen the per-address limits on login, codes, reminders
# and registration so a full run never meets a 429 (a journey that tests 429 needs its own server).
export SHOP_RATE_LIMIT_FACTOR=50
export SHOP_WEB_DIR="$PWD/web/dist"
export SHOP_ADDR="127.0.0.1:$port"

"$SHOP_BIN" serve --demo > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT

# Up to 60 s: a busy 2-core machine has been seen to need 15 s for the first answer.
for _ in $(seq 1 600); do
  curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://127.0.0.1:$port/healthz" > /dev/null || { cat "$work/server.log"; exit 1; }

# The /admin journeys' owners (the demo shop's, and the corporate shop's for 法人会員). The demo
# seeds no staff (a known owner password would be a hole in every demo deployment), so they are
# made as the README says, with `shop staff create`, on the database the running server uses;
# the journeys get each one's password and TOTP secret and compute the authenticator's codes.
#   make_owner <channel> <email> <name> <variable prefix>  → <prefix>_EMAIL, _PASSWORD, _TOTP_SECRET
make_owner() {
  local channel=$1 email=$2 name=$3 prefix=$4 password created secret
  password="e2e-$(python3 -c 'import secrets; print(secrets.token_hex(12))')"
  created=$(printf '%s\n' "$password" | RUST_LOG=warn "$SHOP_BIN" staff create --channel "$channel" --email "$email" \
    --name "$name" --role owner --password-stdin) || { echo "$created" >&2; exit 1; }
  secret=$(printf '%s\n' "$created" | sed -n 's/^TOTP secret (base32): //p')
  [ -n "$secret" ] || { echo "no TOTP secret in: $created" >&2; exit 1; }
  export "${prefix}_EMAIL=$email" "${prefix}_PASSWORD=$password" "${prefix}_TOTP_SECRET=$secret"
}
make_owner demo e2e-owner@example.jp "E2E オーナー" E2E_STAFF
make_owner corporate e2e-corporate-owner@example.jp "E2E 法人担当オーナー" E2E_CORPORATE_STAFF

if ! (cd web && E2E_BASE_PORT="$port" SHOP_BIN="$SHOP_BIN" CHROMIUM_PATH="$CHROMIUM" npx playwright test "$@"); then
  echo "--- server log ---"; tail -50 "$work/server.log"
  exit 1
fi
