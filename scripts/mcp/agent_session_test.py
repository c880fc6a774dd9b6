"""Agent mode end to end (issue 43): the official Python MCP client (`mcp` from PyPI) drives
`openmarket mcp` against a bundled market on 127.0.0.1, as an assistant would. Run by
scripts/test-mcp, which builds the binaries, installs the client into a venv and passes the
paths in (OPENMARKET_BIN, OPENMARKET_FIXTURES).

It lists the tools and checks their schemas, reads, plans a price change and sees nothing sent,
applies it with the plan's token, fails to apply a stale plan after the product changed behind
its back, deletes with the person's confirmation (an elicitation the client accepts), undoes the
delete from the shell, and finds the vendor's secret in no JSON-RPC message of the whole session
and nowhere in the MCP server's stderr. Prints one TAP-like line per check (`ok - …` or
`not ok - …`) and exits 1 when any failed. With TRANSCRIPT=FILE, the session's messages are
written to FILE, readable (direction, time, pretty JSON with long values shortened).

Every server it talks to is the one it started on 127.0.0.1, under a private HOME and XDG
folders in a temporary folder; it stops it and removes the folder whatever happens."""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import anyio
import mcp.types as types
from mcp import ClientSession, StdioServerParameters, stdio_client

BIN = os.environ["OPENMARKET_BIN"]
FIXTURES = os.environ["OPENMARKET_FIXTURES"]
TRANSCRIPT = os.environ.get("TRANSCRIPT")
SESSION_SECONDS = 60  # the whole MCP session; every call answers within CALL_SECONDS
CALL_SECONDS = 20

READS = ["list", "search", "show", "changes", "explain"]
WRITES = ["register", "patch", "stock", "delete", "import", "undo", "redo"]
FORBIDDEN_PROPERTIES = {"secret", "yes", "dry_run", "step", "identifier", "password"}

failures = []


def check(condition, what, detail=None):
    print(("ok - " if condition else "not ok - ") + what, flush=True)
    if detail is not None and not condition:
        for line in str(detail).splitlines()[:12]:
            print("  # " + line, flush=True)
    if not condition:
        failures.append(what)
    return condition


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# --- The market, over plain HTTP on 127.0.0.1 ---------------------------------------------------


class Market:
    """A bundled market on a free loopback port over a fresh data folder, with one vendor added
    by `openmarket-server vendor add` (its identifier and secret read from what it prints)."""

    def __init__(self, work):
        self.work = work
        self.data = os.path.join(work, "market")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.identifier = self.secret = None
        self.process = None

    def start(self):
        server = os.path.join(BIN, "openmarket-server")
        added = subprocess.run([server, "vendor", "add", "MCP test vendor", "--data", self.data],
                               capture_output=True, text=True, check=True, timeout=30)
        for line in added.stdout.splitlines():
            key, _, value = line.strip().partition(":")
            if key == "identifier":
                self.identifier = value.strip()
            elif key == "secret":
                self.secret = value.strip()
        if not (self.identifier and self.secret):
            raise RuntimeError("vendor add printed no identifier and secret")
        self.log = open(os.path.join(self.work, "market.log"), "w")
        self.process = subprocess.Popen([server, "serve", "--port", str(self.port), "--data", self.data],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the market stopped at start ({self.process.returncode})")
            try:
                with urllib.request.urlopen(self.url + "/healthChecker", timeout=2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the market did not answer /healthChecker within 30 s")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def request(self, method, path, body=None, headers=None):
        """(status, JSON or None, ETag or None); an HTTP error is an answer, not an exception."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=dict(headers or {}))
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                raw = answer.read()
                return answer.status, (json.loads(raw) if raw else None), answer.headers.get("ETag")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                document = json.loads(raw) if raw else None
            except ValueError:
                document = raw.decode(errors="replace")
            return error.code, document, error.headers.get("ETag")

    def product(self, product_id):
        return self.request("GET", f"/api/products/{product_id}")

    def products(self):
        status, document, _ = self.request("GET", "/api/products?items_per_page=100")
        return document["pages"] if status == 200 else []

    def patch_behind_the_back(self, product_id, fields):
        """A PATCH by someone else (a person in the shell, another tool) with the vendor's secret."""
        return self.request("PATCH", f"/api/products/{product_id}", dict(fields, secret=self.secret),
                            {"identifier": self.identifier})


# --- The transcript: every JSON-RPC message both ways -------------------------------------------


class Transcript:
    def __init__(self):
        self.started = time.monotonic()
        self.messages = []  # (seconds since start, "client → server" or "server → client", dict)

    def add(self, direction, message):
        self.messages.append((time.monotonic() - self.started, direction, message))

    def text_of_everything(self):
        return "\n".join(json.dumps(message, ensure_ascii=False) for _, _, message in self.messages)


def wire_form(item):
    """A SessionMessage as the JSON object that went over the pipe (an Exception as a note)."""
    if isinstance(item, Exception):
        return {"transport error": f"{type(item).__name__}: {item}"}
    return item.message.model_dump(mode="json", by_alias=True, exclude_unset=True)


class RecordedRead:
    """The client's read stream, keeping each message from the server in the transcript."""

    def __init__(self, stream, transcript):
        self.stream, self.transcript = stream, transcript

    async def receive(self):
        item = await self.stream.receive()
        self.transcript.add("server → client", wire_form(item))
        return item

    def __aiter__(self):
        return self

    async def __anext__(self):
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def aclose(self):
        await self.stream.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.aclose()
        return None

    def __getattr__(self, name):
        return getattr(self.stream, name)


class RecordedWrite:
    """The client's write stream, keeping each message to the server in the transcript."""

    def __init__(self, stream, transcript):
        self.stream, self.transcript = stream, transcript

    async def send(self, item, /):
        self.transcript.add("client → server", wire_form(item))
        await self.stream.send(item)

    async def aclose(self):
        await self.stream.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.aclose()
        return None

    def __getattr__(self, name):
        return getattr(self.stream, name)


def shortened(value, depth=0):
    """A JSON value cut down for a person to read: long strings, long lists and deep objects."""
    if isinstance(value, str):
        return value if len(value) <= 480 else value[:480] + f"… ({len(value) - 480} more characters)"
    if isinstance(value, list):
        kept = [shortened(item, depth + 1) for item in value[:12]]
        return kept + ([f"… {len(value) - 12} more"] if len(value) > 12 else [])
    if isinstance(value, dict):
        if depth >= 8:
            return "{…}"
        if "inputSchema" in value and depth > 2 and value.get("name") != "patch":  # a tool: its properties' names
            properties = value["inputSchema"].get("properties", {})
            return dict({k: shortened(v, depth + 1) for k, v in value.items() if k != "inputSchema"},
                        inputSchema=f"object with {', '.join(properties) or 'no properties'}")
        return {key: shortened(item, depth + 1) for key, item in value.items()}
    return value


def write_transcript(transcript, path, secret):
    lines = [f"# openmarket mcp, driven by the Python MCP client: {len(transcript.messages)} messages",
             "# (pretty JSON, long values shortened; tokens are one-time and expired)", ""]
    for seconds, direction, message in transcript.messages:
        method = message.get("method") or ("result" if "result" in message else "error" if "error" in message else "")
        lines.append(f"## {seconds:7.3f} s  {direction}  {method}  id={message.get('id', '-')}")
        lines.append(json.dumps(shortened(message), ensure_ascii=False, indent=2))
        lines.append("")
    text = "\n".join(lines)
    if secret and secret in text:  # never: the check below fails first; a file must not keep it anyway
        text = text.replace(secret, "«secret»")
    with open(path, "w") as file:
        file.write(text)


# --- The checks ----------------------------------------------------------------------------------


def text_of(result):
    return "\n".join(block.text for block in result.content if getattr(block, "type", None) == "text")


def plan_document(result):
    """The plan in a write's first answer: structuredContent itself or its `plan` member."""
    content = result.structured_content or {}
    return content.get("plan", content) if isinstance(content.get("plan"), dict) else content


def tool_schema_checks(tools):
    by_name = {tool.name: tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools}
    expected = READS + WRITES
    # Exactly these: an added tool (a raw request, say) fails as a missing one does.
    check(set(by_name) == set(expected),
          f"list_tools has exactly the 12 tools ({', '.join(sorted(by_name))})",
          f"missing: {sorted(set(expected) - set(by_name))}, extra: {sorted(set(by_name) - set(expected))}")
    for name in expected:
        tool = by_name.get(name)
        if tool is None:
            continue
        schema = tool.get("inputSchema", {})
        properties = schema.get("properties", {})
        ok = schema.get("type") == "object" and schema.get("additionalProperties") is False
        check(ok, f"{name}: inputSchema is an object with additionalProperties false", json.dumps(schema)[:400])
        forbidden = FORBIDDEN_PROPERTIES & set(properties)
        check(not forbidden, f"{name}: no secret, --yes or --dry-run among its arguments", f"has {sorted(forbidden)}")
        annotations = tool.get("annotations", {})
        if name in WRITES:
            token = properties.get("token", {})
            check(token.get("type") == "string" and "token" not in schema.get("required", []),
                  f"{name}: an optional string `token`", json.dumps(token))
            if name in ("delete", "import", "undo"):
                check(annotations.get("destructiveHint") is True, f"{name}: annotated destructive", annotations)
        else:
            check("token" not in properties and annotations.get("readOnlyHint") is True,
                  f"{name}: read-only (annotated, no token)", annotations)
    patch = by_name.get("patch", {}).get("inputSchema", {}).get("properties", {})
    check(patch.get("price", {}).get("exclusiveMinimum") == 0, "patch: `price` has exclusiveMinimum 0",
          json.dumps(patch.get("price")))
    ids = patch.get("ids", {})
    check(ids.get("type") == "array" and ids.get("minItems") == 1 and ids.get("items", {}).get("type") == "integer",
          "patch: `ids` is an array of at least one integer", json.dumps(ids))
    return by_name


async def call(session, name, arguments):
    return await session.call_tool(name, arguments, read_timeout_seconds=CALL_SECONDS)


async def read_checks(session, market, product):
    listed = await call(session, "list", {})
    check(not listed.is_error and product["name"] in (text_of(listed) + json.dumps(listed.structured_content)),
          "list {} answers, with the product in it", text_of(listed)[:600])
    shown = await call(session, "show", {"id": product["id"]})
    check(not shown.is_error and product["name"] in (text_of(shown) + json.dumps(shown.structured_content)),
          f"show {{id: {product['id']}}} answers with the product", text_of(shown)[:600])
    # One shape whatever the options: a filtered or sorted list still answers the products as objects.
    for arguments in ({"sort": "-price"}, {"all": True, "low_stock": 1000000}):
        sorted_list = await call(session, "list", arguments)
        ids = [item.get("id") for item in (sorted_list.structured_content or {}).get("products", [])]
        check(not sorted_list.is_error and product["id"] in ids,
              f"list {json.dumps(arguments)} answers its products as objects, the product among them",
              json.dumps(sorted_list.structured_content)[:600])


async def register_checks(session, market, folder, registered):
    """Registers a product through the tools: a plan (nothing sent), then the token applies it."""
    shutil.copy(os.path.join(FIXTURES, "coffee-small.jpg"), os.path.join(folder, "coffee.jpg"))
    arguments = {"name": "Agent coffee", "description": "Registered by the MCP test's assistant",
                 "price": 4500, "currency": "KRW", "stock": 3, "image": ["coffee.jpg"]}
    before = len(market.products())
    planned = await call(session, "register", arguments)
    token = (planned.structured_content or {}).get("token")
    check(not planned.is_error and isinstance(token, str), "register plans with a token (photo in --folder)",
          text_of(planned)[:600])
    check(len(market.products()) == before, "the register plan sent nothing (the market has as many products)")
    if not isinstance(token, str):
        return
    applied = await call(session, "register", dict(arguments, token=token))
    made = [market.product(p["id"])[1] for p in market.products() if p["name"] == "Agent coffee"]
    check(not applied.is_error and len(made) == 1 and len(made[0]["images"]) == 1,
          "register with the token made the product, with its photo", text_of(applied)[:600])
    registered.extend(p["id"] for p in made[:1])


async def declined_delete_checks(session, market, product_id, elicitations):
    """A delete the person declines: the tool is refused and nothing is sent."""
    planned = await call(session, "delete", {"ids": [product_id]})
    token = (planned.structured_content or {}).get("token")
    if not check(isinstance(token, str), "a delete plan for the registered product has a token", text_of(planned)[:400]):
        return
    elicitations.answer = "decline"
    try:
        applied = await call(session, "delete", {"ids": [product_id], "token": token})
    finally:
        elicitations.answer = "accept"
    check(len(elicitations) == 1 and applied.is_error and market.product(product_id)[0] == 200,
          "a delete the person declines is refused and sends nothing (the product is still there)",
          f"asked {len(elicitations)}, isError {applied.is_error}: {text_of(applied)[:400]}")
    elicitations.clear()


async def patch_checks(session, market, product_id):
    status, before, etag = market.product(product_id)
    planned = await call(session, "patch", {"ids": [product_id], "price": 9000})
    token = (planned.structured_content or {}).get("token")
    check(not planned.is_error and isinstance(token, str), "patch {ids, price: 9000} answers a plan with a token",
          text_of(planned)[:600])
    plan = plan_document(planned)
    requests = plan.get("requests", [])
    check(len(requests) == 1 and requests[0].get("method") == "PATCH"
          and requests[0].get("path") == f"/api/products/{product_id}"
          and (requests[0].get("body") or {}).get("price") == 9000,
          "the plan shows the one PATCH it would send, with price 9000", json.dumps(plan)[:600])
    check(requests and requests[0].get("if_match") == etag
          and (requests[0].get("body") or {}).get("secret") == "$OPENMARKET_SECRET",
          f"the planned PATCH has If-Match {etag} (the product as planned) and the secret masked",
          json.dumps(requests)[:600])
    status, after, etag_after = market.product(product_id)
    check(status == 200 and after["price"] == before["price"] and etag_after == etag,
          f"nothing was sent: GET still shows price {before['price']} and the same ETag",
          f"{status} price {after and after.get('price')} ETag {etag} → {etag_after}")
    if not isinstance(token, str):
        return
    applied = await call(session, "patch", {"ids": [product_id], "price": 9000, "token": token})
    status, after, _ = market.product(product_id)
    check(not applied.is_error and after.get("price") == 9000, "patch with the token applied it: GET shows 9000",
          text_of(applied)[:600])
    again = await call(session, "patch", {"ids": [product_id], "price": 9000, "token": token})
    check(again.is_error, "the token is used up: a second apply with it is refused", text_of(again)[:300])


async def stale_checks(session, market, product_id):
    planned = await call(session, "patch", {"ids": [product_id], "price": 8500})
    token = (planned.structured_content or {}).get("token")
    if not check(isinstance(token, str), "a second patch plan (price 8500) has a token", text_of(planned)[:400]):
        return
    status, _, _ = market.patch_behind_the_back(product_id, {"price": 7777})
    check(status == 202, f"someone else changed the product over HTTP (price 7777): {status}")
    applied = await call(session, "patch", {"ids": [product_id], "price": 8500, "token": token})
    # The refusal says why, and what changed: not a used or unknown token.
    said = text_of(applied).lower()
    check(applied.is_error and ("stale" in said or "changed since the plan" in said) and ("7,777" in said or "7777" in said),
          "applying the old plan is refused as stale, naming the change (price 7,777)",
          f"isError {applied.is_error}: {text_of(applied)[:500]}")
    status, after, _ = market.product(product_id)
    check(after.get("price") == 7777, "the market keeps the other change (price 7777)", f"price {after.get('price')}")


def planned_name(planned):
    """The name of the product a delete plan deletes, as the plan lists it."""
    products = plan_document(planned).get("products", [])
    return products[0].get("name", "?") if products else "?"


async def delete_checks(session, market, product_id, elicitations):
    planned = await call(session, "delete", {"ids": [product_id]})
    token = (planned.structured_content or {}).get("token")
    plan = plan_document(planned)
    check(isinstance(token, str) and plan.get("deletes") == 1, "delete {ids} answers a plan deleting 1 product",
          text_of(planned)[:400])
    check(market.product(product_id)[0] == 200, "the delete plan sent nothing (the product is still there)")
    check(not elicitations, "no confirmation was asked before the delete was applied", elicitations)
    if not isinstance(token, str):
        return
    applied = await call(session, "delete", {"ids": [product_id], "token": token})
    check(len(elicitations) == 1, f"the person was asked once to confirm the delete ({len(elicitations)})",
          json.dumps(elicitations, ensure_ascii=False)[:600])
    asked = elicitations[0].get("message", "") if elicitations else ""
    check(f"#{product_id}" in asked and planned_name(planned) in asked,
          "the confirmation shows the plan: the product's id and name", asked[:600])
    status, _, _ = market.product(product_id)
    check(not applied.is_error and status == 404, "delete with the token deleted it after the confirmation (404)",
          f"{status}: {text_of(applied)[:400]}")


class Elicitations(list):
    """Every elicitation the server sent (its params), and how the person answers the next one."""
    answer = "accept"


async def skipped(what):
    check(False, f"{what} (skipped)")


async def agent_session(market, env, folder, transcript, stderr_path):
    """The whole MCP session; each stage reports its own checks and the next one still runs."""
    elicitations = Elicitations()

    async def elicit(context, params):
        elicitations.append(params.model_dump(mode="json", by_alias=True, exclude_none=True))
        if elicitations.answer == "accept":
            return types.ElicitResult(action="accept", content={"confirm": True})
        return types.ElicitResult(action=elicitations.answer)

    product = market.product(market.products()[0]["id"])[1]  # the whole product, with its images
    parameters = StdioServerParameters(
        command=os.path.join(BIN, "openmarket"),
        args=["mcp", "--server", market.url, "--folder", folder], env=env, cwd=folder)
    with open(stderr_path, "w") as errlog, anyio.fail_after(SESSION_SECONDS):
        async with stdio_client(parameters, errlog=errlog) as (read, write):
            async with ClientSession(RecordedRead(read, transcript), RecordedWrite(write, transcript),
                                     read_timeout_seconds=CALL_SECONDS, elicitation_callback=elicit,
                                     client_info=types.Implementation(name="openmarket-mcp-test", version="1")) as session:
                await session.initialize()
                tool_schema_checks((await session.list_tools()).tools)
                registered = []
                for stage in (lambda: read_checks(session, market, product),
                              lambda: register_checks(session, market, folder, registered),
                              lambda: declined_delete_checks(session, market, registered[0], elicitations)
                              if registered else skipped("a declined delete: no registered product"),
                              lambda: patch_checks(session, market, product["id"]),
                              lambda: stale_checks(session, market, product["id"]),
                              lambda: delete_checks(session, market, product["id"], elicitations)):
                    try:
                        await stage()
                    except Exception as error:  # a stage that broke off is a failure; the rest still run
                        check(False, f"a stage broke off: {innermost(error)}")
    return product


def undo_checks(market, env, product):
    """`openmarket undo --yes` in the shell takes back the assistant's delete: a new product with
    the same name, price and photos."""
    undone = subprocess.run([os.path.join(BIN, "openmarket"), "--server", market.url, "undo", "--yes"],
                            env=env, capture_output=True, text=True, timeout=30)
    check(undone.returncode == 0, "openmarket undo --yes (the shell, same HOME) succeeded",
          undone.stdout[-400:] + undone.stderr[-400:])
    back = [market.product(p["id"])[1] for p in market.products() if p["name"] == product["name"]]
    check(len(back) == 1 and back[0]["id"] != product["id"] and back[0]["price"] == 7777
          and len(back[0]["images"]) == len(product["images"]),
          f"the deleted product is back: {product['name']!r}, a new id, price 7777, its photos",
          json.dumps(back)[:400])
    return undone


def secret_checks(market, transcript, stderr_path, undone):
    secret = market.secret
    escaped = json.dumps(secret)[1:-1]
    everything = transcript.text_of_everything()
    ascii_everything = "\n".join(json.dumps(m) for _, _, m in transcript.messages)
    check(len(transcript.messages) > 20, f"the transcript holds the session ({len(transcript.messages)} messages)")
    check(secret not in everything and escaped not in everything and escaped not in ascii_everything,
          "the secret (raw or JSON-escaped) is in no message of the session")
    with open(stderr_path, errors="replace") as file:
        stderr = file.read()
    check(secret not in stderr and escaped not in stderr, "the secret is not in openmarket mcp's stderr")
    check(secret not in undone.stdout + undone.stderr, "the secret is not in what the shell's undo printed")


def innermost(error):
    """What broke, out of anyio's task-group wrappers."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return f"{type(error).__name__}: {error}"


def main():
    work = tempfile.mkdtemp(prefix="openmarket-mcp-")
    market = Market(work)
    transcript = Transcript()
    started = time.monotonic()
    try:
        market.start()
        folder = os.path.join(work, "folder")
        os.makedirs(folder)
        env = {"HOME": work, "XDG_STATE_HOME": os.path.join(work, "state"),
               "XDG_CONFIG_HOME": os.path.join(work, "config"), "XDG_DATA_HOME": os.path.join(work, "share"),
               "XDG_CACHE_HOME": os.path.join(work, "cache"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "LANG": "C.UTF-8", "NO_COLOR": "1",
               "OPENMARKET_IDENTIFIER": market.identifier, "OPENMARKET_SECRET": market.secret}
        photo = os.path.join(FIXTURES, "chelsea.png")
        subprocess.run([os.path.join(BIN, "openmarket"), "--server", market.url, "-c",
                        f"register name='Blue mug' description='A mug for the MCP test' price=12000 currency=KRW "
                        f"stock=5 image={photo}"], env=env, check=True, stdout=subprocess.DEVNULL, timeout=30)
        env["OPENMARKET_VENDOR_ID"] = str(market.products()[0]["vendor_id"])
        stderr_path = os.path.join(work, "mcp.stderr")
        try:
            product = anyio.run(agent_session, market, env, folder, transcript, stderr_path)
        except Exception as error:  # the session itself broke (no server, a timeout): say so
            check(False, f"the MCP session ran to its end: {innermost(error)}")
            product = None
        if os.path.exists(stderr_path):
            with open(stderr_path, errors="replace") as file:
                tail = file.read()[-1500:]
            if failures and tail.strip():
                print("# openmarket mcp's stderr, last lines:\n" + "\n".join("#   " + l for l in tail.splitlines()))
        undone = undo_checks(market, env, product) if product else subprocess.CompletedProcess([], 1, "", "")
        secret_checks(market, transcript, stderr_path, undone)
        if TRANSCRIPT:
            write_transcript(transcript, TRANSCRIPT, market.secret)
            print(f"# transcript of {len(transcript.messages)} messages written to {TRANSCRIPT}")
    finally:
        market.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"# {time.monotonic() - started:.1f} s")
    if failures:
        print(f"agent session test: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("agent session test: every check passed")


if __name__ == "__main__":
    main()
