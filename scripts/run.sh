#!/usr/bin/env bash
# Starts the shop with demo data on SQLite: builds the storefront and the server, then serves
# http://127.0.0.1:8080 (configure with the variables listed in the README).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

ensure_web_packages
(cd web && npm run build)
cargo build --profile dist --bin shop
exec "$SHOP_DIST_BIN" serve --demo
