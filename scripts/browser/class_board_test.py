"""The class of issue 42 in a real browser, end to end: a 30-student roster (Korean names, one
named like markup) enrolled by `openmarket-server class add ROSTER.csv`, whose handout headless
Chromium opens (the students' credentials are read back from it: the secrets are only there) and
prints to PDF (one A4 page per student); 30 scripted students on one market (some doing each step
of the example assignment, some not, some with planted near misses and planted HTTP habits)
while Chromium shows the teacher's board (behind its token); then `class grade ASSIGNMENT` must
give exactly the planted grades, and the board must show every student's progress within a
second of their requests, the planted steps and the planted HTTP habits on the right rows.
Run by scripts/test-class-board, which installs Chromium and Selenium and passes the binaries'
folder in.

It measures the board's update delay (a request answered to its count shown on the board) and
`/healthChecker`'s latency before and during the class, prints both, and saves the board in
Korean at 1280x720 (OPENMARKET_BOARD_SCREENSHOT, docs/images/class-board-ko.png from
scripts/test-class-board --screenshot). Every server it talks to is the one it started on
127.0.0.1; it stops it when done, and the whole run is bounded (OPENMARKET_BOARD_SECONDS)."""

import base64
import csv
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN = os.environ["OPENMARKET_BIN"]
SERVER = os.path.join(BIN, "openmarket-server")
FIXTURES = os.environ["OPENMARKET_FIXTURES"]
SHOTS = os.environ["OPENMARKET_SCREENSHOTS"]
SCREENSHOT = os.environ.get("OPENMARKET_BOARD_SCREENSHOT", os.path.join(SHOTS, "class-board-ko.png"))
BOUND = int(os.environ.get("OPENMARKET_BOARD_SECONDS", "240"))
STUDENTS = 30
HOSTILE = '<img src=x onerror="window.__pwned=1">'
FAMILY = "김이박최정강조윤장임한오서신권황안송류홍"
GIVEN = ["민준", "서연", "지훈", "하은", "도윤", "수아", "예준", "지유", "시우", "서윤", "주원", "하린", "지호", "채원", "준서"]

# The example assignment of docs/teaching.md ("Assignments"): the issue's five steps.
ASSIGNMENT = """# Homework 2: conditional requests
title = 과제 2: 조건부 요청
step photos   = POST /api/products status=201 photos>=2 | 사진 2장으로 상품을 등록했다
step if-match = PATCH /api/products/{id} status=202 if-match own | If-Match로 가격을 바꿨다
step met-412  = status=412 | 412를 만났다
step delete   = DELETE status=200 own | 자기 상품을 지웠다
step met-403  = status=403 classmate | 친구 상품에서 403을 만났다
"""
STEPS = ["photos", "if-match", "met-412", "delete", "met-403"]
# Near misses: each comes close to a step without doing it (it must not count).
NEAR_MISSES = ["patch-without-if-match",  # a PATCH of their own product, no If-Match: not if-match
               "wrong-secret-on-stale",  # a stale If-Match with a wrong secret: 401, not met-412
               "classmate-wrong-secret",  # a classmate's product with a wrong secret: 401, not met-403
               "bad-delete-token",  # a DELETE of a token that is none: not delete
               "not-found-once"]  # a product that does not exist, asked for once: no habit
# Planted HTTP habits, each the board must show (as the linter's rule) on that student's row only.
HABITS = {"secret-in-query": "secret-in-request",
          "get-with-body": "read-with-body",
          "untyped-part": "untyped-part",
          "not-found-twice": "refused-request-again",
          "polling": "polling-without-if-none-match"}

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def now_ms():
    return time.time() * 1000


def plan():
    """Who does what, decided by position (the same every run): student 0 does every step and
    nothing wrong, student 1 no step; the others a pattern of their position. Returns
    (name, number, steps, near misses, habits) per student."""
    students = []
    for i in range(STUDENTS):
        name = HOSTILE if i == 7 else FAMILY[i % len(FAMILY)] + GIVEN[i % len(GIVEN)]
        if i == 0:
            steps, misses, habits = set(STEPS), set(), set()
        else:
            steps = set() if i == 1 else {s for k, s in enumerate(STEPS) if (i * 5 + k * 3) % 7 < 4}
            misses = {m for k, m in enumerate(NEAR_MISSES) if (i * 2 + k * 3) % 9 == 0}
            habits = {h for k, h in enumerate(HABITS) if (i * 3 + k * 5) % 11 < 2}
        students.append((name, str(2026001 + i), steps, misses, habits))
    return students


def roster_csv(students):
    """The roster as a teacher's CSV: a header line, then name and student number (quoted as
    RFC 4180 quotes a field holding a quote)."""
    lines = ["이름,학번"]
    for name, number, *_ in students:
        field = '"' + name.replace('"', '""') + '"' if any(c in name for c in ',"') else name
        lines.append(f"{field},{number}")
    return "\r\n".join(lines) + "\r\n"


class Student:
    """One scripted student: a vendor of the market, sending their planned requests over one
    keep-alive connection, and noting when each answer came (the board must count it)."""

    def __init__(self, index, name, number, steps, misses, habits, login, port, photo, gate):
        self.index, self.name, self.number = index, name, number
        self.steps, self.misses, self.habits = steps, misses, habits
        self.vendor_id, self.identifier, self.secret = login
        self.port, self.photo, self.gate = port, photo, gate
        self.answered = []  # (time in ms, status) per request, in order
        self.created = 0  # creates answered 201
        self.problems = []  # answers the plan did not expect
        self.connection = None

    def send(self, method, path, body=None, headers=None):
        all_headers = {"identifier": self.identifier, "Host": f"127.0.0.1:{self.port}"}
        all_headers.update(headers or {})
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.connection.request(method, path, body=body, headers=all_headers)
        answer = self.connection.getresponse()
        data = answer.read()
        self.answered.append((now_ms(), answer.status))
        if answer.getheader("connection", "").lower() == "close":
            self.connection.close()
            self.connection = None
        return answer.status, dict((k.lower(), v) for k, v in answer.getheaders()), data

    def gated(self, method, path, body=None, headers=None):
        """A request whose secret the market must derive (a student's first, a wrong one): two
        at a time across the class. The market lets 16 wait and answers 503 past that, which a
        real client retries; these students wait their turn instead, so that every request is the
        planned one, and thirty derivations at once do not starve the board on a 2-core machine."""
        with self.gate:
            return self.send(method, path, body, headers)

    def expect(self, what, status, wanted):
        if status not in wanted:
            self.problems.append(f"{what}: {status}")

    def create(self, photos, typed=True):
        boundary = "board" + uuid.uuid4().hex
        params = json.dumps({"name": f"{self.name}의 상품", "description": "수업 시간에 등록한 상품입니다",
                             "price": 1000 + self.index, "currency": "KRW", "discounted_price": 0, "stock": 3,
                             "secret": self.secret})
        with open(self.photo, "rb") as f:
            image = f.read()
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="params"\r\nContent-Type: application/json\r\n\r\n'.encode()
                 + params.encode() + b"\r\n"]
        for n in range(photos):
            typed_line = "Content-Type: image/jpeg\r\n" if typed else ""
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo{n}.jpg"\r\n'
                         f"{typed_line}\r\n".encode() + image + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        answer = self.gated("POST", "/api/products", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        if answer[0] == 201:
            self.created += 1
        return answer

    def patch(self, product, changes, etag=None, secret=None, gated=False):
        headers = {"Content-Type": "application/json"}
        if etag:
            headers["If-Match"] = etag
        body = json.dumps(dict(changes, secret=secret or self.secret))
        return (self.gated if gated else self.send)("PATCH", f"/api/products/{product}", body, headers)[0]

    def lesson(self, neighbour_product, pace):
        """The student's planned requests, a short pause between them as in class; each
        student's first request within 3 s of the class's start."""
        def pause():
            time.sleep(pace.uniform(0.1, 0.6))
        time.sleep(pace.uniform(0, 3))
        self.expect("list", self.send("GET", "/api/products?page_no=1&items_per_page=10")[0], {200})
        pause()
        status, _, data = self.create(photos=2 if "photos" in self.steps else 1)
        self.expect("create", status, {201})
        if status != 201:
            return
        product = json.loads(data)["id"]
        pause()
        status, headers, _ = self.send("GET", f"/api/products/{product}")
        etag = headers.get("etag")
        self.expect("read", status, {200})
        if "polling" in self.habits:  # the same product read twice more, no If-None-Match
            for _ in range(2):
                self.send("GET", f"/api/products/{product}")
        pause()
        if "if-match" in self.steps:
            self.expect("if-match", self.patch(product, {"price": 2000 + self.index}, etag), {202})
            pause()
        if "patch-without-if-match" in self.misses:
            self.expect("patch without If-Match", self.patch(product, {"stock": 7}), {202})
            pause()
        if "met-403" in self.steps and neighbour_product is not None:
            self.expect("classmate's product", self.patch(neighbour_product, {"price": 1}), {403})
            pause()
        if "classmate-wrong-secret" in self.misses and neighbour_product is not None:
            self.expect("classmate's, wrong secret",
                        self.patch(neighbour_product, {"price": 1}, None, "not-the-secret-0", True), {401})
            pause()
        stale = f'"{product}-999"'
        if "met-412" in self.steps:
            self.expect("stale If-Match", self.patch(product, {"stock": 9}, stale), {412})
            pause()
        if "wrong-secret-on-stale" in self.misses:
            self.expect("stale, wrong secret", self.patch(product, {"stock": 9}, stale, "not-the-secret-0", True), {401})
            pause()
        self.habits_and_misses(product, pause)
        if "delete" in self.steps:
            status, _, uri = self.send("POST", f"/api/products/{product}/archived", json.dumps({"secret": self.secret}),
                                       {"Content-Type": "application/json"})
            self.expect("delete URI", status, {200})
            if status == 200:
                self.expect("delete", self.send("DELETE", uri.decode().strip())[0], {200})
            pause()
        if "bad-delete-token" in self.misses:
            self.expect("bad delete token", self.send("DELETE", "/api/products/not-a-token")[0], {400, 404})

    def habits_and_misses(self, product, pause):
        if "secret-in-query" in self.habits:
            query = urllib.parse.quote(self.secret, safe="")
            self.expect("secret in the query", self.send("GET", f"/api/products/{product}?secret={query}")[0], {200})
            pause()
        if "get-with-body" in self.habits:
            self.send("GET", "/api/products", b"{}", {"Content-Type": "application/json"})
            pause()
        if "untyped-part" in self.habits:
            self.create(photos=1, typed=False)
            pause()
        times = 2 if "not-found-twice" in self.habits else 1 if "not-found-once" in self.misses else 0
        for _ in range(times):
            self.expect("no such product", self.send("GET", "/api/products/999999")[0], {404})
        if times:
            pause()


def enrol(work, data, url):
    """The roster enrolled by `class add` (the market is made then); the handout it writes is
    where the credentials are read back (in Chromium, later). Enrolling it again adds nobody and
    writes no handout; neither command prints a secret."""
    roster = os.path.join(work, "roster.csv")
    with open(roster, "w", encoding="utf-8") as f:
        f.write(roster_csv(plan()))
    handout = os.path.join(work, "handout.html")
    env = dict(os.environ, LANG="ko_KR.UTF-8")
    added = subprocess.run([SERVER, "class", "add", roster, "--public-url", url, "--handout", handout, "--data", data],
                           check=True, capture_output=True, text=True, env=env).stdout
    check(os.path.exists(handout), "class add wrote the handout")
    again_path = os.path.join(work, "handout-again.html")
    again = subprocess.run([SERVER, "class", "add", roster, "--public-url", url, "--handout", again_path, "--data", data],
                           capture_output=True, text=True, env=env)
    check(again.returncode == 0 and not os.path.exists(again_path),
          "the roster enrolled again adds nobody and writes no handout")
    listed = subprocess.run([SERVER, "class", "list", "--data", data], check=True, capture_output=True, text=True).stdout
    return handout, added + again.stdout + listed


HANDOUT_JS = """
return Array.from(document.querySelectorAll('section')).map(function (page) {
  const codes = Array.from(page.querySelectorAll('dd code')).map(function (c) { return c.textContent; });
  return {title: page.querySelector('h2').textContent, codes: codes,
          secret: page.querySelector('code.secret').textContent, login: page.querySelector('pre').textContent};
});
"""


def read_handout(driver, handout, url, students):
    """The handout in Chromium: a page per student with their name, the market's address, vendor
    id, identifier, secret and login lines; printed (DevTools' Page.printToPDF, the page's own
    @page size) it makes one A4 page per student. Returns each student's (vendor id, identifier,
    secret) by student number."""
    driver.get("file://" + handout)
    pages = driver.execute_script(HANDOUT_JS)
    check(len(pages) == STUDENTS, f"the handout has a page per student ({len(pages)})")
    check(driver.execute_script("return window.__pwned === undefined"), "no script from a name ran in the handout")
    logins = {}
    for page in pages:
        name, _, number = page["title"].rpartition(" · ")
        market, vendor_id, identifier, secret = (page["codes"] + ["", "", "", ""])[:4]
        lines = [f"$ openmarket --server {url}", f"> login {identifier} --vendor-id {vendor_id} --save class"]
        if market != url or secret != page["secret"] or not vendor_id.isdigit() or page["login"].split("\n") != lines:
            check(False, f"{number}'s handout page names the market, ids, secret and login lines ({page})")
        logins[number] = (int(vendor_id) if vendor_id.isdigit() else 0, identifier, secret, name)
    names = {number: name for name, number, *_ in students}
    check({n: login[3] for n, login in logins.items()} == names,
          "every student's name is on their handout page (one named like markup, as text)")
    check(len({login[2] for login in logins.values()}) == STUDENTS, "every student has a secret of their own")
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    printed = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
    boxes = [tuple(float(v) for v in box) for box in
             re.findall(rb"/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)]
    check(printed == STUDENTS, f"the handout prints one page per student ({printed} pages)")
    check(boxes and all(abs(w - 595.3) < 2 and abs(h - 841.9) < 2 for w, h in boxes),
          f"every printed page is A4 ({sorted(set(boxes))[:3]})")
    return {number: login[:3] for number, login in logins.items()}


def start_market(work, data, port):
    """The market serving the class's folder; neighbour-shop (a vendor, never a student) owns the
    classmate's product the 403 steps ask for. The board's address from `class board`, with the
    assignment whose steps it shows."""
    out = subprocess.run([SERVER, "vendor", "add", "neighbour-shop", "--data", data],
                         check=True, capture_output=True, text=True).stdout
    neighbour = (0, re.search(r"identifier:\s*(\S+)", out).group(1), re.search(r"secret:\s*(\S+)", out).group(1))
    server = subprocess.Popen([SERVER, "--port", str(port), "--data", data],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "server.log"), "w"))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.05)
    assignment = os.path.join(work, "homework2.txt")
    with open(assignment, "w", encoding="utf-8") as f:
        f.write(ASSIGNMENT)
    board = subprocess.run([SERVER, "class", "board", "--data", data, "--port", str(port), "--assignment", assignment],
                           check=True, capture_output=True, text=True, env=dict(os.environ, LANG="C")).stdout
    address = re.search(r"http://\S+/class\?token=\S+", board).group(0)
    return server, neighbour, address, assignment


class HealthProbe(threading.Thread):
    """Asks /healthChecker every 50 ms over one connection, noting each answer's latency."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.latencies, self.stopping = port, [], threading.Event()

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.stopping.is_set():
            started = time.perf_counter()
            connection.request("GET", "/healthChecker")
            answer = connection.getresponse()
            answer.read()
            self.latencies.append((time.perf_counter() - started) * 1000)
            self.stopping.wait(0.05)


def figures(values):
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms ({len(ordered)} samples)"


# Notes every change of a row's request count, with the time the page saw it.
OBSERVE_JS = """
window.__counts = [];
const body = document.querySelector('#board tbody');
new MutationObserver(function (changes) {
  const at = Date.now();
  for (const change of changes) {
    const node = change.target.nodeType === 3 ? change.target.parentElement : change.target;
    const cell = node && node.closest ? node.closest('td[data-field="requests"]') : null;
    if (cell) { window.__counts.push([at, Number(cell.parentElement.dataset.id), Number(cell.textContent)]); }
  }
}).observe(body, {subtree: true, childList: true, characterData: true});
"""

ROWS_JS = """
return Array.from(document.querySelectorAll('#board tbody tr')).map(function (row) {
  const cells = {};
  row.querySelectorAll('[data-field]').forEach(function (c) {
    cells[c.dataset.field] = c.textContent;
    if (c.dataset.value !== undefined) { cells[c.dataset.field + "Value"] = c.dataset.value; }
    if (c.title) { cells[c.dataset.field + "Title"] = c.title; }
  });
  const error = row.querySelector('td.error');
  cells.errorTitle = error ? error.title : "";
  cells.id = Number(row.dataset.id);
  return cells;
});
"""


def update_delays(students, counts):
    """For each request a student sent, the time from its answer to the board's first showing of
    a count that includes it (0 when the board showed it before the student read the answer)."""
    delays, missing = [], []
    for student in students:
        seen = sorted((at, n) for at, vendor, n in counts if vendor == student.vendor_id)
        for index, (answered, _) in enumerate(student.answered, start=1):
            shown = next((at for at, n in seen if n >= index), None)
            if shown is None:
                missing.append((student.name, index))
            else:
                delays.append(max(0.0, shown - answered))
    return delays, missing


def open_browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=ko-KR",
                     "--window-size=1280,720", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR,ko"})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    return driver


def refused_without_the_token(driver, url):
    driver.get(url + "/class")
    text = driver.find_element(By.TAG_NAME, "body").text
    check("교사용 현황판입니다" in text, "without the token the board says it is the teacher's, in Korean")
    check(not driver.find_elements(By.CSS_SELECTOR, "#board"), "without the token no row is shown")


def class_runs(driver, port, students, neighbour_product):
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "live").is_displayed())
    driver.execute_script(OBSERVE_JS)
    rows = driver.execute_script(ROWS_JS)
    check(len(rows) == STUDENTS, f"the board has a row per student ({len(rows)})")
    probe = HealthProbe(port)
    probe.start()
    time.sleep(1)  # the quiet market's latency first
    quiet = list(probe.latencies)
    started = time.monotonic()
    threads = [threading.Thread(target=s.lesson, args=(neighbour_product, random.Random(s.index)), daemon=True)
               for s in students]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    lasted = time.monotonic() - started
    busy = probe.latencies[len(quiet):]
    sent = sum(len(s.answered) for s in students)
    try:
        WebDriverWait(driver, 5, poll_frequency=0.1).until(
            lambda d: all(int(r["requests"]) == len(s.answered)
                          for r, s in zip(sorted(d.execute_script(ROWS_JS), key=lambda r: r["id"]),
                                          sorted(students, key=lambda s: s.vendor_id))))
        check(True, "every student's final count is on the board")
    except TimeoutException:
        check(False, "every student's final count reached the board within 5 s")
    probe.stopping.set()
    probe.join(timeout=10)
    problems = [f"{s.number}: {p}" for s in students for p in s.problems]
    check(not problems, f"every student's request was answered as planned ({problems[:3]})")
    return quiet, busy, sent, lasted


def habit_cell(cell):
    """A habits cell's data-value (`2 · secret-in-request read-with-body`): how many findings, and
    the rules."""
    if not cell.strip():
        return 0, set()
    count, _, rules = cell.partition(" · ")
    return int(count), set(rules.split())


def read_board(driver, students):
    rows = {r["id"]: r for r in driver.execute_script(ROWS_JS)}
    by_id = {s.vendor_id: s for s in students}
    wrong_error, wrong_steps, wrong_habits, wrong_products = [], [], [], []
    for vendor, row in rows.items():
        student = by_id[vendor]
        errors = [status for _, status in student.answered if status >= 400]
        if (errors and not row["error"].startswith(str(errors[-1]))) or (not errors and row["error"]):
            wrong_error.append((student.number, errors[-1:], row["error"]))
        shown = row["stepsValue"].split()
        if (shown[:1] != [f"{len(student.steps)}/{len(STEPS)}"] or set(shown[1:]) != student.steps
                or row["steps"] != shown[0]):
            wrong_steps.append((student.number, sorted(student.steps), row["stepsValue"], row["steps"]))
        planted = {HABITS[h] for h in student.habits}
        if habit_cell(row["habitsValue"]) != (len(planted), planted) or habit_cell(row["habits"])[0] != len(planted):
            wrong_habits.append((student.number, sorted(planted), row["habitsValue"], row["habits"]))
        if row["products"] != str(student.created):
            wrong_products.append((student.number, student.created, row["products"]))
    check(not wrong_error, f"every row's last error is the student's last error ({wrong_error[:3]})")
    check(not wrong_steps, f"every row shows exactly the planted steps done ({wrong_steps[:3]})")
    check(not wrong_habits, f"every row shows exactly the planted HTTP habits, none on the others ({wrong_habits[:3]})")
    check(not wrong_products, f"every row counts the products registered ({wrong_products[:3]})")
    stale = [r for r in rows.values() if r["error"].startswith("412")]
    check(stale and all(r["error"] == "412 PATCH" and r["meaning"] == "예전 ETag(If-Match)"
                        and r["errorTitle"] == "412 PATCH /api/products/{id}\nIf-Match의 ETag가 예전 것입니다. "
                        "상품이 먼저 바뀌었으니 GET으로 다시 읽으세요." for r in stale),
          f"a 412 is shown as status, method and its meaning in Korean, the route and the whole meaning in its "
          f"tooltip ({len(stale)} rows)")
    korean_habits = [r["habits"] for r in rows.values() if "secret-in-request" in r.get("habitsValue", "")]
    check(korean_habits and all("secret 노출" in h and "-" not in h for h in korean_habits),
          f"habits are named in Korean, not by rule ids ({korean_habits[:2]})")
    hostile = [r for r in rows.values() if r["name"] == HOSTILE]
    check(len(hostile) == 1, "a student named like markup shows the name as text")
    check(driver.execute_script("return window.__pwned === undefined"), "no script from a student's name ran")


def recorded(data, students, extra):
    """Waits (at most 10 s) until the market's database holds a record of every request the
    students sent (records are written in batches just after their answers), so that `class
    grade`, another process, reads them all."""
    expected = sum(len(s.answered) for s in students) + extra
    deadline, count = time.monotonic() + 10, -1
    while time.monotonic() < deadline:
        with sqlite3.connect(f"file:{os.path.join(data, 'market.sqlite')}?mode=ro", uri=True, timeout=5) as db:
            count = db.execute("SELECT COUNT(*) FROM class_activity").fetchone()[0]
        if count >= expected:
            break
        time.sleep(0.05)
    check(count == expected, f"the market recorded every request ({count} of {expected})")


def graded(work, data, assignment, students):
    """`class grade ASSIGNMENT` from what the market saw: its gradebook (CSV) has exactly the
    planted steps done per student, and it prints a line per student and a summary."""
    report = os.path.join(work, "grades.csv")
    run = subprocess.run([SERVER, "class", "grade", assignment, "--report-csv", report, "--data", data],
                         capture_output=True, text=True, env=dict(os.environ, LANG="ko_KR.UTF-8"))
    check(run.returncode == 0, f"class grade succeeded ({run.stderr.strip()[:200]})")
    check(len(run.stdout.strip().splitlines()) == STUDENTS + 2, "class grade prints a line per student and a summary")
    with open(report, encoding="utf-8", newline="") as f:
        rows = {row["student_number"]: row for row in csv.DictReader(f)}
    wrong = []
    for student in students:
        row = rows.get(student.number, {})
        done = {step for step in STEPS if row.get(step) == "1"}
        if done != student.steps or row.get("vendor_id") != str(student.vendor_id):
            wrong.append((student.number, sorted(student.steps), sorted(done)))
    check(len(rows) == STUDENTS and not wrong, f"class grade gives exactly the planted grades ({wrong[:3]})")
    complete = sum(1 for s in students if s.steps == set(STEPS))
    print(f"grades: {complete} of {STUDENTS} students did every step, {sum(not s.steps for s in students)} none; "
          f"{sum(len(s.steps) for s in students)} steps done in all; planted: "
          f"{sum(bool(s.misses) for s in students)} students with near misses, "
          f"{sum(bool(s.habits) for s in students)} with HTTP habits ({sum(len(s.habits) for s in students)} in all)")


def fits_a_projector(driver):
    fit = driver.execute_script("""
      const rows = document.querySelectorAll('#board tbody tr');
      const last = rows[rows.length - 1].getBoundingClientRect();
      return {bottom: last.bottom, height: window.innerHeight, width: document.documentElement.scrollWidth,
              font: parseFloat(getComputedStyle(rows[0].cells[0]).fontSize)};
    """)
    check(fit["bottom"] <= fit["height"], f"30 rows fit 1280x720 (last row ends at {fit['bottom']:.0f} px)")
    check(fit["width"] <= 1280, f"nothing overflows 1280 px ({fit['width']} px)")
    check(fit["font"] >= 14, f"the rows' text is at least 14 px ({fit['font']:.1f} px)")
    nothing_cut(driver, "Korean")
    WebDriverWait(driver, 5, poll_frequency=0.1).until(lambda d: d.execute_script("return document.getAnimations().length === 0"))
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    driver.save_screenshot(SCREENSHOT)
    print("saved " + SCREENSHOT)


CUT_JS = """
const cut = {};
document.querySelectorAll('#board th, #board td').forEach(function (cell) {
  const name = cell.tagName.toLowerCase() + '.' + cell.className.split(' ')[0];
  cut[name] = (cut[name] || 0) + (cell.scrollWidth > cell.clientWidth + 1 ? 1 : 0);
});
return cut;
"""


def nothing_cut(driver, language):
    """No header and no cell is cut off (the `…` of text-overflow) at 1280x720; a name may be (the
    student named like markup is 38 characters long): it is whole in its tooltip."""
    WebDriverWait(driver, 5, poll_frequency=0.1).until(lambda d: d.execute_script("return document.fonts.status === 'loaded'"))
    cut = {name: n for name, n in driver.execute_script(CUT_JS).items() if n and name != "td.name"}
    names = [r for r in driver.execute_script(ROWS_JS) if r.get("nameTitle") != r["name"]]
    check(not names, f"every name is whole in its tooltip ({names[:1]})")
    check(not cut, f"no header or cell is cut off in {language} at 1280x720 ({cut or 'none'})")


def in_english(driver, url):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "en"}})
    driver.get(url + "/class")
    check(driver.find_element(By.TAG_NAME, "h1").text == "Class board", "English by Accept-Language")
    stale = [r for r in driver.execute_script(ROWS_JS) if r["error"].startswith("412")]
    check(stale and all(r["meaning"] == "If-Match: old ETag" and r["errorTitle"].startswith(
        "412 PATCH /api/products/{id}\nIf-Match named an old ETag") for r in stale),
          "a 412's meaning is said in English")
    nothing_cut(driver, "English")
    logs = [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry.get("message", "")]
    check(not logs, f"the board breaks no Content-Security-Policy rule ({logs[:1]})")


def the_class(driver, work, port, url, photo):
    data = os.path.join(work, "data")
    handout, printed = enrol(work, data, url)
    roster = plan()
    logins = read_handout(driver, handout, url, roster)
    check(not any(secret and secret in printed for _, _, secret in logins.values()),
          "class add and class list print no secret")
    server, neighbour_login, address, assignment = start_market(work, data, port)
    try:
        check(address.startswith(url + "/class?token="), "class board prints the board's address with its token")
        gate = threading.BoundedSemaphore(2)
        students = [Student(i, name, number, steps, misses, habits, logins.get(number, (0, "", "")), port, photo, gate)
                    for i, (name, number, steps, misses, habits) in enumerate(roster)]
        neighbour = Student(99, "neighbour-shop", "-", set(), set(), set(), neighbour_login, port, photo, gate)
        status, _, body = neighbour.create(photos=1)
        neighbour_product = json.loads(body)["id"] if status == 201 else None
        check(neighbour_product is not None, "the classmate's product is registered")
        refused_without_the_token(driver, url)
        driver.get(address)
        check(driver.current_url == url + "/class", "the token leaves the address bar")
        check(driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "ko", "Korean by Accept-Language")
        quiet, busy, sent, lasted = class_runs(driver, port, students, neighbour_product)
        delays, missing = update_delays(students, driver.execute_script("return window.__counts"))
        check(not missing, f"every request showed on the board ({len(missing)} never did: {missing[:3]})")
        if delays:
            print(f"board update delay: {figures(delays)}")
            check(max(delays) < 1000, f"every student's progress showed within a second (max {max(delays):.0f} ms)")
        print(f"class: {STUDENTS} students, {sent} requests in {lasted:.1f} s")
        print(f"/healthChecker quiet: {figures(quiet)}")
        print(f"/healthChecker during the class: {figures(busy)}")
        read_board(driver, students)
        recorded(data, students, len(neighbour.answered))
        graded(work, data, assignment, students)
        fits_a_projector(driver)
        in_english(driver, url)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def main():
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError(f"the board test passed {BOUND} s")))
    signal.alarm(BOUND)
    work = tempfile.mkdtemp(prefix="class-board-browser-")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    photo = os.path.join(FIXTURES, "coffee-small.jpg")
    driver = None
    try:
        driver = open_browser()
        the_class(driver, work, port, url, photo)
    except Exception:
        log = os.path.join(work, "server.log")
        if os.path.exists(log):
            print("the market's log, last lines:", file=sys.stderr)
            with open(log) as f:
                print("".join(f.readlines()[-25:]), file=sys.stderr)
        raise
    finally:
        signal.alarm(0)
        if driver is not None:
            driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"class board browser test: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("class board browser test: every check passed")


if __name__ == "__main__":
    main()
