"""Schemathesis against a fresh bundled market (scripts/check-openapi runs it).

Starts the debug openmarket-server on 127.0.0.1, on a free port, over a temporary data
directory; reads the demo vendor it prints; runs schemathesis over docs/openapi.json with the
vendor's identifier (the document's security scheme) and its secret (openapi_hooks.py), for a
bounded number of examples per operation and a bounded time; stops the market.

Usage: openapi_fuzz.py BIN_DIR DOCUMENT REPORT_DIR
Environment: OPENMARKET_OPENAPI_EXAMPLES (per operation, default 25),
OPENMARKET_OPENAPI_SECONDS (the whole run, default 90), OPENMARKET_OPENAPI_SEED (default 1).
Exit status: schemathesis's (0 when it found nothing).
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))

# Every check runs but these (schemathesis's default is all), and why:
# - positive_data_acceptance: the document cannot say everything the market checks (lengths in
#   grapheme clusters, at most two decimal places, a discount within the price, a thumbnail among
#   the product's images, an image's bytes), so a schema-valid request may rightly get 400.
# The market evaluates `If-Match` before reading the body (RFC 9110 §13.2.1: preconditions come
# before the content is processed), so a negative case can rightly get 412.
CONFIG = """
[checks.positive_data_acceptance]
enabled = false

[auth.openapi.identifier]
api_key = "${OPENMARKET_IDENTIFIER}"

[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "412", "413", "429"]

# A create whose images the hooks replaced holds bytes, which schemathesis cannot judge against
# the schema: it then counts the case as negative, and the market's rightful 201 as a
# schema-violating request accepted. Every other check still runs on creates.
[[operations]]
include-operation-id = "createProduct"
checks.negative_data_rejection.enabled = false
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_market(bin_dir, work):
    """The market's process, its base URL and the demo vendor's identifier and secret."""
    port = free_port()
    server = subprocess.Popen(
        [os.path.join(bin_dir, "openmarket-server"), "--port", str(port), "--data", os.path.join(work, "data")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    identifier = secret = None
    for line in server.stdout:
        key, _, value = line.strip().partition(":")
        if key == "identifier":
            identifier = value.strip()
        elif key == "secret":
            secret = value.strip()
        if identifier and secret:
            break
    if not (identifier and secret):
        server.kill()
        sys.exit("check-openapi: the market printed no demo vendor")
    return server, f"http://127.0.0.1:{port}", identifier, secret


def run_schemathesis(document, url, identifier, secret, report_dir, work):
    config = os.path.join(work, "schemathesis.toml")
    with open(config, "w") as file:
        file.write(CONFIG)
    env = dict(os.environ, OPENMARKET_IDENTIFIER=identifier, OPENMARKET_SECRET=secret,
               SCHEMATHESIS_HOOKS="openapi_hooks", PYTHONPATH=HERE)
    command = [
        os.path.join(os.path.dirname(sys.executable), "schemathesis"), "--config-file", config, "run", document,
        "--url", url, "--workers", "1", "--no-color",
        "--max-examples", os.environ.get("OPENMARKET_OPENAPI_EXAMPLES", "25"),
        "--max-time", os.environ.get("OPENMARKET_OPENAPI_SECONDS", "90"),
        "--seed", os.environ.get("OPENMARKET_OPENAPI_SEED", "1"),
        # An open page's event stream never ends by itself; its HEAD is tested.
        "--exclude-operation-id", "storefrontEvents",
        "--report", "junit", "--report-dir", os.path.abspath(report_dir),
    ]
    return subprocess.run(command, env=env, cwd=work).returncode


def main():
    bin_dir, document, report_dir = sys.argv[1:4]
    document = os.path.abspath(document)
    with tempfile.TemporaryDirectory(prefix="openmarket-openapi-") as work:
        server, url, identifier, secret = start_market(bin_dir, work)
        try:
            status = run_schemathesis(document, url, identifier, secret, report_dir, work)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return status


if __name__ == "__main__":
    sys.exit(main())
