"""Validates the exchanges the Swift tests recorded (OPENMARKET_EXCHANGE_LOG, one JSON line per
exchange, written by MarketTestSupport's ExchangeRecorder) against docs/openapi.json with
openapi-core.

- Every answer must match the document: its status, headers, content type and body.
- A request must match the document when the market accepted it (2xx, 3xx). Tests send invalid
  requests on purpose, and a refusal (4xx) of one is the market doing its job: only the answer
  is held to the document then.
- A path or method the document has no operation for (a probe of an unknown path, a PUT) must be
  refused with the contract's error body: 404, 405 (with Allow) or 501, or OPTIONS' 2xx.

Usage: openapi_exchanges.py DOCUMENT FOLDER. Exit status 1 on any mismatch.
"""

import base64
import collections
import glob
import json
import re
import sys
from urllib.parse import parse_qsl, urlsplit

from email.parser import BytesParser
from email.policy import HTTP

from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse

HOST = "http://127.0.0.1"


def header(headers, name):
    return next((value for key, value in headers if key.lower() == name.lower()), None)


def request_of(exchange):
    url = urlsplit(exchange["target"])
    headers = dict(exchange["request_headers"])
    return MockRequest(
        HOST, exchange["method"].lower(), url.path, args=dict(parse_qsl(url.query, keep_blank_values=True)),
        headers=headers, data=base64.b64decode(exchange["request_body"]),
        content_type=header(exchange["request_headers"], "content-type") or "")


def response_of(exchange):
    headers = dict(exchange["response_headers"])
    return MockResponse(
        base64.b64decode(exchange["response_body"]), status_code=exchange["status"], headers=headers,
        content_type=header(exchange["response_headers"], "content-type") or "")


def outside_problem(exchange):
    """What is wrong with the answer to a request the document has no operation for, if anything."""
    status, method = exchange["status"], exchange["method"]
    if method == "OPTIONS" and status in (200, 204):
        return None
    if status not in (404, 405, 501):
        return f"status {status} for a path or method the document does not describe"
    if status == 405 and header(exchange["response_headers"], "allow") is None:
        return "405 without Allow"
    body = base64.b64decode(exchange["response_body"])
    if method == "HEAD" and not body:
        return None
    try:
        error = json.loads(body)
    except ValueError:
        return "the refusal's body is not JSON"
    if not isinstance(error, dict) or error.get("code") != status or not isinstance(error.get("message"), str):
        return "the refusal's body is not the contract's error body"
    return None


# The teacher's class board (`/class`, behind its own token) is not in the document yet: its
# exchanges are counted and said, not checked (issue 42's closing note says so).
UNDESCRIBED = ("/class",)


def check(openapi, exchange, counts):
    """The problem with one exchange, or None; counts what was checked."""
    path = urlsplit(exchange["target"]).path
    if any(path == prefix or path.startswith(prefix + "/") for prefix in UNDESCRIBED):
        counts["undescribed"] += 1
        return None
    request, response = request_of(exchange), response_of(exchange)
    label = f'{exchange["method"]} {urlsplit(exchange["target"]).path} -> {exchange["status"]}'
    try:
        openapi.validate_response(request, response)
    except (PathNotFound, OperationNotFound):
        counts["outside"] += 1
        problem = outside_problem(exchange)
        return f"{label}: {problem}" if problem else None
    except Exception as error:
        return f"{label}: the answer breaks the document: {error!r} {getattr(error, '__cause__', '')!r}"
    counts["operations"][(exchange["method"], template_of(openapi, urlsplit(exchange["target"]).path))] += 1
    if exchange["status"] < 400:
        try:
            openapi.validate_request(request)
            counts["requests"] += 1
        except Exception as error:
            return f"{label}: an accepted request breaks the document: {error!r} {getattr(error, '__cause__', '')!r}"
    return None


PATHS = []


def text(data, **_):
    return data.decode("utf-8") if isinstance(data, bytes) else data


def binary(data, **_):
    """Bytes as the schema's string (`format: binary`): one character per byte."""
    return data.decode("latin-1") if isinstance(data, bytes) else data


def multipart(data, **parameters):
    """A multipart/form-data body as the schema sees it: `params` as text (its encoding reads it as JSON), each other part
    as text, a name that occurs more than once (`images`) as a list."""
    head = f'Content-Type: multipart/form-data; boundary="{parameters.get("boundary", "")}"\r\n\r\n'.encode()
    message = BytesParser(policy=HTTP).parsebytes(head + data)
    fields = collections.defaultdict(list)
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        body = part.get_payload(decode=True) or b""
        fields[name].append(text(body) if name == "params" else binary(body))
    return {name: values if name == "images" else values[0] for name, values in fields.items()}


DESERIALIZERS = {
    "text/javascript": text, "text/css": text, "text/event-stream": text, "text/html": text,
    "image/jpeg": binary, "image/png": binary, "image/gif": binary, "multipart/form-data": multipart,
}


def template_of(openapi, path):
    """The document's path that `path` is an instance of: a literal one before a templated one."""
    templates = sorted(PATHS, key=lambda template: template.count("{"))
    for template in templates:
        pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path):
            return template
    return path


def main():
    document, folder = sys.argv[1:3]
    openapi = OpenAPI.from_file_path(document, config=Config(extra_media_type_deserializers=DESERIALIZERS))
    with open(document) as file:
        PATHS.extend(json.load(file)["paths"])
    counts = {"exchanges": 0, "requests": 0, "outside": 0, "undescribed": 0, "operations": collections.Counter()}
    problems = collections.Counter()
    for name in sorted(glob.glob(f"{folder}/*.jsonl")):
        with open(name) as file:
            for line in file:
                if not line.strip():
                    continue
                counts["exchanges"] += 1
                problem = check(openapi, json.loads(line), counts)
                if problem:
                    problems[problem[:600]] += 1
    print(
        f'openapi-core: {counts["exchanges"]} exchanges recorded by the tests, {len(counts["operations"])} distinct '
        f'operations; {counts["requests"]} accepted requests validated, {counts["outside"]} refusals outside the '
        f"document checked for the error body; {counts['undescribed']} of the class board (/class) not checked: "
        f"it is not in the document yet")
    for problem, times in problems.most_common():
        print(f"  {times}x {problem}", file=sys.stderr)
    if counts["exchanges"] == 0:
        print("openapi-core: no exchanges were recorded", file=sys.stderr)
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
