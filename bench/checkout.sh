#!/usr/bin/env bash
# Checkout benchmark: K concurrent buyers race for a product with S units (default K=200,
# S=10) on a fresh SQLite database, and on PostgreSQL when BENCH_DATABASE_URL is set (an admin
# URL such as postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created and
# dropped). Prints orders created (must equal S), decisions/s and p50/p99 decision latency.
#
#   bench/checkout.sh                          # release build, SQLite
#   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bench/checkout.sh
#   BENCH_CARTS=500 BENCH_STOCK=20 BENCH_PAYMENT=bank_transfer bench/checkout.sh
#   BENCH_PROFILE=debug BENCH_CARTS=20 bench/checkout.sh   # quick check on a debug build
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

profile="${BENCH_PROFILE:-release}"
if [ "$profile" = release ]; then
  cargo build --release -p shop --bin shop --bin checkout_bench
else
  cargo build -p shop --bin shop --bin checkout_bench
fi
export SHOP_BIN="${SHOP_BIN_OVERRIDE:-$CARGO_TARGET_DIR/$profile/shop}"

echo "== SQLite"
env -u BENCH_DATABASE_URL "$CARGO_TARGET_DIR/$profile/checkout_bench"
if [ -n "${BENCH_DATABASE_URL:-}" ]; then
  echo "== PostgreSQL"
  "$CARGO_TARGET_DIR/$profile/checkout_bench"
fi
