"""The storefront in a real browser (issue 26): headless Chromium driven by Selenium loads the
storefront of a seeded local market and checks what a buyer sees. Run by scripts/test-storefront,
which builds the binaries, installs Chromium and Selenium, and passes their paths in.

Every server it talks to is the one it started on 127.0.0.1; it stops it when done."""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN = os.environ["OPENMARKET_BIN"]
FIXTURES = os.environ["OPENMARKET_FIXTURES"]
SHOTS = os.environ["OPENMARKET_SCREENSHOTS"]
HOSTILE = '"><img src=x onerror="window.__pwned=1">'
SCRIPT_NAME = "<script>window.__pwned=2</script>"

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


STREAMS_PER_ADDRESS = 8  # StorefrontEvents.maxPerClient


def open_stream(port):
    """An event stream held from 127.0.0.1, or None when the market refused it (503)."""
    stream = socket.create_connection(("127.0.0.1", port), timeout=30)
    stream.sendall(b"GET /storefront/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = stream.recv(4096)
        if not chunk:
            break
        answer += chunk
    if answer.startswith(b"HTTP/1.1 200 "):
        return stream
    stream.close()
    return None


def refused_stream_is_tried_again(driver, url, port, shell, photo):
    """Every stream this address may hold is taken, so the page's EventSource is refused (503),
    which closes it for good; the page's script must listen again once a place is free."""
    driver.get("about:blank")
    held = []
    deadline = time.monotonic() + 90
    while len(held) < STREAMS_PER_ADDRESS and time.monotonic() < deadline:
        stream = open_stream(port)  # the page just left may still hold its place for a while
        if stream is not None:
            held.append(stream)
        else:
            time.sleep(0.5)
    check(len(held) == STREAMS_PER_ADDRESS, f"this address holds {STREAMS_PER_ADDRESS} event streams")
    driver.get(url + "/")
    check(open_stream(port) is None, "one more stream from this address is refused")
    check(not driver.find_element(By.ID, "live").is_displayed(), "the refused page shows no live badge")
    for stream in held:
        stream.close()
    try:
        WebDriverWait(driver, 120, poll_frequency=0.2).until(lambda d: d.find_element(By.ID, "live").is_displayed())
        check(True, "the page listened again once a place was free")
    except TimeoutException:
        check(False, "the page listened again within 120 s of a place being free")
        return
    shell(f"register name='Late cup' description='Registered after the page got back in' price=2000 currency=KRW stock=2 image={photo}")
    try:
        WebDriverWait(driver, 5, poll_frequency=0.05).until(
            lambda d: "Late cup" in d.execute_script(
                "return Array.from(document.querySelectorAll('li.card .name')).map(e => e.textContent)"))
        check(True, "a product registered after the page got back in appeared without a reload")
    except TimeoutException:
        check(False, "a product registered after the page got back in appeared within 5 s")


KOREAN_NAME = "파란 에코 백 친환경 장바구니 대용량 튼튼한 손잡이"

# The line boxes of each word of the element whose text is `name`: a word whose rects stand on
# more than one line was broken inside (Range.getClientRects gives one rect per line fragment).
WORD_LINES_JS = """
const [name, selector] = arguments;
const element = Array.from(document.querySelectorAll(selector)).find(e => e.textContent.trim() === name);
if (!element) { return null; }
const node = Array.from(element.childNodes).find(n => n.nodeType === Node.TEXT_NODE && n.textContent.includes(name));
const start = node.textContent.indexOf(name);
const split = [];
const tops = new Set();
let offset = start;
for (const word of name.split(" ")) {
  const range = document.createRange();
  range.setStart(node, offset);
  range.setEnd(node, offset + word.length);
  const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
  lines.forEach(top => tops.add(top));
  if (lines.size > 1) { split.push(word); }
  offset += word.length + 1;
}
return {split: split, lines: tops.size, width: window.innerWidth};
"""


def korean_breaks_between_words(driver, url):
    """Storefront cards break Korean between words (issue 40, `word-break: keep-all`): at a
    phone's width (360 px) no word of a Korean name that wraps is split across lines, in the
    list, the grid and the product's page."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    try:
        products = json.load(urllib.request.urlopen(url + "/api/products?items_per_page=100"))["pages"]
        product = next(p for p in products if p["name"] == KOREAN_NAME)
        for address, selector, where in [("/", "li.card .name", "the list"), ("/?view=grid", "li.card .name", "the grid"),
                                         (f"/products/{product['id']}", "h1.name", "the product's page")]:
            driver.get(url + address)
            found = driver.execute_script(WORD_LINES_JS, KOREAN_NAME, selector)
            if found is None:
                check(False, f"{where} at 360 px shows {KOREAN_NAME}")
                continue
            check(found["width"] == 360 and found["lines"] > 1,
                  f"{where} at 360 px wraps the Korean name ({found['lines']} lines at {found['width']} px)")
            check(not found["split"], f"{where} at 360 px breaks the Korean name between words (split: {found['split']})")
        driver.save_screenshot(os.path.join(SHOTS, "storefront-korean-name-phone.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    work = tempfile.mkdtemp(prefix="storefront-browser-")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server_out = open(os.path.join(work, "server.out"), "w+")
    server = subprocess.Popen(
        [os.path.join(BIN, "openmarket-server"), "--port", str(port), "--data", os.path.join(work, "data")],
        stdout=server_out, stderr=open(os.path.join(work, "server.log"), "w"))
    driver = None
    try:
        identifier = secret = None
        for _ in range(200):
            server_out.seek(0)
            text = server_out.read()
            for line in text.splitlines():
                if line.strip().startswith("identifier:"):
                    identifier = line.split(":", 1)[1].strip()
                if line.strip().startswith("secret:"):
                    secret = line.split(":", 1)[1].strip()
            if identifier and secret:
                break
            time.sleep(0.05)
        assert identifier and secret, "the market printed no demo vendor"
        env = dict(os.environ, OPENMARKET_IDENTIFIER=identifier, OPENMARKET_SECRET=secret, HOME=work, NO_COLOR="1",
                   XDG_STATE_HOME=os.path.join(work, "state"), XDG_CONFIG_HOME=os.path.join(work, "config"),
                   XDG_DATA_HOME=os.path.join(work, "share"))

        def shell(*lines):
            args = [os.path.join(BIN, "openmarket"), "--server", url]
            for line in lines:
                args += ["-c", line]
            subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL)

        photo, photo2 = os.path.join(FIXTURES, "coffee-small.jpg"), os.path.join(FIXTURES, "chelsea.png")
        registers = [
            f"register name='빨간 노트' description=$'첫 줄 설명입니다\\n둘째 줄 설명입니다' price=3500 currency=KRW discount=500 stock=0 image={photo} image={photo2}",
            f"register name='Blue mug' description='A mug for the browser test' price=12.50 currency=USD stock=7 image={photo}",
            f"register name={json.dumps(HOSTILE)} description='A hostile name for the test' price=1000 currency=KRW stock=3 image={photo}",
            f"register name='{SCRIPT_NAME}' description='A hostile name for the test' price=1000 currency=KRW stock=3 image={photo}",
        ]
        registers += [f"register name='Filler {n}' description='Fills the first page' price=1000 currency=KRW stock=1 image={photo}"
                      for n in range(1, 18)]
        registers.append(f"register name='{KOREAN_NAME}' description='장보기에 쓰는 튼튼한 가방입니다' price=9000 currency=KRW stock=4 image={photo}")
        shell(*registers)

        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--lang=ko-KR", "--window-size=1280,900"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR,ko"})
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        driver.set_page_load_timeout(30)

        driver.get(url + "/")
        cards = driver.find_elements(By.CSS_SELECTOR, "ul.products.list li.card")
        check(len(cards) == 20, f"the list view shows 20 cards on page 1 (saw {len(cards)})")
        check(driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "ko", "Korean from Accept-Language")
        names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.card .name")]
        check(HOSTILE in names, "a product named like markup shows its name as text")
        check(SCRIPT_NAME in names, "a product named <script>… shows its name as text")
        check(driver.execute_script("return window.__pwned === undefined"), "no script from a product's name ran")
        check(len(driver.find_elements(By.CSS_SELECTOR, "li.card img[src='x']")) == 0, "no element made from a name")
        driver.save_screenshot(os.path.join(SHOTS, "storefront-list-desktop.png"))

        driver.get(url + "/?page=2")
        sold = driver.find_elements(By.CSS_SELECTOR, "li.card.sold-out")
        check(len(sold) == 1 and "품절" in sold[0].text, "the sold-out product on page 2 says 품절")
        check(sold and sold[0].find_element(By.CSS_SELECTOR, "del.original").text == "₩3,500", "the original price is struck through")
        check(sold and sold[0].find_element(By.CSS_SELECTOR, ".final").text == "₩3,000", "the discounted price is shown")
        check(driver.find_element(By.CSS_SELECTOR, "a[rel=prev]") is not None, "page 2 links back to page 1")
        driver.find_element(By.CSS_SELECTOR, "a[rel=prev]").click()
        check("page=" not in driver.current_url, "following the link shows page 1")

        driver.find_element(By.ID, "view-grid").click()
        grid = driver.find_elements(By.CSS_SELECTOR, "ul.products.grid li.card")
        check(len(grid) == 20, f"the grid view shows the same 20 cards (saw {len(grid)})")
        columns = driver.execute_script(
            "return getComputedStyle(document.querySelector('ul.products.grid')).gridTemplateColumns.split(' ').length")
        check(columns >= 4, f"the grid has several columns on a desktop ({columns})")
        driver.save_screenshot(os.path.join(SHOTS, "storefront-grid-desktop.png"))
        driver.set_window_size(390, 844)
        driver.save_screenshot(os.path.join(SHOTS, "storefront-grid-phone.png"))
        driver.get(url + "/")
        driver.save_screenshot(os.path.join(SHOTS, "storefront-list-phone.png"))
        driver.set_window_size(1280, 900)

        products = json.load(urllib.request.urlopen(url + "/api/products?items_per_page=100"))["pages"]
        note = next(p for p in products if p["name"] == "빨간 노트")
        driver.get(url + f"/products/{note['id']}")
        photos = driver.find_elements(By.CSS_SELECTOR, "ul.photos img")
        check(len(photos) == 2, f"the product page shows both photos ({len(photos)})")
        check(all(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", p) for p in photos),
              "both photos loaded")
        check(driver.find_element(By.CSS_SELECTOR, ".description").text == "첫 줄 설명입니다\n둘째 줄 설명입니다", "the description keeps its line break")

        # Live: the open page shows a product registered from the shell without a reload.
        driver.get(url + "/")
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "live").is_displayed())
        driver.execute_script("window.__sameDocument = true")
        started = time.monotonic()
        shell(f"register name='Live cup' description='Registered while the page is open' price=2000 currency=KRW stock=2 image={photo}")
        try:
            WebDriverWait(driver, 2, poll_frequency=0.05).until(
                lambda d: "Live cup" in d.execute_script(
                    "return Array.from(document.querySelectorAll('li.card .name')).map(e => e.textContent)"))
            appeared = time.monotonic() - started
            check(True, f"a product registered from the shell appeared on the open page in {appeared:.2f} s")
        except TimeoutException:
            check(False, "a product registered from the shell appeared on the open page within 2 s")
        check(driver.execute_script("return window.__sameDocument === true"), "the page was updated, not reloaded")
        driver.save_screenshot(os.path.join(SHOTS, "storefront-live-desktop.png"))
        logs = [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry.get("message", "")]
        check(not logs, f"the pages break no Content-Security-Policy rule ({logs[:1]})")
        refused_stream_is_tried_again(driver, url, port, shell, photo)
        korean_breaks_between_words(driver, url)
    except Exception:
        print("the market's log, last lines:", file=sys.stderr)
        with open(os.path.join(work, "server.log")) as log:
            print("".join(log.readlines()[-25:]), file=sys.stderr)
        raise
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"storefront browser test: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("storefront browser test: every check passed; screenshots in " + SHOTS)


if __name__ == "__main__":
    main()
