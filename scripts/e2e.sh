#!/usr/bin/env bash
# Starts the release server on a fresh SQLite database with the demo shops and the built
# storefront, runs the Playwright journeys against it in the system Chromium, and stops it.
# Arguments go to `playwright test` (e.g. a spec file); E2E_PORT picks the port (18080).
# Each journey that signs a staff member in gets its own owner at each width (desktop, phone):
# E2E_STAFF_<JOURNEY>_<WIDTH>_EMAIL, _PASSWORD and _TOTP_SECRET (base32; RFC 6238 SHA-1, 6 digits,
# 30 s), with JOURNEY ADMIN, MESSAGE, ORDERS, STOCK, PRODUCTS, TAXONOMY, REVIEWS, PHOTOS, CSV, GRID, SETTINGS, POINTS,
# BANK, INVITE and IP on the demo shop and CORPORATE on the corporate shop.
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
# reCAPTCHA v3 through a local stand-in for Google (web/e2e/fixtures/recaptcha-stand-in.mjs), on
# the next port: only a shop whose setting RECAPTCHA.SITE_KEY is set uses it (recaptcha.spec.ts
# makes one); the demo shops keep the built-in proof of work.
recaptcha_port=$((port + 1))
export SHOP_RECAPTCHA_SECRET="e2e-recaptcha-secret"
export SHOP_RECAPTCHA_VERIFY_URL="http://127.0.0.1:$recaptcha_port/recaptcha/api/siteverify"
export SHOP_RECAPTCHA_SCRIPT_URL="http://127.0.0.1:$recaptcha_port/recaptcha/api.js"
export E2E_RECAPTCHA_STAND_IN="http://127.0.0.1:$recaptcha_port"
RECAPTCHA_SECRET="$SHOP_RECAPTCHA_SECRET" node web/e2e/fixtures/recaptcha-stand-in.mjs "$recaptcha_port" > "$work/recaptcha.log" 2>&1 &
stand_in=$!

"$SHOP_BIN" serve --demo > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server $stand_in 2>/dev/null || true; wait $server $stand_in 2>/dev/null || true; rm -rf "$work"' EXIT

# Up to 60 s: a busy 2-core machine has been seen to need 15 s for the first answer.
for _ in $(seq 1 600); do
  curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://127.0.0.1:$port/healthz" > /dev/null || { cat "$work/server.log"; exit 1; }

# The staff journeys' owners. The demo seeds no staff (a known owner password would be a hole in
# every demo deployment), so they are made as the README says, with `shop staff create`, on the
# database the running server uses; the journeys get each one's password and TOTP secret and
# compute the authenticator's codes (web/e2e/staff-session.ts). The server takes a TOTP time step
# once per account, so two sign-ins of one account would wait up to 30 s for the next step: each
# journey has its own owner at each width, and no sign-in of a run waits.
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
for width in desktop phone; do
  # admin.spec.ts (the back office in the browser), contact.spec.ts (a system message through the
  # API) and corporate.spec.ts (法人会員 on the corporate shop's back office).
  make_owner demo "e2e-admin-$width@example.jp" "E2E 受付オーナー $width" "E2E_STAFF_ADMIN_${width^^}"
  make_owner demo "e2e-message-$width@example.jp" "E2E お知らせオーナー $width" "E2E_STAFF_MESSAGE_${width^^}"
  make_owner corporate "e2e-corporate-$width@example.jp" "E2E 法人担当オーナー $width" "E2E_STAFF_CORPORATE_${width^^}"
  # order-desk.spec.ts (受注管理: payment, the carrier's file, tracking numbers back).
  make_owner demo "e2e-orders-$width@example.jp" "E2E 受注オーナー $width" "E2E_STAFF_ORDERS_${width^^}"
  # stock-desk.spec.ts (在庫管理: 入荷, the ledger, 棚卸).
  make_owner demo "e2e-stock-$width@example.jp" "E2E 在庫オーナー $width" "E2E_STAFF_STOCK_${width^^}"
  # product-desk.spec.ts (商品管理: a product with two axes made, stocked, found and bought).
  make_owner demo "e2e-products-$width@example.jp" "E2E 商品オーナー $width" "E2E_STAFF_PRODUCTS_${width^^}"
  # taxonomy-desk.spec.ts (分類管理: a category and a tag made, the storefront following).
  make_owner demo "e2e-taxonomy-$width@example.jp" "E2E 分類オーナー $width" "E2E_STAFF_TAXONOMY_${width^^}"
  # review-desk.spec.ts (レビュー管理: a review hidden and published again).
  make_owner demo "e2e-reviews-$width@example.jp" "E2E レビューオーナー $width" "E2E_STAFF_REVIEWS_${width^^}"
  # product-photos.spec.ts (商品画像: photos uploaded, ordered, given an alt text, shown on the product page).
  make_owner demo "e2e-photos-$width@example.jp" "E2E 画像オーナー $width" "E2E_STAFF_PHOTOS_${width^^}"
  # catalog-csv.spec.ts (CSV入出力: the products CSV downloaded, a products and an inventory CSV applied).
  make_owner demo "e2e-csv-$width@example.jp" "E2E CSVオーナー $width" "E2E_STAFF_CSV_${width^^}"
  # catalog-grid.spec.ts (一括編集: a price, a stock change and 公開 edited in the grid and saved).
  make_owner demo "e2e-grid-$width@example.jp" "E2E 一括編集オーナー $width" "E2E_STAFF_GRID_${width^^}"
  # settings-carriage.spec.ts (送料設定: Okinawa's carriage changed, and a cart to Okinawa paying it).
  make_owner demo "e2e-settings-$width@example.jp" "E2E 設定オーナー $width" "E2E_STAFF_SETTINGS_${width^^}"
  # settings-points.spec.ts (ポイント設定: the earn rate changed, and a member's points page saying so).
  make_owner demo "e2e-points-$width@example.jp" "E2E ポイントオーナー $width" "E2E_STAFF_POINTS_${width^^}"
  # bank-reconciliation.spec.ts (入金消込: a bank statement matched to a transfer and confirmed).
  make_owner demo "e2e-bank-$width@example.jp" "E2E 入金消込オーナー $width" "E2E_STAFF_BANK_${width^^}"
  # staff-invite.spec.ts (スタッフの招待: an order clerk invited by mail, enrolled from the link, made 店長).
  make_owner demo "e2e-invite-$width@example.jp" "E2E 招待オーナー $width" "E2E_STAFF_INVITE_${width^^}"
  # ip-allowlist.spec.ts (IPアドレス制限: a list saved with this machine's 127.0.0.1 in it, then emptied again).
  make_owner demo "e2e-ip-$width@example.jp" "E2E IP制限オーナー $width" "E2E_STAFF_IP_${width^^}"
done

# Playwright's report is kept, so that a failure ends with the failing journeys' names: CI shows
# only the end of the output, and the server log printed on failure would otherwise hide them.
set +e
(cd web && E2E_BASE_PORT="$port" SHOP_BIN="$SHOP_BIN" CHROMIUM_PATH="$CHROMIUM" npx playwright test "$@") 2>&1 | tee "$work/playwright.log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "--- server log: warnings and errors (last 40) ---"
  grep -E 'WARN|ERROR' "$work/server.log" | tail -40 || true
  echo "--- the journeys that failed ---"
  sed -n '/^ *[0-9]* failed$/,$p' "$work/playwright.log" | cut -c1-300
  exit 1
fi
