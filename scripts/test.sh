#!/usr/bin/env bash
# Runs every test: server formatting (rustfmt) and lint (clippy, warnings are errors), unit
# and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the API contract
# (schemathesis over api/openapi.json, reduced run), web lint and format (Biome), type checks
# and unit tests, then the browser journeys in Chromium against the real release server with
# demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# Each step's wall time, printed as it ends and listed at the end (the budgets are in
# docs/architecture.md, "Tests and budgets").
timings=()
current=""
started=$SECONDS
finish_step() {
  if [ -n "$current" ]; then
    timings+=("$(printf '%5ds  %s' $((SECONDS - started)) "$current")")
    printf -- '--- %s: %ds\n' "$current" $((SECONDS - started))
  fi
}
step() {
  finish_step
  current="$*"
  started=$SECONDS
  printf '\n=== %s ===\n' "$*"
}

step "server: format and lint"
cargo fmt --all --check
cargo clippy --release --workspace --all-targets -- -D warnings

step "server: build"
cargo build --release --bin shop

step "server: unit and API tests"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "NOTE: TEST_DATABASE_URL is not set, so the PostgreSQL half of the API tests is SKIPPED."
  echo "      Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (CI does)."
fi
ensure_moto
cargo test --release --workspace

step "API contract: schemathesis against the demo server (reduced run; FULL=1 bash scripts/api-contract.sh for the full one)"
SHOP_BIN="$SHOP_BIN" bash scripts/api-contract.sh

step "web: install, type check, unit tests, build"
ensure_web_packages
(cd web && npm run lint && npm run typecheck && npm test && npm run build)

step "browser journeys (Chromium)"
SHOP_BIN="$SHOP_BIN" bash scripts/e2e.sh

finish_step
printf '\n=== step timings (total %ds) ===\n' "$SECONDS"
printf '%s\n' "${timings[@]}"
