# Shared by run.sh and test.sh: where cargo builds, so that a second run (and CI on this
# machine) reuses the compiled dependencies instead of rebuilding them from scratch.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/shop-target}"
SHOP_BIN="$CARGO_TARGET_DIR/release/shop"
# The benches and deployments serve this one (Cargo.toml's dist profile: release + fat LTO);
# `make run` and the tests use the plain release build ($SHOP_BIN).
SHOP_DIST_BIN="$CARGO_TARGET_DIR/dist/shop"

# Installs the web app's packages when they are missing or older than the lock file.
ensure_web_packages() {
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    (cd web && npm ci --no-audit --no-fund)
  fi
}
