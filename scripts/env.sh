# Shared by run.sh and test.sh: where cargo builds, so that a second run (and CI on this
# machine) reuses the compiled dependencies instead of rebuilding them from scratch.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/shop-target}"
SHOP_BIN="$CARGO_TARGET_DIR/release/shop"
# The benches and deployments serve this one (Cargo.toml's dist profile: release + fat LTO);
# `make run` and the tests use the plain release build ($SHOP_BIN).
SHOP_DIST_BIN="$CARGO_TARGET_DIR/dist/shop"

# Installs the web app's packages when they are missing or older than the lock file.
# moto's S3 server: the API tests' stand-in for S3-compatible object storage (storage_s3.rs).
ensure_moto() {
  local venv="$HOME/.cache/shop-moto"
  if [ ! -x "$venv/bin/moto_server" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'moto[server]==5.*'
  fi
}

ensure_web_packages() {
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    (cd web && npm ci --no-audit --no-fund)
  fi
}
