"""Sentences for a person written as string literals outside a catalogue (issue 40, item 1).

A sentence for a person is a typed message, rendered by one catalogue per language
(`FooMessage+English.swift`, `FooMessage+Korean.swift`, the explanations JSON). This lists the
string literals of the shell, the scripting and catalog modules, the bundled market, the client,
the contract and the program (ROOTS) that still read as English sentences, as `file:line: "literal"`, and exits 1 when there is any that
ALLOWED below does not name (and prints the allowed ones that are gone, to be struck out).

What is not looked at, because a person does not read it as a sentence or it is no sentence:
  - catalogue files (`*+English.swift`, `*+Korean.swift`) and comments (doc comments too);
  - literals given to a logger, `fatalError`, `precondition`, `assert…`, or a `Logger(label:)`:
    lines for the program's operator, in English by design;
  - literals that are no sentence: fewer than three words, or no English function word and no
    three lowercase words in a row (a header, a path, a format, a JSON key, a command line).
A literal's interpolations count as one word (`\\(count) products` is `N products`).

    python3 scripts/lib/sentence_literals.py            # the unlisted ones; status 1 if any
    python3 scripts/lib/sentence_literals.py --all      # every one, the allowed ones too
    python3 scripts/lib/sentence_literals.py --self-test
    python3 scripts/lib/sentence_literals.py --write-allowed   # ALLOWED := what is found now
"""

import os
import re
import sys

ROOTS = [
    "Sources/SellerShell",
    "Sources/ShellScripting",
    "Sources/CatalogFiles",
    "Sources/OpenMarketServer",
    "Sources/OpenMarketAPI",
    "Sources/OpenMarketContract",
    "Sources/Executables/openmarket",
    "Sources/Executables/openmarket-server",
    "Sources/ProgramEntry",
]

# Files that are no sentences for a person: the OpenAPI document (read by programs and
# developers, in English as the contract is) and the storefront's CSS and JavaScript.
SKIPPED = [
    "Sources/OpenMarketServer/OpenAPI/",
    "Sources/OpenMarketServer/Storefront/StorefrontAssets.swift",
    "Sources/OpenMarketServer/Class/ClassBoardAssets.swift",
]

# Literals that read like sentences and are none, each with why: data and protocol text.
NOT_SENTENCES = [
    ("Sources/OpenMarketServer/Storage/MarketStore.swift", "v1: vendors, products, images",
     "the name of a schema migration, kept in the database"),
    ("Sources/OpenMarketServer/Storefront/StorefrontEvents.swift", 'event: product\ndata: {"kind":"N","id":N}\n\n',
     "a server-sent event, read by the storefront's script"),
    ("Sources/OpenMarketServer/Storefront/StorefrontRoutes.swift", "retry: 2000\n: open market storefront events\n\n",
     "the event stream's first lines, read by the browser"),
    ("Sources/SellerShell/Exchanges/Export/HARFile.swift", "sent by: N", "a HAR entry's comment, read by HAR tools"),
    ("Sources/ShellScripting/Run/CheckedNames.swift", "stand-in text for a value",
     "a value the script's check puts in a variable, never shown"),
    ("Sources/SellerShell/Commands/Connect.swift", "not replayed: a replay talks to the server it is given",
     "a recording's comment line: the recorded script's data, the same in every language"),
    ("Sources/ShellScripting/Commands/Import.swift", "an import: its rows are recorded one by one above",
     "a recording's comment line: the recorded script's data, the same in every language"),
    ("Sources/ProgramEntry/ProgramEntry.swift", "The operation could not be completed",
     "Foundation's text for an error that says nothing, recognised to be passed over, never shown"),
]

# SQL statements, and command lines (`set explain on`: a command name first, no function word).
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|WITH|PRAGMA|ALTER|DROP)\b")


def command_names(root="."):
    """The shell's command names, from each command's `CommandNames("…")` (which its spec takes
    its name from), or a `CommandSpec(name: "…")` written out."""
    names = set()
    for top in ("Sources/SellerShell", "Sources/ShellScripting"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(folder, name), encoding="utf-8") as handle:
                        text = handle.read()
                        names.update(re.findall(r'CommandSpec\(\s*name:\s*"([^"]+)"', text))
                        names.update(re.findall(r'CommandNames\(\s*"([^"]+)"', text))
    return names


# Calls whose literals are for the program's operator or its programmer, not a seller.
PROGRAM_CALLS = re.compile(
    r"(\blogger\.\w+|\blog\.\w+|\bLogger\(label|\bfatalError|\bpreconditionFailure|\bprecondition|"
    r"\bassertionFailure|\bassert|\bdebugDescription)\s*\(?\s*$"
)

FUNCTION_WORDS = set(
    """the is are was were be been not of to and with for from this that these those has have had
    can cannot can't don't doesn't isn't won't does did will would should must there here your you
    its it an by no into than which what when where why how please already yet only in at about
    after before again so but nothing""".split()
)

# Who is moving the sentences of each folder into a catalogue (issue 40), for the reasons below.
OWNERS = [
    ("Sources/SellerShell/Changes/", "H4 (changes)"),
    ("Sources/SellerShell/Profiles/", "H4 (login and profiles)"),
    ("Sources/SellerShell/Commands/Login.swift", "H4 (login and profiles)"),
    ("Sources/SellerShell/Commands/Logout.swift", "H4 (login and profiles)"),
    ("Sources/SellerShell/Commands/Whoami.swift", "H4 (login and profiles)"),
    ("Sources/SellerShell/Commands/Profiles.swift", "H4 (login and profiles)"),
    ("Sources/SellerShell/Commands/Use.swift", "H4 (login and profiles)"),
    ("Sources/SellerShell/", "H2 (shell messages)"),
    ("Sources/ShellScripting/", "H3 (scripting)"),
    ("Sources/CatalogFiles/", "H3 (scripting)"),
    ("Sources/OpenMarketAPI/", "H1 (contract)"),
    ("Sources/OpenMarketContract/", "H1 (contract)"),
    ("Sources/OpenMarketServer/", "H1 (market)"),
    ("Sources/Executables/openmarket/", "the lead (the program's arguments and --help)"),
    ("Sources/Executables/openmarket-server/", "the lead (the server program's arguments and --help)"),
    ("Sources/ProgramEntry/", "the lead (the programs' start and ArgumentParser's words)"),
]

# Sentences still written as literals, each as (where it was found, its text, why it is left):
# a literal is allowed while its file and its text are the same (its line may move). Keep this
# list as short as the code allows: `--write-allowed` rewrites it from the code as it is.
# BEGIN ALLOWED
ALLOWED = [
]
# END ALLOWED


def literals(source):
    """Yields (line, text, code before it) for every string literal of Swift `source`, comments
    skipped; each interpolation is replaced by `N`, and the literals inside one are yielded too."""
    i, line, n = 0, 1, len(source)
    code_start = 0
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += source[i] == "\n"
                    i += 1
            continue
        if c == "\n":
            line += 1
            code_start = i + 1
            i += 1
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            hashes = len(source[i:]) - len(source[i:].lstrip("#"))
            before = source[code_start:i]
            start_line = line
            text, i, inner, line = read_literal(source, i, hashes, line)
            yield start_line, text, before
            for item in inner:
                yield item
            continue
        i += 1


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def read_literal(source, i, hashes, line):
    """Reads the literal at `i` (after `hashes` #s); answers its text, the index after it, the
    literals inside its interpolations, and the line it ends on."""
    i += hashes
    multi = source.startswith('"""', i)
    quote = '"""' if multi else '"'
    i += len(quote)
    if multi and source.startswith("\n", i):
        i, line = i + 1, line + 1
    close = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    text, inner, n = [], [], len(source)
    while i < n:
        if source.startswith(close, i):
            return "".join(text), i + len(close), inner, line
        if source.startswith(escape, i):
            j = i + len(escape)
            if j < n and source[j] == "(":
                depth, k = 1, j + 1
                while k < n and depth:
                    depth += {"(": 1, ")": -1}.get(source[k], 0)
                    k += 1
                expression = source[j + 1 : k - 1]
                for sub_line, sub_text, sub_before in literals(expression):
                    inner.append((line + sub_line - 1, sub_text, sub_before))
                line += expression.count("\n")
                text.append("N")
                i = k
                continue
            if source.startswith("u{", j):
                end = source.find("}", j)
                text.append(chr(int(source[j + 2 : end], 16)))
                i = end + 1
                continue
            text.append(ESCAPES.get(source[j : j + 1], source[j : j + 1]))
            i = j + 1
            continue
        if source[i] == "\n":
            line += 1
            if not multi:
                return "".join(text), i, inner, line
        text.append(source[i])
        i += 1
    return "".join(text), i, inner, line


def is_sentence(text, commands=frozenset()):
    """Whether a literal's text reads as an English sentence for a person."""
    if re.search(r"[\uac00-\ud7a3]", text) or SQL.match(text):
        return False
    # Quoted spans (values, names, examples) and tokens that are names, not words, go first.
    plain = re.sub(r"(?<![A-Za-z0-9])'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)
    words = re.findall(r"[A-Za-z][A-Za-z']*", re.sub(r"\S*[/=_@$`]\S*|\S*[A-Za-z]\.[A-Za-z]\S*|--?[a-z][\w-]*", " ", plain))
    if len(text.split()) < 3 or len(words) < 3:
        return False
    lowered = [w.lower() for w in words]
    if any(w in FUNCTION_WORDS for w in lowered):
        return True
    if text.split()[0] in commands:
        return False
    run = 0
    for token in plain.split():
        run = run + 1 if re.fullmatch(r"[a-z]{2,}[,.;:]?", token) else 0
        if run >= 3:
            return True
    return False


def allowed(path, text):
    return any(where.split(":")[0] == path and text == allowed_text for where, allowed_text, _ in ALLOWED)


def owner(path):
    return next(who for prefix, who in OWNERS + [("", "the lead")] if path.startswith(prefix))


def write_allowed(found):
    """Rewrites ALLOWED in this file: every sentence found now, with who it is left for."""
    lines = ["ALLOWED = ["]
    for path, line, text in found:
        lines.append(f"    ({path + ':' + str(line)!r}, {text!r}, {'left for ' + owner(path)!r}),")
    lines.append("]")
    me = os.path.abspath(__file__)
    with open(me, encoding="utf-8") as handle:
        source = handle.read()
    start = source.index("# BEGIN ALLOWED\n") + len("# BEGIN ALLOWED\n")
    end = source.index("# END ALLOWED")
    with open(me, "w", encoding="utf-8") as handle:
        handle.write(source[:start] + "\n".join(lines) + "\n" + source[end:])


def findings(root="."):
    """Every sentence literal outside a catalogue: (path, line, text)."""
    found = []
    commands = command_names(root)
    for top in ROOTS:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith(".swift") or name.endswith(("+English.swift", "+Korean.swift")):
                    continue
                path = os.path.join(folder, name)
                if any(os.path.relpath(path, root).startswith(skipped) for skipped in SKIPPED):
                    continue
                with open(path, encoding="utf-8") as handle:
                    source = handle.read()
                for line, text, before in literals(source):
                    relative = os.path.relpath(path, root)
                    if PROGRAM_CALLS.search(before.rstrip()) or not is_sentence(text, commands):
                        continue
                    if any(relative == where and text == what for where, what, _ in NOT_SENTENCES):
                        continue
                    found.append((relative, line, text))
    return sorted(found)


def self_test():
    source = '''
/// A doc comment that is a sentence for a programmer.
let a = "this is a sentence for a person"
let b = "Content-Type"
// "a comment is not looked at"
let c = "\\(count) products were sent to the server"
logger.info("the market started on a port")
fatalError("this cannot happen at all")
let d = """
    a long text that is
    read by a person
    """
let e = #"a raw "quoted" text for the reader"#
let f = "outer \\(flag ? "the inner one is a sentence" : "x") end"
let g = "price: 'abc'은(는) 숫자가 아닙니다"
let h = "GET /api/products → 200 OK"
let i = "SELECT id FROM products WHERE name = ?"
let j = "set explain on"
let k = "POST /api/products name=Mug description='A mug for coffee' price:=3500"
let l = "import catalog.jsonl --prune --report what-happened.csv"
'''
    got = [(line, text) for line, text, before in literals(source)
           if not PROGRAM_CALLS.search(before.rstrip()) and is_sentence(text, {"set", "import"})]
    texts = [text for _, text in got]
    expected = [
        "this is a sentence for a person",
        "N products were sent to the server",
        "    a long text that is\n    read by a person\n    ",
        'a raw "quoted" text for the reader',
        "the inner one is a sentence",
    ]
    problems = [f"expected {want!r}" for want in expected if want not in texts]
    problems += [f"unexpected {text!r}" for text in texts if text not in expected]
    lines = dict((text, line) for line, text in got)
    if lines.get("this is a sentence for a person") != 3:
        problems.append(f"line of the first sentence: {lines.get('this is a sentence for a person')}")
    if lines.get("N products were sent to the server") != 6:
        problems.append("line after a comment")
    if lines.get('a raw "quoted" text for the reader') != 13:
        problems.append(f"line after a multi-line literal: {lines.get(chr(97) + ' raw')}")
    for problem in problems:
        print("self-test:", problem)
    return not problems


def main(arguments):
    if "--self-test" in arguments:
        return 0 if self_test() else 1
    if "--write-allowed" in arguments:
        write_allowed(findings())
        return 0
    show_all = "--all" in arguments
    found = findings()
    listed = [(p, l, t) for p, l, t in found if show_all or not allowed(p, t)]
    for path, line, text in listed:
        shown = text.replace("\n", "\\n")
        print(f'{path}:{line}: "{shown[:120]}"')
    present = {(p, t) for p, _, t in found}
    gone = [where for where, text, _ in ALLOWED if (where.split(":")[0], text) not in present]
    for where in gone:
        print(f"note: {where} is in ALLOWED but its sentence is gone: strike it out (or --write-allowed)")
    if listed and not show_all:
        print(f"{len(listed)} sentence(s) for a person written outside a catalogue: give each a case in its "
              "module's message enum (scripts/lib/sentence_literals.py says what is looked at)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
