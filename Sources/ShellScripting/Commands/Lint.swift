import Foundation
import HTTPHabits
import OpenMarketContract
import SellerShell

/// `lint FILE.om…`: the HTTP habits a teacher would mark in what each script's lines will send,
/// before it runs (`ScriptPlan`: the lines parsed into their typed commands, as the script check
/// parses them). One line per finding, `FILE:LINE: rule: … (explain TOPIC)`; nothing is sent.
/// Findings fail the command (status 1), as a linter does; a file with none says so.
struct Lint: ShellCommand {
    static let commandNames = CommandNames("lint")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: HabitHelp.lint, usage: "lint FILE.om…",
        examples: ["lint homework.om", "lint scripts/examples/lessons/*.om"],
        positional: Array(repeating: .path, count: 256), effect: .none, recording: .never)

    var files: [String]

    init(parsing arguments: Arguments) throws(CommandFailure) {
        files = arguments.positional.map(\.text)
        guard !files.isEmpty else { throw .usage(HabitHelp.lintUsage.text) }
    }

    var words: [Word] { [Word(Self.spec.name)] + files.map { Word($0, wasQuoted: true) } }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        let server = context.client.baseURL
        var findings: [String] = []
        var clean: [String] = []
        var refused = false
        var unreadable = false
        for file in files {
            let readable = try runtime.paths.readable(file, in: context)
            // Read as `run` reads a script: a regular file of at most 16 MiB (a FIFO waited for
            // a writer forever), and refused as `run` refuses it, saying why: a usage error once
            // the other files are marked (one missing file lost the others' findings).
            let lines: [ScriptLine]
            do { lines = try ScriptReader.read(readable) } catch {
                context.console.note(
                    "\(ScriptMessage.cannotReadScript(file).text): \(ScriptReader.reason(error))", kind: .error)
                unreadable = true
                continue
            }
            let planned = runtime.plannedExchanges(lines, on: server, secrets: context.records.secrets.all)
            if await refuses(lines, planned: planned, name: file, runtime: runtime, in: context) {
                refused = true
                continue
            }
            let found = HabitLinter().findings(in: planned)
            findings += found.map { finding in
                let line = if case .line(let number) = finding.exchange.source { ":\(number)" } else { "" }
                return HabitMessage.reported(location: file + line, finding: finding).text
            }
            if found.isEmpty { clean.append("\(file): " + HabitMessage.clean(count: planned.count).text) }
        }
        if !findings.isEmpty { context.console.write(findings.joined(separator: "\n")) }
        if unreadable {
            for line in clean { context.console.note(line) }
            throw CommandFailure.alreadyReported(.usage)
        }
        guard findings.isEmpty, !refused else { throw CommandFailure.alreadyReported(.failed) }
        return CommandOutcome(clean.map { .note($0) })
    }

    /// Says why a script cannot be marked, as `run` would refuse it: the lines that do not read
    /// or parse (`FILE:LINE: …`; a read given a body is not one of them: the rules mark it), or
    /// that it sends no request at all (an empty file). Its photos are not read: lint sends none.
    private func refuses(
        _ lines: [ScriptLine], planned: [HabitExchange], name: String, runtime: ScriptRuntime, in context: CommandContext
    ) async -> Bool {
        let readsWithBody = Set(
            planned.compactMap { exchange -> Int? in
                guard exchange.method == "GET", exchange.hasBody, case .line(let number) = exchange.source else { return nil }
                return number
            })
        // The reads given a body are checked for what they name (`… as mug`), not refused.
        let checked = runtime.check(
            lines, name: name, on: context.client.baseURL, paths: LocalPaths(base: nil, access: context.access),
            photosSent: Set(lines.map(\.number)), unsaid: readsWithBody)
        if !checked.problems.isEmpty {
            _ = runtime.refuse(checked, name: name)
            return true
        }
        guard planned.isEmpty else { return false }
        context.console.note("\(name): " + HabitMessage.noRequests.text, kind: .error)
        return true
    }
}

extension ScriptSession {
    /// The name of `lint`, which reads files and sends nothing: `openmarket lint FILE.om` starts
    /// no market.
    public static var lintCommandName: String { Lint.spec.name }
}
