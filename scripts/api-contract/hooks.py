"""schemathesis hooks for scripts/api-contract.sh: the demo member, and real identifiers.

Every request is the demo member's. An access token lives 15 minutes (auth/token.rs) and a full
run lasts longer, so the token is fetched by logging in, again every 10 minutes, and again after
a 401 (schemathesis retries the fetch on it). Operations that declare no security get the token
too: the cart and the catalogue answer a member differently from a guest, and that path is the
one worth exercising (the guest path is what `ignored_auth` and the unauthenticated cases try).

Random strings as keys and ids only ever find a 404, which would leave every operation behind a
path parameter untested. So, before the run, the demo data's real keys are read from the API
(products, orders, addresses, news, …) and a generated case's path parameters, and a few body
fields that name a record (the cart token, a product key), are swapped for one of them most of
the time. Only components generated as valid are touched: a negative case keeps its violation.

The forms guarded by the bot check (registration, login, the reminders, the contact form) need
a solved proof in `X-Bot-Check`; a random string is refused before the form is read, so a case
whose headers were generated as valid gets a real proof (scripts/bot_check_proof.py), and the
operation behind the check is exercised too.
"""

import email
import email.policy
import glob
import os
import random
import re
import sys

import requests
import schemathesis
from schemathesis.core.parameters import ParameterLocation

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bot_check_proof import proof  # noqa: E402

BASE_URL = os.environ["CONTRACT_BASE_URL"]
CHANNEL = os.environ.get("CONTRACT_CHANNEL", "demo")
USERNAME = os.environ.get("CONTRACT_USERNAME", "demo-member")
PASSWORD = os.environ.get("CONTRACT_PASSWORD", "ride2026demo")
# The server's mail outbox (its .eml files), where the unlock link of a locked member arrives.
OUTBOX = os.environ.get("CONTRACT_OUTBOX")
UNLOCK_LINK = re.compile(r"/login/unlock\?token=([0-9a-f]+)")
# How often a known value replaces a generated one; the rest keep exploring.
REAL_SHARE = 0.75
# Its own generator, seeded, so that two runs with the same schemathesis seed pick alike.
CHOICE = random.Random(2026)
# The forms the bot check guards (server/src/bot_check/mod.rs, CHECKED).
BOT_CHECKED = {
    ("POST", "/v1/users"),
    ("POST", "/v1/auth/login"),
    ("POST", "/v1/reminder/request"),
    ("POST", "/v1/reminder/username/request"),
    ("POST", "/v1/inquiries"),
}


def _post_login():
    return requests.post(
        f"{BASE_URL}/v1/auth/login",
        json={"username": USERNAME, "password": PASSWORD},
        headers={"X-Channel": CHANNEL, "X-Bot-Check": proof(BASE_URL, CHANNEL)},
        timeout=30,
    )


def _unlock_from_outbox():
    """Opens the newest unlock link mailed to the outbox, as the member would."""
    for path in sorted(glob.glob(os.path.join(OUTBOX, "*.eml")), reverse=True):
        with open(path, "rb") as file:
            mail = email.message_from_binary_file(file, policy=email.policy.default)
        found = UNLOCK_LINK.search(mail.get_body(preferencelist=("plain",)).get_content())
        if found:
            requests.get(f"{BASE_URL}/v1/auth/unlock/{found.group(1)}", headers={"X-Channel": CHANNEL}, timeout=30).raise_for_status()
            return
    raise RuntimeError(f"the demo member is locked and no unlock link is in {OUTBOX}")


def login():
    response = _post_login()
    # Generated logins with the member's address (schemathesis learns it from GET /v1/me/user)
    # and random passwords lock the account, rightly; a long run's next login then unlocks it
    # through the mailed link instead of failing every operation after it.
    if response.status_code == 422 and response.json().get("code") == "auth.login.locked" and OUTBOX:
        _unlock_from_outbox()
        response = _post_login()
    if not response.ok:
        raise RuntimeError(f"the demo member cannot log in: {response.status_code} {response.text}")
    return response.json()["access_token"]


@schemathesis.auth(refresh_interval=600)
class DemoMember:
    def get(self, case, ctx):
        return login()

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


def _gather():
    headers = {"X-Channel": CHANNEL, "Authorization": f"Bearer {login()}"}

    def get(path):
        response = requests.get(f"{BASE_URL}{path}", headers=headers, timeout=30)
        response.raise_for_status()
        body = response.json()
        return body["data"] if isinstance(body, dict) and "data" in body else body

    def field(path, name):
        return [str(item[name]) for item in get(path) if item.get(name) is not None]

    cart = requests.post(f"{BASE_URL}/v1/carts/init", json={}, headers=headers, timeout=30).json()["token"]
    products = field("/v1/products?per=50", "key")
    orders = get("/v1/me/orders")
    order_ids = [o["id"] for o in orders]
    order_nos = [o["order_no"] for o in orders]
    addresses = field("/v1/me/user-addresses", "id")
    news = get("/v1/news?per=20")
    pages = [u["url"].lstrip("/") for u in get("/v1/static-pages/urls")]
    path = {
        "key": {
            "/v1/products/": products,
            "/v1/news/": [n["key"] for n in news],
            "/v1/blogs/": field("/v1/blogs", "key"),
            "/v1/makers/": field("/v1/makers?per=all", "key"),
            "/v1/stylists/": field("/v1/stylists", "key"),
            "/v1/me/user-lists/": field("/v1/me/user-lists", "key"),
        },
        "id": {
            "/v1/me/orders/": order_ids,
            "/v1/me/user-addresses/": addresses,
            "/v1/me/user-cards/": field("/v1/me/user-cards", "id"),
            "/v1/popups/": field("/v1/popups", "id"),
            "/v1/banners/": field("/v1/banners", "id"),
        },
        "token": {"/v1/carts/": [cart], "/v1/payments/carts/": [cart], "/v1/shipping-leadtime/": [cart]},
        "order_no": {"": order_nos},
        "no": {"": order_nos},
        "alias": {"": ["new-arrivals", "staff-picks", "winter-maintenance"]},
        "code": {
            "/v1/free-areas/": field("/v1/free-areas?per=all", "code"),
            "/v1/messages/": field("/v1/messages?per=all", "code"),
            "/v1/settings/payment-service/": field("/v1/payments", "code"),
        },
        "slug": {"": field("/v1/lp", "slug")},
        "path": {"": pages},
        "page": {"": ["top", "product", "cart", "mypage"]},
        "product_id": {"": [p["id"] for p in get("/v1/products?per=20")]},
        "payment_id": {"": field("/v1/payments", "id")},
        "type": {"": ["google", "line", "yahoo"]},
        "file": {"": []},
    }
    body = {
        "token": [cart],
        "product_key": products,
        "order_id": order_ids,
        "coupon_id": field("/v1/me/coupons", "id"),
        "readable_id": [n["id"] for n in news],
        "tag_key": field("/v1/tags?per=100", "key"),
        "user_address_id": addresses,
    }
    return path, body


PATH_VALUES, BODY_VALUES = _gather()


def _known_path_value(operation_path, name):
    for prefix, values in PATH_VALUES.get(name, {}).items():
        if operation_path.startswith(prefix) and values:
            return values
    return None


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    path_negative = meta is not None and meta.is_negative_at(ParameterLocation.PATH)
    body_negative = meta is not None and meta.is_negative_at(ParameterLocation.BODY)
    header_negative = meta is not None and meta.is_negative_at(ParameterLocation.HEADER)
    if (case.method.upper(), case.operation.path) in BOT_CHECKED and not header_negative:
        case.headers = case.headers or {}
        case.headers["X-Bot-Check"] = proof(BASE_URL, CHANNEL)
    if case.path_parameters and not path_negative:
        for name in list(case.path_parameters):
            values = _known_path_value(case.operation.path, name)
            if values and CHOICE.random() < REAL_SHARE:
                case.path_parameters[name] = CHOICE.choice(values)
    if isinstance(case.body, dict) and not body_negative:
        for name, values in BODY_VALUES.items():
            if name in case.body and isinstance(case.body[name], str) and values and CHOICE.random() < REAL_SHARE:
                case.body[name] = CHOICE.choice(values)
    return case
