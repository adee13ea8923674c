#!/usr/bin/env bash
# A catalogue of a million products (issue 31): seeds N products (default 1,000,000) into a fresh
# database, starts the server, and reports how long the keyword index took to build (from the
# server's log), how long until /readyz answered, and the server's memory: its peak (VmHWM)
# and what it holds once serving (VmRSS), after a few storefront and keyword requests.
#
#   bash bench/million.sh [N]      env: DATABASE_URL (PostgreSQL instead of a fresh SQLite file),
#                                  SHOP_BIN_OVERRIDE (a built server; else the dist profile is built)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

products="${1:-1000000}"
port=18093
work=$(mktemp -d)
cleanup() {
  [ -n "${shop_pid:-}" ] && kill "$shop_pid" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${SHOP_BIN_OVERRIDE:-}" ]; then
  SHOP_BIN="$SHOP_BIN_OVERRIDE"
else
  cargo build --profile dist --bin shop
  SHOP_BIN="$SHOP_DIST_BIN"
fi
export DATABASE_URL="${DATABASE_URL:-sqlite://$work/shop.db}"
export SHOP_DATA_DIR="$work/data" SHOP_ADDR="127.0.0.1:$port" RUST_LOG="warn,shop::catalog::search_index=info"
if curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1; then
  echo "something already answers on port $port: stop it first" >&2
  exit 1
fi
echo "seeding $products demo products into ${DATABASE_URL%%:*} …"
seed_started=$(date +%s)
"$SHOP_BIN" seed --demo --products "$products" > /dev/null
echo "seeded in $(($(date +%s) - seed_started)) s"

started=$(date +%s.%N)
"$SHOP_BIN" serve --demo > "$work/shop.log" 2>&1 &
shop_pid=$!
until curl -fs "http://127.0.0.1:$port/readyz" > /dev/null 2>&1; do
  kill -0 "$shop_pid" 2> /dev/null || { echo "the server stopped:" >&2; cat "$work/shop.log" >&2; exit 1; }
  sleep 0.2
done
ready=$(python3 -c "print('%.1f' % ($(date +%s.%N) - $started))")

base="http://127.0.0.1:$port"
keyword=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("グローブ"))')
for path in "/v1/products" "/v1/products?keyword=$keyword" "/v1/products?keyword=$keyword&sort=price_asc&page=50" "/v1/products?sort=new"; do
  seconds=$(curl -fs -o /dev/null -D "$work/headers" -w '%{time_total}' "$base$path")
  total=$(awk -F': ' 'tolower($1) == "x-total" {print $2}' "$work/headers" | tr -d '\r')
  printf '  %-70s %6.1f ms  (total %s)\n' "$path" "$(python3 -c "print($seconds * 1000)")" "$total"
done
peak_kb=$(awk '/VmHWM/ {print $2}' "/proc/$shop_pid/status")
rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$shop_pid/status")
echo
echo "products: $products, database: ${DATABASE_URL%%:*}"
grep -h "search index built" "$work/shop.log" | sed 's/\x1b\[[0-9;]*m//g' || echo "no search index build logged"
echo "ready (/readyz 200) after start: ${ready} s"
echo "memory: peak ${peak_kb} kB ($((peak_kb / 1024)) MiB), serving ${rss_kb} kB ($((rss_kb / 1024)) MiB)"
