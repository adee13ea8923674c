#!/usr/bin/env bash
# Front-end performance benchmark (catalog contract §C, issue 16): starts the release server on a
# fresh SQLite database with the demo shops and the built storefront, then runs Lighthouse 12
# (default mobile profile: simulated slow 4G and 4x CPU slowdown) in the system Chromium against
# each shop's home (/), product list (/product) and one product's detail page, RUNS times each,
# and prints per page the median performance and accessibility scores, FCP, LCP, TBT, CLS and
# Speed Index (each the median of its own runs). LH_SHOPS picks the shops (themes): see below.
#
#   bash bench/lighthouse.sh            (needs the release binary: cargo build --release --bin shop)
#   env: LH_SHOPS (demo; "all" = every theme's shop), LH_RUNS (3), LH_PORT (18140; another free port when taken), LH_OUT (where the JSON
#        reports stay; a new /tmp/lighthouse.* directory by default), CHROME_PATH (/usr/bin/chromium),
#        LH_BUILD_WEB=1 rebuilds web/dist even when it exists, LH_WEB_DIR serves another build
#        (e.g. an older commit's, to compare). On a machine busy with other work, TBT swells with
#        the load (Lighthouse scales the observed CPU time by 4): `nice -n -10 bash bench/lighthouse.sh`
#        measures the app rather than the neighbours.
#
# Lighthouse is a bench tool, not a dependency of the app: it is not in web/package.json but run
# through `npx -y lighthouse@12` with its own npm cache. It never downloads a browser: it drives
# CHROME_PATH (puppeteer's download is switched off too).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

runs="${LH_RUNS:-3}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1
export npm_config_cache="${LH_NPM_CACHE:-$HOME/.cache/lighthouse-npx}"

[ -x "$CHROME_PATH" ] || { echo "Chromium not found at $CHROME_PATH: apt-get install -y chromium (or set CHROME_PATH)" >&2; exit 1; }
[ -x "$SHOP_BIN" ] || { echo "no release server at $SHOP_BIN: cargo build --release --bin shop" >&2; exit 1; }
for tool in curl python3 npx; do
  command -v "$tool" > /dev/null || { echo "$tool is missing" >&2; exit 1; }
done

web_dir="${LH_WEB_DIR:-$PWD/web/dist}"
if [ -z "${LH_WEB_DIR:-}" ] && { [ ! -f web/dist/index.html ] || [ "${LH_BUILD_WEB:-0}" = 1 ]; }; then
  ensure_web_packages
  (cd web && npm run build)
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port="${LH_PORT:-18140}"
if ! port_free "$port"; then
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi

work=$(mktemp -d)
out="${LH_OUT:-$(mktemp -d /tmp/lighthouse.XXXXXX)}"
mkdir -p "$out"
export DATABASE_URL="sqlite://$work/shop.db"
export SHOP_DATA_DIR="$work/data" SHOP_WEB_DIR="$web_dir" SHOP_ADDR="127.0.0.1:$port" RUST_LOG=warn

# An empty database gets the demo shops on the first start.
"$SHOP_BIN" serve --demo > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT

base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  curl -fs "$base/healthz" > /dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "$base/healthz" > /dev/null || { tail -50 "$work/server.log"; exit 1; }

# The shops to measure: the demo shop (theme Simple) by default; LH_SHOPS="asone livins" or
# LH_SHOPS=all (every demo shop, one per theme) for the others, each on its own host name.
shops="${LH_SHOPS:-demo}"
[ "$shops" = all ] && shops="demo corporate asone takimoto awjapan halehana livins"
declare -A pages=()
order=()
for shop in $shops; do
  if [ "$shop" = demo ]; then host_base="$base"; else host_base="http://$shop.localhost:$port"; fi
  product=$(curl -fs -H "Host: $shop.localhost" "$base/v1/products?per=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["key"])')
  pages[$shop-home]="$host_base/"
  pages[$shop-list]="$host_base/product"
  pages[$shop-detail]="$host_base/product/$product"
  order+=("$shop-home" "$shop-list" "$shop-detail")
done

for name in "${order[@]}"; do
  # Warm the server once (first SQLite reads, the page's <head>) so run 1 is not the odd one out.
  curl -fs -o /dev/null --resolve "$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(f"{p.hostname}:{p.port}:127.0.0.1")' "${pages[$name]}")" "${pages[$name]}"
  for run in $(seq 1 "$runs"); do
    echo "lighthouse $name ${pages[$name]} (run $run/$runs) …" >&2
    npx -y lighthouse@12 "${pages[$name]}" \
      --only-categories=performance,accessibility \
      --chrome-flags="--headless=new --no-sandbox" \
      --output=json --output-path="$out/$name-$run.json" --quiet
  done
done

echo "reports: $out"
python3 - "$out" "$runs" "${order[@]}" <<'PY'
import json, statistics, sys
out, runs, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
audits = [("first-contentful-paint", "FCP", "ms"), ("largest-contentful-paint", "LCP", "ms"),
          ("total-blocking-time", "TBT", "ms"), ("cumulative-layout-shift", "CLS", ""),
          ("speed-index", "SI", "ms")]
print(f"{'page':<18} {'perf':>5} {'a11y':>5} {'FCP ms':>7} {'LCP ms':>7} {'TBT ms':>7} {'CLS':>6} {'SI ms':>7}   url")
for name in names:
    reports = [json.load(open(f"{out}/{name}-{i}.json")) for i in range(1, runs + 1)]
    score = statistics.median(r["categories"]["performance"]["score"] * 100 for r in reports)
    a11y = statistics.median(r["categories"]["accessibility"]["score"] * 100 for r in reports)
    values = {key: statistics.median(r["audits"][key]["numericValue"] for r in reports) for key, _, _ in audits}
    scores = "/".join(str(round(r["categories"]["performance"]["score"] * 100)) for r in reports)
    print(f"{name:<18} {score:>5.0f} {a11y:>5.0f} {values['first-contentful-paint']:>7.0f} {values['largest-contentful-paint']:>7.0f} "
          f"{values['total-blocking-time']:>7.0f} {values['cumulative-layout-shift']:>6.3f} {values['speed-index']:>7.0f}   "
          f"{reports[0]['finalDisplayedUrl']}  (runs: {scores})")
PY
