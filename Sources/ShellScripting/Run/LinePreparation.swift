import Foundation
import OpenMarketContract
import SellerShell

extension ScriptRuntime {
    /// Runs a line typed at the prompt or given with `-c`; failures are printed as they are.
    /// Checked as a script's lines are before anything is sent (its photos read and probed,
    /// every field's problem), with its variables as they are now.
    func executeTyped(_ typed: String) async -> CommandReport {
        let context = context()
        // Read in the language its command speaks (after `set lang ko`, a usage error too).
        return await Language.$current.withValue(context.settings.language) {
            // A script's lines lose their comments when the file is read; a typed one here.
            let line = ScriptLine(number: 0, text: ScriptReader.stripComment(typed))
            switch prepare(line, location: nil, on: context.client.baseURL) {
            case .failure(let rejected): return reported(rejected.result)
            case .success(let invocation): return reported(await checkedStep(line, invocation, in: context))
            }
        }
    }

    /// A typed line's command, run when its photos and fields hold no problem (``checkFailure``).
    private func checkedStep(_ line: ScriptLine, _ invocation: Invocation, in context: CommandContext) async -> CommandReport {
        if let failed = checkFailure(of: invocation, in: context) { return failed }
        return await step(line, parsed: invocation, location: nil, in: context)
    }

    /// What is wrong with a line on its own before it runs, as a script's check says it, nil
    /// when nothing is: its photos and fields, said together as `register` says them, and
    /// nothing is sent. With no one to ask (`-c`, the program's arguments, piped lines), a
    /// `register`'s missing fields are among them: a usage error when they are all there is (as
    /// the command says one missing field). For a typed line, and each line of a stream, which
    /// cannot be checked whole before it runs.
    func checkFailure(of invocation: Invocation, in context: CommandContext) -> CommandReport? {
        let register = invocation.command as? Register
        var problems = problems(
            of: invocation, photos: register?.images ?? [], resize: register?.resize ?? true, paths: context.paths)
        let missing = register.map { context.console.isInteractive ? [] : Self.missing($0) } ?? []
        if problems.isEmpty, !missing.isEmpty {
            let usage = Message.usage(Register.spec.usage).text
            return CommandReport(status: .usage, failure: missing + [usage], usage: usage)
        }
        problems.failure += missing
        guard problems.isEmpty else { return CommandReport(status: .failed, failure: problems.lines) }
        return nil
    }

    /// Runs a program's arguments (`openmarket list --mine`) as the words they are: no
    /// variables, no comment, nothing split again.
    func executeWords(_ words: [Word]) async -> CommandReport {
        let context = context()
        return await Language.$current.withValue(context.settings.language) {
            let line = ScriptLine(number: 0, text: WordQuoting.line(words))
            switch invocation(words, text: line.text, line: line, location: nil) {
            case .success(let invocation): return reported(await checkedStep(line, invocation, in: context))
            case .failure(let rejected): return reported(rejected.result)
            }
        }
    }

    /// A typed line's report, its failures printed as they are.
    private func reported(_ result: CommandReport) -> CommandReport {
        for text in result.failure { console.note(text, kind: .error) }
        if let explanation = result.explanation { console.note(explanation) }
        shell.index.updateVariables(Array(names.variables.values.keys))
        return result
    }

    /// Expands, parses and runs one line in `context`; `parsed` is the line already parsed (one
    /// without variables, parsed by the script's check: it reads the same whenever it runs).
    /// Where its caller runs (`nonisolated(nonsending)`): a hop on the way in, for every line of
    /// a script, to where the line already was.
    nonisolated(nonsending) func step(
        _ line: ScriptLine, parsed: Invocation? = nil, location: String?, checked: Bool = false, in context: CommandContext
    ) async -> CommandReport {
        // The session as it is now (a line before may have connected elsewhere, logged in or
        // set the language), with this run's own part (its scope, its folder, its trace).
        let fresh = shell.refreshed(context)
        var invocation: Invocation
        if let parsed {
            invocation = parsed
            if let location { invocation.location = location }
        } else {
            // Read in the language its command will speak, for the server it will go to: what is
            // wrong with it is said as the command's own failure would be. A stream's line is
            // checked on its own as it comes (`checked`), in that language too.
            let prepared = Language.$current.withValue(fresh.settings.language) {
                prepare(line, location: location, on: fresh.client.baseURL).flatMap { invocation in
                    guard checked, let failed = checkFailure(of: invocation, in: fresh) else { return .success(invocation) }
                    return .failure(LineRejected(result: failed))
                }
            }
            switch prepared {
            case .success(let prepared): invocation = prepared
            case .failure(let rejected): return rejected.result
            }
        }
        var report = await shell.perform(invocation, in: fresh)
        if let dryRun { report.failure = report.failure.map { dryRun.withPlaceholders($0) } }
        return report
    }

    /// Splits the line into words once, fills its references with the variables as they are
    /// now, takes off `as NAME` and parses the command: what the line asks for, before anything
    /// runs. So this comes right before the line runs.
    func prepare(_ line: ScriptLine, location: String?, on server: URL) -> Result<Invocation, LineRejected> {
        let text = Self.trimmed(line.text)
        guard !text.isEmpty else { return .failure(LineRejected(result: CommandReport(status: .ok))) }
        if let problem = line.problem { return .failure(LineRejected(result: CommandReport(status: .usage, failure: [problem]))) }
        let words: [Word]
        do {
            words = try Expander.fill(WordSplitter.words(text)) { reference throws(ExpansionError) in
                try resolve(reference, on: server)
            }
        } catch let error as ExpansionError {
            return rejected(error.description, text: text)
        } catch {
            return rejected("\(error)", text: text)
        }
        return invocation(words, text: text, line: line, location: location)
    }

    /// The line's words (its references filled) parsed into the command they ask for.
    func invocation(_ filled: [Word], text: String, line: ScriptLine, location: String?) -> Result<Invocation, LineRejected> {
        var words = filled
        do {
            let bindAs = try takeName(&words)
            let command = try registry.parse(words)
            return .success(
                Invocation(command, text: text, location: location, line: (line.number, line.hash), bindAs: bindAs))
        } catch {
            let named = spec(of: text)
            let (lines, usage) = (ShellSession.lines(for: error, spec: named), ShellSession.usage(for: error, spec: named))
            return .failure(LineRejected(result: CommandReport(status: error.status, failure: lines, usage: usage)))
        }
    }

    /// The line without the white space around it. On Unicode scalars: `trimmingCharacters(in:)`
    /// bridges through NSString, which showed in every line's cost; ASCII is answered without a
    /// Unicode property lookup.
    static func trimmed(_ line: String) -> String {
        let scalars = line.unicodeScalars
        let start = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
        let end = scalars.lastIndex { !isSpace($0) }.map(scalars.index(after:)) ?? start
        return String(scalars[start..<end])
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)) : scalar.properties.isWhitespace
    }

    /// The spec of the command a line names by its first words as written (`PATCH /api/products/3 …`
    /// is the raw request, not the `patch` command), for its usage in a failure; splitting the
    /// whole line into Characters only to read two words showed in every line's cost.
    func spec(of text: String) -> CommandSpec? {
        let leadingWords = text.unicodeScalars.split(maxSplits: 2, omittingEmptySubsequences: true, whereSeparator: Self.isSpace)
        let leading = leadingWords.prefix(2).map { Word(String($0)) }
        return (registry.rawRequest(leading) ?? registry.find(leading.first?.text ?? ""))?.spec
    }

    private func rejected(_ message: String, text: String) -> Result<Invocation, LineRejected> {
        let name = spec(of: text)?.name ?? String(text.unicodeScalars.prefix { !Self.isSpace($0) })
        return .failure(LineRejected(result: CommandReport(status: .usage, failure: ["\(name): \(message)"])))
    }

    /// The NAME of an `… as NAME` that ends `words` (a word nil where it is not known before
    /// the line runs); nil when they do not end so. A quoted `'as'` is a value.
    static func nameAfterAs(_ words: [Word?]) -> String? {
        guard words.count >= 3, let word = words[words.count - 2], word.text == "as", !word.wasQuoted else { return nil }
        return words[words.count - 1]?.text
    }

    /// The same for words all known: asked of every line, which `[Word?]` would copy first.
    static func nameAfterAs(_ words: [Word]) -> String? {
        guard words.count >= 3, words[words.count - 2].text == "as", !words[words.count - 2].wasQuoted else { return nil }
        return words[words.count - 1].text
    }

    /// `… as NAME` at the end of a command names the product it returns; an unquoted `as`
    /// elsewhere in a command that returns one is a slip of it (`show 4 as`), said so rather
    /// than as an unexpected word.
    private func takeName(_ words: inout [Word]) throws(CommandFailure) -> String? {
        guard let bound = Self.nameAfterAs(words) else {
            if words.dropFirst().contains(where: { $0.text == "as" && !$0.wasQuoted }),
                let command = words.first?.text, registry.find(command)?.spec.returnsProduct == true
            {
                throw .usage(ScriptMessage.asEndsTheLine(command: command).text)
            }
            return nil
        }
        if let problem = ScriptVariables.checkName(bound) { throw .usage(problem) }
        let name = words[0].text
        guard let spec = registry.find(name)?.spec, spec.returnsProduct else {
            let naming = registry.specs.filter(\.returnsProduct).map(\.name)
            throw .usage(ScriptMessage.namesNoProduct(bound: bound, command: name, returning: naming).text)
        }
        words.removeLast(2)
        return bound
    }

    /// What a reference stands for now. A value holding the secret is refused rather than
    /// masked: a masked value would send "••••••" as a description or price without a word, and
    /// there is no command in which the secret belongs (the shell puts it in the secret field
    /// itself, and `login IDENTIFIER` takes it from OPENMARKET_SECRET). The line fails with
    /// FILE:LINE before anything is sent, in a dry run too.
    func resolve(_ reference: String, on server: URL) throws(ExpansionError) -> String {
        // The environment's credentials belong to one server (`environmentServer`).
        if ["env.OPENMARKET_IDENTIFIER", "env.OPENMARKET_SECRET"].contains(reference), !shell.isEnvironmentServer(server) {
            let name = String(reference.dropFirst(4))
            throw ExpansionError(description: "${env.\(name)}: " + shell.environmentCredentialsRefusal(name, on: server))
        }
        let value = try names.resolve(reference)
        try refuseSecret(in: value, of: reference)
        return value
    }

    /// Refuses `value`, what `reference` stands for, when it holds the vendor secret (``resolve(_:on:)``).
    func refuseSecret(in value: String, of reference: String) throws(ExpansionError) {
        guard shell.secrets.occurs(in: value) else { return }
        throw ExpansionError(description: ScriptMessage.secretInLine(reference).text)
    }
}

/// A line that cannot run, with the step result that says why.
struct LineRejected: Error, Sendable {
    var result: CommandReport
}
