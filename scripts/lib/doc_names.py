#!/usr/bin/env python3
"""The code names a document gives, checked against the tree: scripts/check-docs runs it on
docs/architecture.md, so that the page cannot name a type, a member or a file that is gone.

What is checked, in inline code spans (`…`) outside fenced blocks:
  - a path (`Sources/…`, `Tests/…`, `scripts/…`, `Plugins/…`, `docs/…`; `*` a glob) exists;
  - a file name (`Words.swift`, `CEditLine.h`, `en.json`, `common.sh`, `.swift-format`) exists at
    the root or, by its base name, somewhere under Sources/, Tests/, scripts/, Plugins/ or docs/;
  - a Swift name (`ShellSession`, `Endpoint<T>`, `[Word]`, `SentBytes.Piece.secret`,
    `ShellSession.perform(_:in:)`, `[any CommandMiddleware].around`, `context.pathBase`,
    `run(in:)`): a leading capitalised name is a type declared in a Swift file
    (`struct|class|enum|actor|protocol|typealias|extension Name`), a target or product in
    Package.swift, or one of NOT_OURS below; every later capitalised part is a declared type, and
    every lower-case part a declared member (`func`, `var`, `let`, `case`, `init`). A lone
    lower-case word is a command as often as a function (`show`, `export`), so it is checked only
    when it has parentheses (`presses()`, `run(in:)`): then a `func` of that name must exist.
A span with a space, a `$`, a `-` or other punctuation in its name is words, not a name, and is
let be (`set trace on`, `$XDG_STATE_HOME/…`, `Retry-After`, `--dry-run`).

    python3 scripts/lib/doc_names.py DOC…     one line per missing name; exit 1 if any
    python3 scripts/lib/doc_names.py --self-test
"""

import glob
import os
import re
import sys
import tempfile

# Capitalised names the documents give that no Swift file here declares: the standard library's,
# Foundation's and the system's, and HTTP header names.
NOT_OURS = {
    "AsyncStream",
    "JSONDecoder",
    "Mutex",
    "NSLock",
    "Sendable",
    "Synchronization",
    "ETag",
    "Allow",
}
KEYWORDS = {"init", "throws", "async", "any", "some", "self", "Self"}
FILE_NAME = re.compile(r"^\.?[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*\.(swift|json|md|h|om|py|sh|txt|yml|yaml)$|^\.swift-format$")
PATH_ROOTS = ("Sources/", "Tests/", "scripts/", "Plugins/", "docs/")
SEARCHED = ("Sources", "Tests", "scripts", "Plugins", "docs")
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
# `[any X].member`, `X<T>`, `X.Y.z(…)`, `x.y`, `f(a:b:)`.
SWIFT_NAME = re.compile(
    r"^\[?(?:any\s+)?(?P<head>" + IDENT + r")(?:<[^<>]*>)?\]?"
    r"(?P<rest>(?:\." + IDENT + r")*)(?P<call>\([^()]*\))?$"
)


class Tree:
    """What the repository declares: type and member names, targets, and file base names."""

    def __init__(self, root):
        self.root = root
        self.types, self.members, self.functions = set(), set(), set()
        self.basenames = set()
        for top in SEARCHED:
            for folder, dirs, files in os.walk(os.path.join(root, top)):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                self.basenames.update(files)
                for name in files:
                    if name.endswith(".swift"):
                        self.read_swift(os.path.join(folder, name))
        package = os.path.join(root, "Package.swift")
        self.modules = set()
        if os.path.exists(package):
            with open(package, encoding="utf-8") as f:
                self.modules = set(re.findall(r'name:\s*"([^"]+)"', f.read()))

    def read_swift(self, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for match in re.finditer(r"\b(?:struct|class|enum|actor|protocol|typealias|extension)\s+(" + IDENT + r"(?:\." + IDENT + r")*)", text):
            self.types.update(match.group(1).split("."))
        for match in re.finditer(r"\bfunc\s+(" + IDENT + r")", text):
            self.functions.add(match.group(1))
            self.members.add(match.group(1))
        for match in re.finditer(r"\b(?:var|let)\s+(" + IDENT + r")", text):
            self.members.add(match.group(1))
        for match in re.finditer(r"\bcase\s+([^:=\n]*)", text):
            for piece in match.group(1).split(","):
                found = re.match(r"\s*(" + IDENT + r")", piece)
                if found:
                    self.members.add(found.group(1))

    def has_type(self, name):
        return name in self.types or name in self.modules or name in NOT_OURS


def spans(path):
    """(line number, text) of each inline code span outside fenced blocks."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if re.match(r"^\s*(```|~~~)", line):
                fenced = not fenced
                continue
            if fenced:
                continue
            for match in re.finditer(r"`([^`]+)`", line):
                yield number, match.group(1).strip()


def problem(tree, span):
    """Why a span names something that is not there, or None."""
    if span.startswith(PATH_ROOTS):
        pattern = span.rstrip("/")
        if "*" in pattern:
            if not glob.glob(os.path.join(tree.root, pattern)):
                return f"no file matches `{span}`"
        elif not os.path.exists(os.path.join(tree.root, pattern)):
            return f"`{span}` does not exist"
        return None
    if FILE_NAME.match(span):
        if os.path.exists(os.path.join(tree.root, span)) or span in tree.basenames:
            return None
        return f"no file is named `{span}` (at the root, or under {', '.join(SEARCHED)})"
    match = SWIFT_NAME.match(span)
    if not match:
        return None
    head = match.group("head")
    rest = [part for part in match.group("rest").split(".") if part]
    if not rest and head[0].islower():
        if match.group("call") and head not in KEYWORDS and head not in tree.functions:
            return f"no Swift file declares the function `{head}` (in `{span}`)"
        return None
    if head[0].isupper() and not tree.has_type(head):
        return f"no Swift file declares the type `{head}` (in `{span}`)"
    for part in rest:
        if part[0].isupper():
            if not tree.has_type(part):
                return f"no Swift file declares the type `{part}` (in `{span}`)"
        elif part not in tree.members and part not in KEYWORDS:
            return f"no Swift file declares the member `{part}` (in `{span}`)"
    return None


def check(root, documents):
    tree = Tree(root)
    found = []
    for document in documents:
        for number, span in spans(os.path.join(root, document)):
            reason = problem(tree, span)
            if reason:
                found.append(f"{document}:{number}: {reason}")
    return found


def self_test():
    """A small tree and a document naming what it has and what it lacks: only the lacking ones
    may be reported, each once."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources/Shop/Parts"))
        os.makedirs(os.path.join(root, "docs"))
        with open(os.path.join(root, "Package.swift"), "w") as f:
            f.write('let package = Package(name: "shop", targets: [.target(name: "Shop")])\n')
        with open(os.path.join(root, "Sources/Shop/Parts/Cart.swift"), "w") as f:
            f.write(
                "public struct Cart<T> { enum Line { case item(Int), gift } var total = 0 }\n"
                "extension Cart { func add(_ x: Int) {} }\nactor Till {}\n"
            )
        lines = [
            "`Cart` `Cart<T>` `[any Cart].add(_:)` `Cart.Line.gift` `Till` `Shop` `Mutex`",
            "`Sources/Shop/Parts/Cart.swift` `Sources/Shop/` `Cart.swift` `Package.swift` `add(_:)`",
            "`cart.total` `set trace on` `show` `$HOME/x` `Retry-After` `--dry-run`",
            "```\n`Fenced` is not read\n```",
            "`Basket`",
            "`Cart.Wheel`",
            "`Cart.remove(_:)`",
            "`Sources/Shop/Gone.swift`",
            "`Gone.swift`",
            "`remove(at:)`",
            "`scripts/bench-*`",
        ]
        with open(os.path.join(root, "docs/page.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        got = check(root, ["docs/page.md"])
    want = [
        "docs/page.md:7: no Swift file declares the type `Basket` (in `Basket`)",
        "docs/page.md:8: no Swift file declares the type `Wheel` (in `Cart.Wheel`)",
        "docs/page.md:9: no Swift file declares the member `remove` (in `Cart.remove(_:)`)",
        "docs/page.md:10: `Sources/Shop/Gone.swift` does not exist",
        "docs/page.md:11: no file is named `Gone.swift` (at the root, or under Sources, Tests, scripts, Plugins, docs)",
        "docs/page.md:12: no Swift file declares the function `remove` (in `remove(at:)`)",
        "docs/page.md:13: no file matches `scripts/bench-*`",
    ]
    if got != want:
        print("doc_names.py self-test failed:", file=sys.stderr)
        print("  expected:\n    " + "\n    ".join(want), file=sys.stderr)
        print("  got:\n    " + "\n    ".join(got), file=sys.stderr)
        return 1
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    found = check(os.getcwd(), arguments)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
