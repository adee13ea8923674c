"""schemathesis hooks for scripts/api-contract.sh: every request is the demo member's.

An access token lives 15 minutes (auth/token.rs) and a full run lasts longer, so the token is
fetched by logging in, again every 10 minutes, and again after a 401 (schemathesis retries
the fetch on it). Operations that declare no security still get the token: the cart and the
catalogue answer a member differently from a guest, and that is the path worth exercising.
"""

import os

import requests
import schemathesis

BASE_URL = os.environ["CONTRACT_BASE_URL"]
CHANNEL = os.environ.get("CONTRACT_CHANNEL", "demo")
USERNAME = os.environ.get("CONTRACT_USERNAME", "demo-member")
PASSWORD = os.environ.get("CONTRACT_PASSWORD", "ride2026demo")


@schemathesis.auth(refresh_interval=600)
class DemoMember:
    def get(self, case, ctx):
        response = requests.post(
            f"{BASE_URL}/v1/auth/login",
            json={"username": USERNAME, "password": PASSWORD},
            headers={"X-Channel": CHANNEL},
            timeout=30,
        )
        response.raise_for_status()
        return response.json()["access_token"]

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
