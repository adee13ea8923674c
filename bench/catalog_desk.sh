#!/usr/bin/env bash
# Catalogue desk benchmark (issue 31), as a shop's staff use it at scale:
#   import    `shop catalog import --apply` of a generated ROWS-row products CSV (default 100,000
#             rows: Shift_JIS, two variation axes, 4 rows a product; bench/import_csv.py) into the
#             demo shop, timed; meanwhile a storefront row is load-tested and its p99 compared with
#             the same row measured idle just before (the target: within 2× of idle)
#   grid      GET /v1/admin/catalog/grid (the bulk editor's first page), then filtered by keyword,
#             then by a top category sorted by price, over N products (default 100,000; the seed's
#             `--products`) — p99 (the target: < 50 ms)
# The server is the release build, started on a fresh database seeded with the demo shops.
#
#   bash bench/catalog_desk.sh [N] [ROWS]            SQLite (a fresh file); ROWS=0 measures the grid only
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_catalog bash bench/catalog_desk.sh
#                                                    PostgreSQL (the database is dropped and made anew)
#   env: CONNECTIONS (4: several staff at once), DURATION (10s), SHOP_BIN_OVERRIDE (a built server)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source bench/owner_session.sh

products="${1:-100000}"
rows="${2:-100000}"
connections="${CONNECTIONS:-4}"
duration="${DURATION:-10s}"
port=18093

for tool in wrk curl python3; do
  command -v "$tool" > /dev/null || { echo "$tool is missing: apt-get install -y wrk curl" >&2; exit 1; }
done
work=$(mktemp -d)
cleanup() {
  [ -n "${shop_pid:-}" ] && kill "$shop_pid" 2>/dev/null || true
  [ -n "${load_pid:-}" ] && kill "$load_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${SHOP_BIN_OVERRIDE:-}" ]; then
  SHOP_BIN="$SHOP_BIN_OVERRIDE"
else
  cargo build --release --bin shop
fi
export DATABASE_URL="${DATABASE_URL:-sqlite://$work/shop.db}"
if [[ "$DATABASE_URL" == postgres* ]]; then
  name="${DATABASE_URL##*/}"
  psql "${DATABASE_URL%/*}/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" > /dev/null
fi
export SHOP_DATA_DIR="$work/data" SHOP_ADDR="127.0.0.1:$port" RUST_LOG="warn"

echo "seeding the demo shops and $products products into ${DATABASE_URL%%:*} …"
start=$(date +%s)
"$SHOP_BIN" seed --demo --products "$products" > /dev/null
echo "seeded in $(( $(date +%s) - start )) s"
if [[ "$DATABASE_URL" == postgres* ]]; then psql "$DATABASE_URL" -qc "VACUUM ANALYZE" > /dev/null; fi
python3 bench/import_csv.py "$rows" "$work/import.csv"

make_bench_owner
if curl -fs "http://127.0.0.1:$port/healthz" > /dev/null 2>&1; then
  echo "something already answers on port $port: stop it first" >&2
  exit 1
fi
"$SHOP_BIN" serve > "$work/shop.log" 2>&1 &
shop_pid=$!
for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$port/readyz" > /dev/null 2>&1 && break; sleep 0.2; done
kill -0 "$shop_pid" 2> /dev/null || { echo "the server stopped:" >&2; cat "$work/shop.log" >&2; exit 1; }
base="http://127.0.0.1:$port"

sign_in_owner "$base"

q() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
measure() { # url [header] → "rps p50 p99 non2xx"
  local out
  out=$(wrk -t2 -c"$connections" -d"$duration" --latency ${2:+-H "$2"} "$1")
  printf '%s %s %s %s\n' "$(printf '%s\n' "$out" | sed -n 's/^Requests\/sec: *//p')" \
    "$(printf '%s\n' "$out" | awk '$1 == "50%" {print $2}')" "$(printf '%s\n' "$out" | awk '$1 == "99%" {print $2}')" \
    "$(printf '%s\n' "$out" | sed -n 's/.*Non-2xx or 3xx responses: *//p')"
}
row() { printf '%-22s %10s %9s %9s  %s\n' "$@"; }

category=$(curl -fs "$base/v1/admin/catalog/options" -H "cookie: $cookie" | python3 -c 'import json,sys; print(json.load(sys.stdin)["categories"][0]["id"])')
declare -A grid=(
  [grid]="/v1/admin/catalog/grid"
  [grid-keyword]="/v1/admin/catalog/grid?q=$(q グローブ)"
  [grid-category-price]="/v1/admin/catalog/grid?category=$category&sort=price&dir=asc"
)
echo
row "row" "req/s" "p50" "p99" "($products products, $connections connections, $duration; $(nproc) cores, ${DATABASE_URL%%:*})"
for name in grid grid-keyword grid-category-price; do
  url="$base${grid[$name]}"
  curl -fs -H "cookie: $cookie" "$url" -o /dev/null || { echo "$name: $url does not answer 200" >&2; curl -s -H "cookie: $cookie" "$url" >&2; exit 1; }
  read -r rps p50 p99 errors <<< "$(measure "$url" "cookie: $cookie")"
  row "$name" "$rps" "$p50" "$p99" "${errors:+non-2xx: $errors}"
done

[ "$rows" -gt 0 ] || exit 0  # ROWS=0: the grid rows only

# The storefront while the import writes: a category page (the read cache answers a repeated URL,
# so each request asks a new price_max and goes through the database and the index).
storefront_category=$(curl -fs "$base/v1/categories/hierarchy?table=products" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["key"])')
cat > "$work/fresh.lua" <<LUA
local n = 0
local count = 0
function setup(thread) thread:set("id", count); count = count + 1 end
function request()
  n = n + 1
  return wrk.format("GET", "/v1/products?category=$storefront_category&child=1&price_max=" .. (50000 + n * 4 + id))
end
LUA
storefront() { wrk -t2 -c"$connections" -d"$1" --latency -s "$work/fresh.lua" "$base" | awk '$1 == "99%" {print $2}'; }
idle=$(storefront "$duration")
row "storefront idle" "" "" "$idle" "(category page, a new query each request)"

echo "importing $rows rows ($(( rows / 4 )) products) …"
storefront 20s > "$work/during" &
load_pid=$!
start=$(date +%s%N)
"$SHOP_BIN" catalog import --channel demo --apply "$work/import.csv" > "$work/import.out" 2>&1 || { cat "$work/import.out" >&2; exit 1; }
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
wait "$load_pid"
load_pid=""
row "import" "" "" "" "$(tail -1 "$work/import.out") in $(( elapsed / 1000 )).$(( elapsed % 1000 / 100 )) s"
row "storefront in import" "" "" "$(cat "$work/during")" "(the first 20 s of the import; idle p99 $idle)"
