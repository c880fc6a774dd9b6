import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

@Suite("Commands as typed values")
struct CommandRegistryTests {
    let registry = CommandRegistry.shell

    @Test func everyNameAndAliasNamesOneCommand() {
        let words = registry.specs.flatMap { [$0.name] + $0.aliases }
        #expect(Set(words).count == words.count, "\(words)")
        for spec in registry.specs {
            #expect(registry.find(spec.name)?.spec.name == spec.name)
            for alias in spec.aliases { #expect(registry.find(alias)?.spec.name == spec.name) }
        }
    }

    /// The registry finds commands by their `commandNames`, without making their specs: each
    /// command's are its spec's name and aliases.
    @Test func everyCommandsNamesAreItsSpecsNameAndAliases() {
        for command in registry.commands {
            #expect(command.commandNames.name == command.spec.name)
            #expect(command.commandNames.aliases == command.spec.aliases, "\(command.spec.name)")
        }
    }

    @Test func helpListsEveryCommandFromItsSpec() {
        for spec in registry.specs { #expect(registry.overview.contains("  \(spec.name) "), "\(spec.name)") }
        let register = Register.spec.helpText
        #expect(register.contains("usage: \(Register.spec.usage)"))
        #expect(register.contains("aliases: add, new"))
    }

    @Test(arguments: [
        "list 2 --per-page 50 --search '우유 병' --mine", "show 12", "patch 12 price=3000 name='Big mug'", "stock 12 +10",
        "stock 12 =0", "delete 12 --yes", "set output json", "set trace off", "connect http://127.0.0.1:8080",
        "register name=Mug 'description=A sturdy mug' price=19.99 currency=USD image=photos/sku12-*.jpg --no-resize",
        "login 0c1b5a9e", "use shop", "help register",
    ])
    func aCommandWritesItselfBackAsWordsThatParseToTheSameCommand(line: String) throws {
        let command = try registry.parse(try WordSplitter.split(line))
        let again = try registry.parse(command.words)
        #expect(again.words == command.words)
        #expect(type(of: again) == type(of: command))
    }

    @Test func flagsTakeAValueOnlyWhereTheSpecSaysSo() throws {
        let list = try #require(try registry.parse(WordSplitter.split("list --search mug 3")) as? ListProducts)
        #expect(list.search == "mug")
        #expect(list.page == 3)
        let delete = try #require(try registry.parse(WordSplitter.split("delete 3 --yes")) as? Delete)
        #expect(delete.confirmed)
        #expect(delete.id == 3)
    }

    @Test(arguments: [
        ("list --bogus", "unknown option --bogus"), ("patch 1 colour=red", "unknown field 'colour'"),
        ("show 1 2", "unexpected '2'"), ("list --per-page", "--per-page needs a value"),
        ("stock 1 *2", "'*2' is not +N, -N or =N"), ("patch 1 price=1 price=2", "price is given twice"),
        ("bogus", "unknown command 'bogus'"),
    ])
    func badWordsAreRefusedBeforeAnythingRuns(line: String, message: String) throws {
        do {
            _ = try registry.parse(try WordSplitter.split(line))
            Issue.record("'\(line)' parsed")
        } catch let failure as CommandFailure {
            #expect(failure.status == .usage)
            #expect(failure.message.contains(message), "\(failure.message)")
        }
    }

    @Test func theSecretTypedAfterLoginIsRefusedWithoutRepeatingIt() throws {
        do {
            _ = try registry.parse(try WordSplitter.split("login someone hunter2-secret"))
            Issue.record("parsed")
        } catch let failure as CommandFailure {
            #expect(!failure.message.contains("hunter2"))
            #expect(failure.description == failure.message)
        }
    }

    @Test func whatACommandMayDoIsInItsSpec() throws {
        #expect(Register.spec.effect == .creates)
        #expect(Delete.spec.effect == .deletes)
        #expect(Show.spec.effect == .reads)
        #expect(Login.spec.effect == .session)
        let relative = try #require(try registry.parse(WordSplitter.split("stock 1 +2")) as? Stock)
        let absolute = try #require(try registry.parse(WordSplitter.split("stock 1 =2")) as? Stock)
        #expect(!relative.repeatsSafely)
        #expect(absolute.repeatsSafely)
    }
}

/// Notes what it saw, to check the order middleware runs in and what it is given.
struct NotingMiddleware: CommandMiddleware {
    let name: String
    let log: NotingLog

    init(_ name: String, log: NotingLog) {
        self.name = name
        self.log = log
    }

    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        log.add("\(name) will run \(invocation.spec.name)")
        do {
            let outcome = try await next(invocation, context)
            log.add("\(name) did run \(invocation.spec.name)")
            return outcome
        } catch {
            log.add("\(name) saw \(invocation.spec.name) fail with \(CommandReport.classify(error).status.rawValue)")
            throw error
        }
    }
}

final class NotingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

@Suite("Middleware")
struct MiddlewareTests {
    @Test func middlewareWrapsEachCommandInOrderAndSeesFailures() async throws {
        let log = NotingLog()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: RecordingConsole(),
            middleware: [NotingMiddleware("outer", log: log), NotingMiddleware("inner", log: log)])
        #expect(await shell.execute("set output json").status == .ok)
        #expect(await shell.execute("delete 1 --yes").status == .failed)
        #expect(
            log.all == [
                "outer will run set", "inner will run set", "inner did run set", "outer did run set",
                "outer will run delete", "inner will run delete", "inner saw delete fail with 1", "outer saw delete fail with 1",
            ])
    }

    @Test func aLineThatDoesNotParseNeverReachesTheMiddleware() async throws {
        let log = NotingLog()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: RecordingConsole(),
            middleware: [NotingMiddleware("only", log: log)])
        #expect(await shell.execute("stock 1 twice").status == .usage)
        #expect(log.all.isEmpty)
    }
}

@Suite("Delete")
struct DeleteTests {
    /// Not being logged in is said before the confirmation question, not after it was answered
    /// (and nothing is sent: the server here does not exist).
    @Test func deleteWhenLoggedOutSaysSoBeforeAsking() async throws {
        let console = RecordingConsole(interactive: true, answers: ["y"])
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        #expect(await shell.execute("delete 3").status == .failed)
        #expect(console.notes.contains("delete 3: not logged in"), "\(console.notes)")
        #expect(!console.notes.contains("delete #3"), "asked before saying: \(console.notes)")
    }
}

@Suite("Patch")
struct PatchTests {
    /// Issue 11, item 11: `patch ID` with no fields says so and sends nothing (the server here
    /// does not exist, so a request would fail).
    @Test func patchWithNoFieldsSendsNothing() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(
                serverURL: URL(string: "http://127.0.0.1:9")!,
                credentials: VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: "demo-secret-1")),
            console: console)
        #expect(await shell.execute("patch 3").status == .ok, "\(console.notes)")
        #expect(console.notes.contains("patch 3: nothing to change, so nothing was sent"), "\(console.notes)")
        #expect(!console.notes.contains("cannot reach"))
    }
}
