#!/usr/bin/env bash
# Catalogue benchmark (issue 3): seeds N products (default 100k) into a fresh SQLite database,
# starts the release server, and load-tests the product list (page 1, a category page, a keyword
# search) and a product detail with wrk — next to nginx serving the identical response bytes as
# static files. Prints requests/s, p50 and p99 for both and the ratio.
# Those rows repeat one URL, so after the first request the server's read cache answers them.
# The `kw-fresh` row makes every query string unique (a random name fragment as keyword and a
# price_max never asked before), so the read cache never answers and each request is a
# first-time search through the index; the page's products come from the item cache
# (catalog/product_item.rs: products read within the last half second) or the database. Its
# nginx column serves the keyword page's bytes for the same query strings.
# The search index build time (products, ms) is printed from the server log at the end.
#
# Single runs are noisy (the same binary has given 28k and 46k requests/s a minute apart), so
# each row is measured in ROUNDS rounds, shop and nginx interleaved, and the medians are printed
# with the spread of the rounds' ratios. CORES pins the shop and nginx to that many cores (and
# wrk to the others) when the machine has cores to spare, so one script measures scale-up on a
# larger machine; on a machine with no more cores than that, nothing is pinned (said in the
# header line) and wrk shares the cores.
#
#   bash bench/catalog.sh [N]      (needs: wrk, nginx — apt-get install -y wrk nginx-light)
#   env: CONNECTIONS (64), DURATION (5s per measurement), ROUNDS (3), CORES (2),
#        THREADS (wrk threads; 2), DATABASE_URL (to bench PostgreSQL),
#        SHOP_BIN_OVERRIDE (a built server to bench instead of building the dist profile),
#        RESULTS_FILE (each row's medians appended there as a JSON line; bench/guard.sh reads it),
#        ROWS (the rows to run, e.g. "list detail kw-fresh"; all six by default)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

products="${1:-100000}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-5s}"
threads="${THREADS:-2}"
rounds="${ROUNDS:-3}"
cores="${CORES:-2}"
shop_port=18090
static_port=18091

for tool in wrk nginx curl; do
  command -v "$tool" > /dev/null || { echo "$tool is missing: apt-get install -y wrk nginx-light curl" >&2; exit 1; }
done

work=$(mktemp -d)
cleanup() {
  [ -n "${shop_pid:-}" ] && kill "$shop_pid" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The deployments' build (Cargo.toml's dist profile: fat LTO), unless SHOP_BIN_OVERRIDE names a
# built server to measure instead (e.g. two commits' release builds side by side, in one session).
if [ -n "${SHOP_BIN_OVERRIDE:-}" ]; then
  SHOP_BIN="$SHOP_BIN_OVERRIDE"
else
  cargo build --profile dist --bin shop
  SHOP_BIN="$SHOP_DIST_BIN"
fi
export DATABASE_URL="${DATABASE_URL:-sqlite://$work/shop.db}"
export SHOP_DATA_DIR="$work/data" SHOP_ADDR="127.0.0.1:$shop_port" RUST_LOG="warn,shop::catalog::search_index=info"
echo "seeding $products demo products into $DATABASE_URL …"
time "$SHOP_BIN" seed --demo --products "$products" > /dev/null
# Pinning: the servers on cores 0..CORES-1, wrk on the rest, when the machine has cores to spare.
available=$(nproc)
if [ "$available" -gt "$cores" ]; then
  server_cpus="0-$((cores - 1))"
  load_cpus="$cores-$((available - 1))"
  pin_server=(taskset -c "$server_cpus")
  pin_load=(taskset -c "$load_cpus")
  pinning="shop and nginx on cores $server_cpus, wrk on $load_cpus"
else
  pin_server=()
  pin_load=()
  pinning="not pinned: this machine has $available cores, no more than CORES=$cores"
fi
# A server left on the port (an earlier run, a manual test) would answer in this one's place and
# the figures would be another build's: refuse to start instead.
if curl -fs "http://127.0.0.1:$shop_port/healthz" > /dev/null 2>&1; then
  echo "something already answers on port $shop_port: stop it first (the bench would measure it, not $SHOP_BIN)" >&2
  exit 1
fi
"${pin_server[@]}" "$SHOP_BIN" serve --demo > "$work/shop.log" 2>&1 &
shop_pid=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$shop_port/healthz" > /dev/null 2>&1 && break; sleep 0.1; done
kill -0 "$shop_pid" 2> /dev/null || { echo "the server stopped:" >&2; cat "$work/shop.log" >&2; exit 1; }
# Measured once ready, as a load balancer would send it traffic: until /readyz answers 200 the
# keyword index is still being built (about 4 s of a core at 100k products), which used to
# fall into the first row's first round.
for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$shop_port/readyz" > /dev/null 2>&1 && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$shop_port/readyz" > /dev/null || { echo "the server is not ready after 60 s:" >&2; curl -s "http://127.0.0.1:$shop_port/readyz" >&2; exit 1; }

base="http://127.0.0.1:$shop_port"
category=$(curl -fs "$base/v1/categories/hierarchy?table=products" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["children"][0]["key"])')
product=$(curl -fs "$base/v1/products?sort=popular&per=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["key"])')
keyword=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("グローブ"))')
declare -A paths=(
  [list]="/v1/products"
  [category]="/v1/products?category=$category&child=1"
  [keyword]="/v1/products?keyword=$keyword"
  [detail]="/v1/products/$product"
)
read -r -a order <<< "${ROWS:-list category keyword detail kw-fresh list-member}"

# `list-member`: the list again, asked by a logged-in member who keeps its 20 products as
# favourites: the cached bytes get the member's is_favorite laid over them (favorites/overlay.rs).
token=$(curl -fs -X POST "$base/v1/auth/login" -H 'content-type: application/json' \
  -H "x-bot-check: $(python3 scripts/bot_check_proof.py "$base")" \
  -d '{"username":"demo-member","password":"ride2026demo"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
for key in $(curl -fs "$base/v1/products" | python3 -c 'import json,sys; print(" ".join(p["key"] for p in json.load(sys.stdin)["data"]))'); do
  curl -fs -X POST -H "authorization: Bearer $token" "$base/v1/products/$key/likes" > /dev/null
done
paths[list-member]="/v1/products"

# Fragments of the demo product names, in the spellings visitors type (hiragana, half-width).
fragments=(グローブ ぶれーき ﾍﾙﾒｯﾄ チェーン バルブ まふらー ミラー ぐりっぷ タイヤ ｵｲﾙ バッテリー ライト スクリーン ぺだる ポンプ)
python3 - "$work/fresh.lua" "${fragments[@]}" <<'PY'
import sys, urllib.parse
words = ", ".join('"%s"' % urllib.parse.quote(w) for w in sys.argv[2:])
open(sys.argv[1], "w").write("""
-- Every request asks something new: a random keyword and a price_max unique to this thread
-- and request (threads interleave by 16), so the read cache never answers. `id` is the global
-- setup() gives each thread.
local words = { %s }
local prefix, n = nil, 0
local count = 0
function setup(thread) thread:set("id", count); count = count + 1 end
function init(args) prefix = args[1]; math.randomseed(os.time() * 100 + id) end
function request()
  n = n + 1
  local path = prefix .. "keyword=" .. words[math.random(#words)] .. "&price_max=" .. (5000 + n * 16 + id)
  return wrk.format("GET", path)
end
""" % words)
PY

# nginx serves each answer's exact bytes as a file.
mkdir -p "$work/static"
for name in list category keyword detail; do curl -fs "$base${paths[$name]}" -o "$work/static/$name.json"; done
curl -fs -H "authorization: Bearer $token" "$base${paths[list-member]}" -o "$work/static/list-member.json"
cp "$work/static/keyword.json" "$work/static/kw-fresh.json"
cat > "$work/nginx.conf" <<CONF
worker_processes $cores;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  server { listen 127.0.0.1:$static_port; root $work/static; }
}
CONF
"${pin_server[@]}" nginx -c "$work/nginx.conf" -p "$work"

measure() { # url [path prefix for fresh.lua] → "rps p50_ms p99_ms errors"; $header: an extra request header
  local script=()
  [ $# -gt 1 ] && script=(-s "$work/fresh.lua" "$1" -- "$2") || script=("$1")
  [ -n "${header:-}" ] && script=(-H "$header" "${script[@]}")
  "${pin_load[@]}" wrk -t"$threads" -c"$connections" -d"$duration" --latency "${script[@]}" | python3 -c '
import re, sys
text = sys.stdin.read()
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
p50, p99 = ms("50%"), ms("99%")
print("%.0f %.2f %.2f %s" % (rps, p50, p99, errors.group(1) if errors else 0))'
}

# One round of a row: the shop, then nginx → "shop_rps shop_p99 errors nginx_rps nginx_p99".
round_of() {
  local name=$1 s n
  if [ "$name" = kw-fresh ]; then
    s=$(measure "$base" "/v1/products?")
    n=$(measure "http://127.0.0.1:$static_port" "/$name.json?")
  elif [ "$name" = list-member ]; then
    s=$(header="authorization: Bearer $token" measure "$base${paths[$name]}")
    n=$(measure "http://127.0.0.1:$static_port/$name.json")
  else
    s=$(measure "$base${paths[$name]}")
    n=$(measure "http://127.0.0.1:$static_port/$name.json")
  fi
  read -r s_rps _ s_p99 s_err <<< "$s"
  read -r n_rps _ n_p99 _ <<< "$n"
  echo "$s_rps $s_p99 $s_err $n_rps $n_p99"
}

echo
echo "products: $products, connections: $connections, $rounds rounds of $duration per row and server, wrk threads: $threads, cores: $cores ($pinning), database: ${DATABASE_URL%%:*}"
printf '%-11s %10s %8s | %10s %8s | %7s %-13s %s\n' endpoint shop_rps p99_ms nginx_rps p99_ms ratio "(rounds)" bytes
for name in "${order[@]}"; do
  results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(round_of "$name")"); done
  bytes=$(stat -c %s "$work/static/$name.json")
  printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
name, bytes = sys.argv[1], sys.argv[2]
rounds = [[float(x) for x in line.split()] for line in sys.stdin if line.strip()]
ratios = [r[0] / r[3] * 100 for r in rounds]
med = lambda i: statistics.median(r[i] for r in rounds)
errors = int(sum(r[2] for r in rounds))
spread = "%.0f-%.0f%%" % (min(ratios), max(ratios))
print("%-11s %10.0f %8.2f | %10.0f %8.2f | %6.0f%% %-13s %s%s" % (name, med(0), med(1), med(3), med(4), statistics.median(ratios), "(" + spread + ")", bytes,
      "  (%d non-2xx!)" % errors if errors else ""))
if sys.argv[3]:
    import json
    row = {"row": name, "shop_rps": med(0), "shop_p99_ms": med(1), "nginx_rps": med(3), "ratio": statistics.median(ratios) / 100, "errors": errors}
    open(sys.argv[3], "a").write(json.dumps(row) + "\n")' "$name" "$bytes" "${RESULTS_FILE:-}"
done
echo
grep -h "search index built" "$work/shop.log" | sed 's/\x1b\[[0-9;]*m//g' || echo "no search index build logged"
