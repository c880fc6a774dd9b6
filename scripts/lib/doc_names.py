#!/usr/bin/env python3
"""The code names a document gives, checked against the tree: scripts/check-docs runs it on
docs/architecture.md, so that the page cannot name a type, a member or a file that is gone.

What is checked, in inline code spans (`…`) outside fenced blocks:
  - a path (`Sources/…`, `Tests/…`, `scripts/…`, `Plugins/…`, `docs/…`; `*` a glob) exists;
  - a file name (`Words.swift`, `CEditLine.h`, `en.json`, `common.sh`, `.swift-format`) exists at
    the root or, by its base name, somewhere under Sources/, Tests/, scripts/, Plugins/ or docs/;
  - a Swift name (`ShellSession`, `Endpoint<T>`, `[Word]`, `SentBytes.Piece.secret`,
    `ShellSession.perform(_:in:)`, `[any ShellCommand.Type]`, `context.pathBase`,
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


def code_only(text):
    """Swift text with its comments and string literals blanked (their length kept), so that
    braces and words in them are not read as code."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|#*"""[\s\S]*?"""#*|#*"(?:\\.|[^"\\\n])*"#*', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def braces(text, start):
    """(open, close) of the first brace block after `start`, or None."""
    opening = text.find("{", start)
    if opening < 0:
        return None
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return (opening, index)
    return None


class Tree:
    """What the repository declares: type and member names, targets, and file base names."""

    def __init__(self, root):
        self.root = root
        self.types, self.members, self.functions = set(), set(), set()
        # Members by the type whose declaration or extension holds them (its nested types' too).
        self.members_of = {}
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
            text = code_only(f.read())
        declarations = list(re.finditer(r"\b(?:struct|class|enum|actor|protocol|typealias|extension)\s+(" + IDENT + r"(?:\." + IDENT + r")*)", text))
        for match in declarations:
            self.types.update(match.group(1).split("."))
        members = []
        for match in re.finditer(r"\b(?:func|var|let|init|subscript|struct|class|enum|actor|protocol|typealias)\s*(" + IDENT + r")?", text):
            name = match.group(1) or match.group(0).strip()
            members.append((match.start(), name))
            if match.group(0).startswith("func") and match.group(1):
                self.functions.add(name)
        for match in re.finditer(r"\bcase\s+([^:=\n]*)", text):
            for piece in match.group(1).split(","):
                found = re.match(r"\s*(" + IDENT + r")", piece)
                if found:
                    members.append((match.start(), found.group(1)))
        self.members.update(name for _, name in members)
        for match in declarations:
            if match.group(0).startswith("typealias"):
                continue
            body = braces(text, match.end())
            if body:
                owner = match.group(1).split(".")[-1]
                inside = {name for at, name in members if body[0] < at < body[1]}
                self.members_of.setdefault(owner, set()).update(inside)

    def has_member(self, owner, name):
        """Whether `owner` (a type; None: unknown) declares `name`."""
        if name in KEYWORDS:
            return True
        if owner is None:
            return name in self.members
        return name in self.members_of.get(owner, set())

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
    # The type each lower-case part belongs to: the part before it when that is a type (not a
    # module, nor a collection `[X]`, nor a variable `context`), else unknown.
    owner = head if head[0].isupper() and not span.startswith("[") else None
    if owner and owner not in tree.types and owner in tree.modules:
        owner = "module"
    for part in rest:
        if part[0].isupper():
            if not tree.has_type(part):
                return f"no Swift file declares the type `{part}` (in `{span}`)"
            owner = part
        elif owner == "module":
            return f"`{head}` is a module, not a type: nothing declares `{part}` on it (in `{span}`)"
        elif owner in NOT_OURS:
            owner = None
        elif not tree.has_member(owner, part):
            where = f"the type `{owner}`" if owner else "no Swift file"
            return f"{where} declares no member `{part}` (in `{span}`)".replace("no Swift file declares no", "no Swift file declares the")
        else:
            owner = None
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
                '// A brace in a comment or a string is not code: {\n'
                'extension Cart { var brace: String { "}" }\n func add(_ x: Int) {} }\nactor Till { func open() {} }\n'
                'func loose() {}\n'
            )
        lines = [
            "`Cart` `Cart<T>` `[any Cart].add(_:)` `Cart.add(_:)` `Cart.Line.gift` `Till.open()` `Shop` `Mutex`",
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
            "`Till.add(_:)`",
            "`Shop.loose()`",
        ]
        with open(os.path.join(root, "docs/page.md"), "w") as f:
            f.write("\n".join(lines) + "\n")
        got = check(root, ["docs/page.md"])
    want = [
        "docs/page.md:7: no Swift file declares the type `Basket` (in `Basket`)",
        "docs/page.md:8: no Swift file declares the type `Wheel` (in `Cart.Wheel`)",
        "docs/page.md:9: the type `Cart` declares no member `remove` (in `Cart.remove(_:)`)",
        "docs/page.md:10: `Sources/Shop/Gone.swift` does not exist",
        "docs/page.md:11: no file is named `Gone.swift` (at the root, or under Sources, Tests, scripts, Plugins, docs)",
        "docs/page.md:12: no Swift file declares the function `remove` (in `remove(at:)`)",
        "docs/page.md:13: no file matches `scripts/bench-*`",
        "docs/page.md:14: the type `Till` declares no member `add` (in `Till.add(_:)`)",
        "docs/page.md:15: `Shop` is a module, not a type: nothing declares `loose` on it (in `Shop.loose()`)",
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
