import Foundation
import OpenMarketContract
import Testing

@testable import SellerShell

/// A flag is declared once, as a `CommandOption` of its command: the spec, the parse, the
/// write-back, help and completion come from that one declaration.
@Suite("Flags declared once")
struct FlagDeclarationTests {
    let registry = CommandRegistry.shell

    /// The message of the usage error `line` is refused with (its status asserted to be usage);
    /// nil, with an issue recorded, when it parses.
    func usageRefusal(_ line: String) throws -> String? {
        do {
            _ = try registry.parse(try WordSplitter.split(line))
            Issue.record("'\(line)' parsed")
            return nil
        } catch let failure as CommandFailure {
            #expect(failure.status == .usage)
            return failure.message
        }
    }

    func arguments(_ line: String, _ spec: CommandSpec) throws -> Arguments {
        try Arguments(try WordSplitter.split(line), spec: spec)
    }

    @Test func aFlagGivenAloneIsBareAndOneWithAValueCarriesIt() throws {
        let list = try arguments("--mine --per-page 50 --search=mug --all", ListProducts.spec)
        #expect(list.flags["--mine"] == .bare)
        #expect(list.flags["--per-page"] == .value("50"))
        #expect(list.flags["--search"] == .value("mug"))
        #expect(list.flags["--all"] == .bare)
        #expect(list.flags["--no-pager"] == nil)
        #expect(FlagValue.bare.text == nil)
        #expect(FlagValue.value("").text == "")
        // A flag that takes no value leaves the next word alone; one that takes a value takes it
        // even when it looks like a flag.
        let delete = try arguments("3 --yes 4", Delete.spec)
        #expect(delete.flags == ["--yes": .bare])
        #expect(delete.positional.map(\.text) == ["3", "4"])
        let search = try arguments("--search --mine", ListProducts.spec)
        #expect(search.flags == ["--search": .value("--mine")])
        // A quoted word is never a flag.
        let quoted = try arguments("'--mine'", Search.spec)
        #expect(quoted.flags.isEmpty)
        #expect(quoted.positional.map(\.text) == ["--mine"])
    }

    /// A flag that takes no value, given one, is refused: `delete 3 --yes=no` deleted without
    /// asking (what followed the `=` was ignored).
    @Test(arguments: ["delete 3 --yes=no", "list --mine=false", "register name=x --porcelain=no", "delete 3 4 --yes=yes"])
    func aFlagThatTakesNoValueGivenOneIsRefused(line: String) throws {
        if let message = try usageRefusal(line) { #expect(message.contains("takes no value"), "\(message)") }
    }

    @Test func aBareFlagSetsItsProperty() throws {
        let delete = try #require(try registry.parse(WordSplitter.split("delete 3 --yes")) as? Delete)
        #expect(delete.confirmed)
        let register = try #require(try registry.parse(WordSplitter.split("register name=x --no-resize")) as? Register)
        #expect(!register.resize)
        #expect(register.words.last == Word("--no-resize"))
    }

    @Test(arguments: [
        ("list --per-page", "--per-page needs a value"), ("exchanges --last", "--last needs a value"),
        ("list --bogus", "unknown option --bogus"), ("show 3 --bogus", "unknown option --bogus"),
        ("delete 3 4 --bogus=1", "unknown option --bogus"),
        ("list --per-page=", "unknown option --per-page=; did you mean '--per-page'?"),
        ("list --per-page 0", "--per-page must be 1 to 1000 (got '0')"),
        ("exchanges --last 0", "--last takes a number of exchanges from 1 (it is 0)"),
        ("exchanges --har ''", "--har takes a file to write"), ("explain --lang fr", "--lang takes en or ko (got 'fr')"),
        ("exchange --as wget", "--as takes curl, httpie or raw"),
        ("GET /api/products --bogus", "GET: unknown option --bogus (it takes --no-auth, --check-status and --offline)"),
    ])
    func aBadFlagIsRefusedWithTheSameMessageAsBefore(line: String, message: String) throws {
        if let refused = try usageRefusal(line) { #expect(refused == message) }
    }

    /// What is missing is what is said: `search red mug` is a text of two words (not a page
    /// 'mug'), `stock +1` lacks its product (not how to change it).
    @Test(arguments: [
        ("search red mug", "search takes one TEXT and a page: quote words that go together (search 'milk bottle')"),
        ("stock +1", "which product? give its id"), ("stock =5", "which product? give its id"),
    ])
    func aMissingPartIsNamed(line: String, message: String) throws {
        if let refused = try usageRefusal(line) { #expect(refused == message) }
        #expect(try registry.parse(try WordSplitter.split("search mug 2")) is Search)
    }

    /// A mistyped option or field is answered with the closest the command takes, as a mistyped
    /// command is (`lsit` → `list`); a word close to none still gets the list of fields.
    @Test(arguments: [
        ("list --mien", "unknown option --mien; did you mean '--mine'?"),
        ("list --al", "unknown option --al; did you mean '--all'?"),
        ("patch 3 prise=3000", "unknown field 'prise'; did you mean 'price'?"),
        ("register nmae=Mug", "unknown field 'nmae'; did you mean 'name'?"),
        ("patch 3 colour=red", "unknown field 'colour' (fields: currency, description, discount, name, price, stock, thumbnail)"),
    ])
    func aMistypedOptionOrFieldIsAnsweredWithTheClosest(line: String, message: String) throws {
        if let refused = try usageRefusal(line) { #expect(refused == message) }
    }

    /// The program's own option after a command at the prompt, as the README's one command and
    /// exit writes it (`show 12 --json`), is told the `set` that does its work there (it was only
    /// "unknown option --json"); a command's own `--lang` (`explain`) is its own.
    @Test(arguments: [
        ("show 4 --json", "--json", "set output json"), ("list --lang ko", "--lang", "set lang en|ko"),
        ("list --trace", "--trace", "set trace on"),
    ])
    func theProgramsOptionAtThePromptIsToldTheSetThatDoesItsWork(line: String, option: String, instead: String) throws {
        if let message = try usageRefusal(line) {
            #expect(
                message
                    == "\(option) is the program's option, for a command run from the command line, not a command's: at the prompt, "
                    + "type '\(instead)'")
        }
        #expect(throws: Never.self) { try registry.parse(try WordSplitter.split("explain 412 --lang ko")) }
    }

    @Test func everyCommandRefusesAFlagItDoesNotDeclare() throws {
        for type in registry.commands where !type.spec.rawWords {
            do {
                _ = try registry.parse([Word(type.spec.name), Word("--bogus")])
                Issue.record("\(type.spec.name) --bogus parsed")
            } catch {
                #expect(error.message == "unknown option --bogus", "\(type.spec.name)")
            }
        }
    }

    @Test func theBadValueRefusedFirstIsTheFirstDeclared() throws {
        do {
            _ = try registry.parse(try WordSplitter.split("list --currency EUR --per-page x --sort up"))
            Issue.record("parsed")
        } catch let failure as CommandFailure {
            #expect(failure.message.hasPrefix("--per-page must be 1 to 1000"))
        }
    }

    @Test func helpListsEachFlagWithItsLineUnderTheUsage() throws {
        let list = ListProducts.spec.helpText.split(separator: "\n").map(String.init)
        let usage = try #require(list.firstIndex { $0.hasPrefix("usage: ") })
        let options = try #require(list.firstIndex(of: "options:"))
        #expect(options > usage)
        let rows = list[(options + 1)...].prefix(ListProducts.spec.flags.count)
        #expect(rows.map { $0.split(separator: " ").first.map(String.init) } == ListProducts.spec.flags.map(\.name))
        #expect(rows.first?.hasPrefix("  --per-page N  ") == true)
        #expect(rows.first?.hasSuffix("  products a page, 1 to 1000") == true)
        #expect(Delete.spec.helpText.contains("options:\n  --yes  delete without asking first"))
        #expect(!Health.spec.helpText.contains("options:"))
        for spec in registry.specs {
            for flag in spec.flags {
                #expect(!flag.help.english.isEmpty, "\(spec.name) \(flag.name)")
                #expect(spec.helpText.contains("  \(flag.synopsis)  "), "\(spec.name) \(flag.name)")
            }
        }
    }

    @Test func theUsageNamesExactlyTheFlagsDeclared() {
        for spec in registry.specs {
            let named = Set(
                spec.usage.split(whereSeparator: { " \n[]|/(),;".contains($0) }).map(String.init).filter { $0.hasPrefix("--") })
            #expect(named == Set(spec.flags.map(\.name)), "\(spec.name)")
        }
    }

    @Test func searchTakesListsFlagsAsListDeclaresThem() throws {
        let search = try #require(try registry.parse(WordSplitter.split("search mug --per-page 30 --mine")) as? Search)
        #expect(search.list.perPage == 30)
        #expect(search.list.mine)
        #expect(
            Search.spec.flags
                == ListProducts.spec.flags.filter {
                    ["--per-page", "--mine", "--all", "--format", "--fields", "--sort"].contains($0.name)
                })
        let formatted = try #require(
            try registry.parse(WordSplitter.split("search mug --format ids --fields id,name --sort -price")) as? Search)
        #expect(formatted.list.format == .ids)
        #expect(formatted.list.fields.map(\.rawValue) == ["id", "name"])
        #expect(formatted.list.selection.order?.text == "-price")
    }

    @Test func loginSaveIsNeverWrittenBack() throws {
        let login = try #require(try registry.parse(WordSplitter.split("login abc --save shop")) as? Login)
        #expect(login.saveAs == "shop")
        #expect(login.words == [Word("login"), Word("abc")])
    }

    @Test func yesIsWrittenBackOnlyForSeveralProducts() throws {
        #expect(try registry.parse(WordSplitter.split("patch 3 price=1 --yes")).words.map(\.text) == ["patch", "3", "price=1"])
        #expect(try registry.parse(WordSplitter.split("stock 3 4 +1 --yes")).words.map(\.text).last == "--yes")
        #expect(try registry.parse(WordSplitter.split("delete 3 --yes")).words.map(\.text) == ["delete", "3", "--yes"])
    }

    @Test func completionOffersTheValuesAFlagDeclares() {
        let index = ShellIndex(profiles: ProfileStore(directory: URL(fileURLWithPath: "/nonexistent")))
        func texts(_ answer: CompletionAnswer) -> [String] {
            if case .candidates(_, let list) = answer { return list.map(\.text) }
            return []
        }
        #expect(texts(index.complete("list --format j")) == ["json", "jsonl"])
        #expect(texts(index.complete("list --sort -p")) == ["-price"])
        #expect(texts(index.complete("exchange 3 --as=h")) == ["--as=httpie"])
        #expect(texts(index.complete("explain 412 --lang ")) == ["en", "ko"])
        #expect(texts(index.complete("GET /api/products --")) == ["--no-auth", "--check-status", "--offline"])
    }

    /// The recorder writes a product made in the recording as `$name` through the command's own
    /// hook: every command that takes a product id has one.
    @Test func everyCommandAboutAProductSaysHowAReplayNamesIt() throws {
        let lines = [
            "show 12": "show $p1", "edit 12": "edit $p1", "stock 12 -2": "stock $p1 -2", "delete 12 --yes": "delete $p1 --yes",
        ]
        for (line, written) in lines {
            let command = try #require(try registry.parse(WordSplitter.split(line)) as? any RefersToProduct)
            let references = ReplayReferences(product: "$p1") { _ in nil }
            #expect(command.words(referring: references).map(\.text).joined(separator: " ") == written)
        }
        let patch = try #require(
            try registry.parse(WordSplitter.split("patch 12 name='Big mug' thumbnail=35 --if-match x")) as? Patch)
        let references = ReplayReferences(product: "$p1") { $0 == 35 ? "${p1.images.1.id}" : nil }
        #expect(
            patch.words(referring: references).map(\.text).joined(separator: " ")
                == "patch $p1 name='Big mug' thumbnail=${p1.images.1.id} --if-match x")
        for type in registry.commands where type.spec.takesProductID {
            #expect(type is any RefersToProduct.Type, "\(type.spec.name)")
        }
    }

    @Test func registerSaysWhereItsImagePathsAre() throws {
        let register = try #require(
            try registry.parse(WordSplitter.split("register name=x image=a.jpg image='b *.png'")) as? Register)
        let moved = register.rewritingImagePaths { "photos/" + $0 }
        #expect(moved.images == [Word("photos/a.jpg"), Word("photos/b *.png", wasQuoted: true)])
        #expect(moved.values == register.values)
    }
}
