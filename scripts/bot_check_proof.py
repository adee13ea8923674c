"""A solved bot-check proof for scripts that post the checked forms (login, registration, the
reminders, the contact form): fetches a challenge from `GET /v1/bot-check`, finds its number
by trying them all (as the ALTCHA widget in a browser does) and prints the `X-Bot-Check` value.
Standard library only.

    python3 scripts/bot_check_proof.py http://127.0.0.1:8080 [channel]

Imported, `proof(base_url, channel)` answers the same. A proof counts once: fetch one per post.
"""

import base64
import hashlib
import json
import sys
import urllib.request


def solve(challenge):
    """The number whose SHA-256 with the salt is the challenge."""
    salt = challenge["salt"].encode()
    target = challenge["challenge"]
    for number in range(challenge["maxnumber"] + 1):
        if hashlib.sha256(salt + str(number).encode()).hexdigest() == target:
            return number
    raise ValueError("the challenge has no solution up to maxnumber")


def header_value(challenge, number):
    payload = {
        "algorithm": challenge["algorithm"],
        "challenge": challenge["challenge"],
        "number": number,
        "salt": challenge["salt"],
        "signature": challenge["signature"],
    }
    return base64.b64encode(json.dumps(payload).encode()).decode()


def proof(base_url, channel=None, timeout=30):
    request = urllib.request.Request(f"{base_url}/v1/bot-check")
    if channel:
        request.add_header("X-Channel", channel)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        body = json.load(response)
    if body.get("kind") != "altcha":
        raise RuntimeError(f"this shop checks forms with {body.get('kind')}, which a script cannot pass")
    challenge = body["challenge"]
    return header_value(challenge, solve(challenge))


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    print(proof(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None))
