#!/usr/bin/env bash
# Starts the shop with demo data on SQLite: builds the storefront and the server, then serves
# http://127.0.0.1:8080 (configure with the variables listed in the README).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

ensure_web_packages
(cd web && npm run build)
# The plain release profile: the one the tests build too, so a checkout whose tests ran starts
# at once. The dist profile (fat LTO, one codegen unit) is for deployments and the benches: on
# this 2-core machine it adds ~10 minutes for ~15% more catalogue throughput.
cargo build --release --bin shop
exec "$SHOP_BIN" serve --demo
