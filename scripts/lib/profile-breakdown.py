#!/usr/bin/env python3
"""Where a process's CPU went, by component, from `perf script -F comm,tid,ip,sym` on stdin
(a `perf record -g` profile). Each sample counts once, for the innermost frame that names a
component below (so JSON decoding inside NIO's read counts as decoding, not as NIO).
Used by `PROFILE=1 scripts/bench-scripts`; prints `share  component` lines, largest first."""
import collections
import re
import sys

# Innermost match wins; the order only matters for a frame that matches two patterns.
COMPONENTS = [
    ("decoding a product (ProductJSONReader, or Foundation's JSONDecoder)", r"ProductJSONReader|JSONBytes|JSONDecoder|ProductV4from|JSONDecoderImpl"),
    ("drawing the product (ProductRendering, TextLayout)", r"ProductRendering|TextLayout|ShellSession6render|TerminalText"),
    ("writing to the terminal", r"TerminalConsole|MaskingConsole"),
    ("the journal (resume)", r"Journal"),
    ("the exchange log (exchange N, HAR)", r"ExchangeRecorder|ExchangeLog|8Exchange"),
    ("the change log", r"ChangeLog"),
    ("reading, expanding and parsing the line", r"ScriptRuntime7prepare|CommandRegistry|WordSplitter|Expander|ScriptReader|readScript|ScriptRuntime8problem"),
    ("the client library (MarketClient, Endpoints)", r"MarketClient|Endpoints|MarketRoute|AsyncHTTPClientTransport|HTTPRequestData"),
    ("AsyncHTTPClient", r"AsyncHTTPClient|RequestBag|HTTP1Connection|HTTPConnectionPool"),
    ("SwiftNIO and the kernel (sockets, event loop, wake-ups)", r"NIOCore|NIOPosix|NIOHTTP1|llhttp|SelectableEventLoop|BaseSocketChannel|ChannelPipeline|ChannelHandlerContext|Selector"),
    ("middleware and the session", r"Middleware|ShellSession|SellerShell|ShellScripting"),
]
PATTERNS = [(name, re.compile(pattern)) for name, pattern in COMPONENTS]

counts = collections.Counter()
total = 0


def count(stack):
    global total
    if not stack:
        return
    total += 1
    for frame in stack:  # innermost first
        for name, pattern in PATTERNS:
            if pattern.search(frame):
                counts[name] += 1
                return
    counts["elsewhere (runtime, allocator, start-up)"] += 1


stack = []
for line in sys.stdin:
    if line.strip() and not line[0].isspace():  # a sample's header line
        count(stack)
        stack = []
    elif line.strip():
        fields = line.split(None, 1)
        stack.append(fields[1] if len(fields) > 1 else "")
count(stack)

if total == 0:
    sys.exit("profile-breakdown: no samples in the profile")
for name, n in counts.most_common():
    print(f"  {100 * n / total:5.1f}%  {name}")
print(f"  ({total} samples)")
