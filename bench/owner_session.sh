# Sourced by the desk benches (orders.sh, catalog_desk.sh): an owner of the demo shop made with
# the `shop` command, then signed in as the back office does (password, then the authenticator's
# code, RFC 6238).
#   make_bench_owner            sets $email, $password and $secret (call before the server starts)
#   sign_in_owner BASE_URL      sets $cookie, or exits
make_bench_owner() {
  password="bench-$(python3 -c 'import secrets; print(secrets.token_hex(12))')"
  # A new owner per run (a kept database already has the last run's).
  email="bench-$(date +%s)@example.jp"
  local created
  created=$(printf '%s\n' "$password" | "$SHOP_BIN" staff create --channel demo --email "$email" --name ベンチ --role owner --password-stdin)
  secret=$(printf '%s\n' "$created" | sed -n 's/^TOTP secret (base32): //p')
}

sign_in_owner() {
  local base=$1 pending code
  pending=$(curl -fs -X POST "$base/v1/admin/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pending"])')
  code=$(python3 - "$secret" <<'PY'
import base64, hmac, struct, sys, time
key = base64.b32decode(sys.argv[1].upper() + "=" * (-len(sys.argv[1]) % 8))
digest = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), "sha1").digest()
offset = digest[-1] & 15
print("%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000))
PY
)
  cookie=$(curl -fsi -X POST "$base/v1/admin/auth/totp" -H 'content-type: application/json' \
    -d "{\"pending\":\"$pending\",\"code\":\"$code\"}" | sed -n 's/^set-cookie: \([^;]*\).*/\1/Ip' | head -1)
  [ -n "$cookie" ] || { echo "could not sign the owner in" >&2; exit 1; }
}
