#!/usr/bin/env bash
# The request-path guard: a few minutes of the catalogue bench at 10k products (the cached rows
# and kw-fresh, each against nginx serving the same bytes) and of the checkout bench, compared
# with bench/baseline.json. Exits 1 when a catalogue row's median ratio to nginx, or the
# checkout's median decisions/s, falls more than 15% (the checkout: 30%, as it is noisier) below
# its baseline.
#
# A bench, not a test (the test command never runs it): whoever touches the request path, the
# caches, search or middleware runs it before and after, and puts both outputs in the commit
# message. It measures the plain release build (the one the tests build), not the dist profile.
#
#   bash bench/guard.sh                      compare with bench/baseline.json
#   UPDATE_BASELINE=1 bash bench/guard.sh    record this run as the baseline (say why in the commit)
#   env: ROUNDS (3), DURATION (3s), CHECKOUT_ROUNDS (5), and catalog.sh's CORES, CONNECTIONS
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

results=$(mktemp)
trap 'rm -f "$results"' EXIT

cargo build --release -p shop --bin shop --bin checkout_bench
ROWS="list category keyword detail kw-fresh" ROUNDS="${ROUNDS:-3}" DURATION="${DURATION:-3s}" \
  RESULTS_FILE="$results" SHOP_BIN_OVERRIDE="$SHOP_BIN" bash bench/catalog.sh 10000

echo
echo "checkout: $CARGO_TARGET_DIR/release/checkout_bench, ${CHECKOUT_ROUNDS:-5} rounds on SQLite"
for _ in $(seq 1 "${CHECKOUT_ROUNDS:-5}"); do
  rate=$(env -u BENCH_DATABASE_URL SHOP_BIN="$SHOP_BIN" "$CARGO_TARGET_DIR/release/checkout_bench" 2>&1 | sed -n 's/^decisions\/s *//p')
  [ -n "$rate" ] || { echo "the checkout bench gave no decisions/s" >&2; exit 1; }
  echo "  decisions/s $rate"
  echo "{\"row\": \"checkout\", \"decisions_per_s\": $rate}" >> "$results"
done

python3 - "$results" bench/baseline.json "${UPDATE_BASELINE:-}" <<'PY'
import json, statistics, sys
results_path, baseline_path, update = sys.argv[1], sys.argv[2], sys.argv[3]
lines = [json.loads(line) for line in open(results_path) if line.strip()]
current = {}
for line in lines:
    if line["row"] == "checkout":
        current.setdefault("checkout", []).append(line["decisions_per_s"])
    else:
        current[line["row"]] = line["ratio"]
        if line["errors"]:
            sys.exit(f"{line['row']}: {line['errors']} answers were not 2xx")
current["checkout"] = statistics.median(current["checkout"])
if update:
    json.dump({"note": "bench/guard.sh medians: catalogue rows as ratio to nginx at 10k products, checkout as decisions/s (SQLite, K=200, S=10)",
               "rows": {k: round(v, 3) for k, v in current.items()}}, open(baseline_path, "w"), indent=2)
    print(f"\nbaseline written to {baseline_path}")
    sys.exit(0)
baseline = json.load(open(baseline_path))["rows"]
# The catalogue rows are ratios to nginx measured in interleaved rounds: 15% is outside their
# noise. The checkout's decisions/s wait on the disk and vary far more on the 2-core machine:
# two guard runs of one build gave medians of 745 and 493 (rounds 450-848), so it fails only
# below 30%, and a slower checkout is better confirmed with its own bench at more rounds.
RATIO_TOLERANCE, CHECKOUT_TOLERANCE = 0.15, 0.30
failed = []
print("\n%-10s %10s %10s %8s" % ("row", "baseline", "now", "change"))
for row, base in baseline.items():
    now = current.get(row)
    if now is None:
        failed.append(f"{row}: not measured")
        continue
    change = now / base - 1
    unit = "/s" if row == "checkout" else ""
    print("%-10s %9.3g%s %9.3g%s %+7.0f%%" % (row, base, unit, now, unit, change * 100))
    allowed = CHECKOUT_TOLERANCE if row == "checkout" else RATIO_TOLERANCE
    if change < -allowed:
        failed.append(f"{row}: {now:.3g} is {-change:.0%} below the baseline {base:.3g} (at most {allowed:.0%} allowed)")
if failed:
    print("\nGUARD FAILED:\n  " + "\n  ".join(failed))
    sys.exit(1)
print(f"\nguard passed: no catalogue row more than {RATIO_TOLERANCE:.0%} below its baseline, the checkout not more than {CHECKOUT_TOLERANCE:.0%}")
PY
