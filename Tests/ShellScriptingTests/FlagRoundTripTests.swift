import Foundation
import SellerShell
import Testing

@testable import ShellScripting

/// Every command a script can run writes itself back as words (recordings, journals, the
/// history) that parse to the same command, every flag it writes back included.
@Suite("Flags round-trip")
struct FlagRoundTripTests {
    let registry = ScriptSession.registry

    /// A representative line for every command of the registry, together using every flag that
    /// is written back (`login --save` never is: a replay must not write profiles).
    static let lines = [
        "help register", "health",
        "list 2 --per-page 50 --search '우유 병' --mine --all --format csv --fields id,name,price --sort -price --sold-out "
            + "--low-stock 3 --currency KRW --no-pager",
        "search 'milk bottle' 2 --per-page 30 --mine --all", "search mug --format csv --fields id,name --sort -price", "show 12",
        "show 12 --photos", "list --grid --sold-out", "set photos sixel",
        "open 12",
        "register name=Mug 'description=A sturdy mug' price=19.99 currency=USD discount=1 stock=5 "
            + "image=photos/sku12-*.jpg image='a b.png' --no-resize --porcelain",
        "patch 3 4 price=3000 name='Big mug' thumbnail=35 --if-match 'W/\"abc\"' --yes", "edit 12", "stock 3 4 +2 --yes",
        "stock 12 =0", "delete 3 4 --yes", "changes --last 3 --all --no-pager", "undo 7 --force --yes --dry-run",
        "redo --force --yes --dry-run",
        "login 0c1b5a9e", "login 0c1b5a9e --vendor-id 15", "logout", "whoami", "use shop", "profiles remove old-shop",
        "connect http://127.0.0.1:8080", "set output json", "set price 3500", "history",
        "exchanges --last 5 --har class.har --markdown 'note book.md' --force", "exchanges --lint",
        "exchange 3 --wire", "exchange --as curl",
        "explain If-Match --lang ko", "GET /api/products search_value==mug --no-auth --check-status --offline",
        "HEAD /api/products/3 --no-auth --check-status --offline",
        "POST /api/products name=Mug price:=3500 images@mug.jpg --no-auth --check-status --offline",
        "PUT /api/products/3 price:=3500 secret=@secret --check-status --no-auth --offline",
        "PATCH /api/products/3 price:=1 --no-auth --check-status --offline",
        "DELETE /api/products/3/TOKEN --no-auth --check-status --offline",
        "OPTIONS /api/products/3 --no-auth --check-status --offline", "expect 3 == 3", "source 'my script.om' --step", "vars",
        "record session.om --all", "record answer.om --as-test", "lint one.om 'two words.om'",
        "record stop",
        "import catalog.csv --format csv --jobs 8 --dry-run --yes --prune --new-ids --continue-on-error --resume "
            + "--journal 'my journal' --report r.csv --no-resize",
        "import c.jsonl --plan --restart", "import c.csv --write-ids", "import c.csv --rows-from r.csv --failed",
        "import c.csv --match id --allow-duplicates --prune --prune-all --photos-anywhere --prefer sheet",
        "export out.csv --format jsonl --all --search mug --images photos --jobs 2 --force", "exit 3", "clear",
    ]

    @Test(arguments: lines)
    func aCommandParsesWritesBackAndParsesToTheSameCommand(line: String) throws {
        let command = try registry.parse(try WordSplitter.split(line))
        // As words, and as the line a recording writes.
        for again in [try registry.parse(command.words), try registry.parse(WordSplitter.split(WordQuoting.line(command.words)))]
        {
            #expect(type(of: again) == type(of: command))
            #expect(Self.canonical(again) == Self.canonical(command))
            #expect(again.words == command.words)
        }
    }

    /// Every stored property, recursively, with a dictionary's entries sorted (its order is the
    /// hash table's, which two equal dictionaries need not share).
    static func canonical(_ value: Any) -> String {
        if let url = value as? URL { return url.absoluteString }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { child in (child.label.map { $0 + ": " } ?? "") + canonical(child.value) }
        switch mirror.displayStyle {
        case .dictionary, .set: return "[" + children.sorted().joined(separator: ", ") + "]"
        case .optional: return children.first ?? "nil"
        case nil, .class: return String(reflecting: value)
        case .enum where children.isEmpty: return String(reflecting: value)
        default: return "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
        }
    }

    @Test func everyCommandHasALineAndEveryFlagWrittenBackIsInOne() throws {
        let commands = try Self.lines.map { try registry.parse(WordSplitter.split($0)) }
        for type in registry.commands {
            let written = commands.filter { Swift.type(of: $0) == type }
            #expect(!written.isEmpty, "no line for \(type.spec.name)")
            let words = Set(written.flatMap { $0.words.filter { !$0.wasQuoted }.map(\.text) })
            for flag in type.spec.flags where !(type == Login.self && flag.name == "--save") {
                #expect(words.contains(flag.name), "\(type.spec.name) \(flag.name)")
            }
        }
    }

    @Test func importAndExportJobsTakeOneRangeAndAnImportWithoutItFindsItsOwn() throws {
        let imported = try #require(try registry.parse(WordSplitter.split("import c.csv --jobs 32")) as? Import)
        #expect(imported.options.jobs == 32)
        #expect(Import.spec.flag("--jobs")?.kind == Export.spec.flag("--jobs")?.kind)
        let adaptive = try #require(try registry.parse(WordSplitter.split("import c.csv")) as? Import)
        #expect(adaptive.options.jobs == nil)
        // Given, an import's --jobs is a cap and is written back, even 4.
        #expect(try registry.parse(WordSplitter.split("import c.csv --jobs 4")).words.map(\.text).contains("--jobs"))
        for line in ["import c.csv --jobs 33", "export c.csv --jobs 0"] {
            do {
                _ = try registry.parse(WordSplitter.split(line))
                Issue.record("'\(line)' parsed")
            } catch let failure as CommandFailure {
                #expect(failure.message == "--jobs must be 1 to 32 (got '\(line.split(separator: " ").last!)')")
            }
        }
        let plain = try registry.parse(WordSplitter.split("export c.csv --jobs 4"))
        #expect(!plain.words.map(\.text).contains("--jobs"))
    }

    @Test func theScriptingCommandsListTheirFlagsInHelpAndUsage() {
        for spec in registry.specs {
            let named = Set(
                spec.usage.split(whereSeparator: { " \n[]|/(),;".contains($0) }).map(String.init).filter { $0.hasPrefix("--") })
            #expect(named == Set(spec.flags.map(\.name)), "\(spec.name)")
            let lines = spec.helpText.split(separator: "\n")
            for flag in spec.flags {
                #expect(
                    lines.contains { $0.hasPrefix("  \(flag.synopsis) ") && $0.hasSuffix("  \(flag.help.text)") },
                    "\(spec.name) \(flag.name)")
            }
        }
    }

    @Test func sourceAndRecordTakeTheirFlagsOnlyAsBareWords() throws {
        let quoted = try #require(try registry.parse(WordSplitter.split("source '--step'")) as? Source)
        #expect(!quoted.step)
        #expect(quoted.path == "--step")
        let stop = try #require(try registry.parse(WordSplitter.split("record stop")) as? Record)
        #expect(stop.action == .stop)
        let file = try #require(try registry.parse(WordSplitter.split("record stop --all")) as? Record)
        #expect(file.action == .start(path: "stop", all: true))
    }
}
