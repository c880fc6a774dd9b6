import Foundation
import OpenMarketContract
import SellerShell

extension ScriptRuntime {
    /// Runs a line typed at the prompt or given with `-c`; failures are printed as they are.
    func executeTyped(_ line: String) async -> CommandReport {
        // A script's lines lose their comments when the file is read; a typed one here.
        let result = await step(ScriptLine(number: 0, text: ScriptReader.stripComment(line)), location: nil, in: context())
        for text in result.failure { console.note(text, kind: .error) }
        if let explanation = result.explanation { console.note(explanation) }
        shell.index.updateVariables(Array(state.variables.values.keys))
        return result
    }

    /// Expands, parses and runs one line in `context`; `parsed` is the line already parsed (one
    /// without variables, parsed by the script's check: it reads the same whenever it runs).
    func step(
        _ line: ScriptLine, parsed: Invocation? = nil, location: String?, in context: CommandContext
    ) async -> CommandReport {
        var invocation: Invocation
        if let parsed {
            invocation = parsed
            invocation.location = location
        } else {
            // The session as it is now (a line before may have connected elsewhere or logged
            // in), with this run's own part (its scope, its folder, its trace).
            let server = shell.index.server ?? context.client.baseURL
            switch prepare(line, location: location, on: server) {
            case .success(let prepared): invocation = prepared
            case .failure(let rejected): return rejected.result
            }
        }
        var report = await shell.perform(invocation, refreshing: context)
        if let dryRun { report.failure = report.failure.map { dryRun.withPlaceholders($0) } }
        return report
    }

    /// Expands the line's variables, splits it, takes off `as NAME` and parses the command:
    /// what the line asks for, before anything runs. Expansion sees the variables as they are
    /// now, so this comes right before the line runs.
    func prepare(_ line: ScriptLine, location: String?, on server: URL) -> Result<Invocation, LineRejected> {
        // On Unicode scalars: `trimmingCharacters(in:)` bridges through NSString, and splitting
        // the whole line into Characters only to read two words showed in every line's cost.
        let scalars = line.text.unicodeScalars
        // ASCII answered without a Unicode property lookup, which showed in every line's cost.
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0.isASCII ? ($0 == " " || ($0.value >= 0x09 && $0.value <= 0x0D)) : $0.properties.isWhitespace
        }
        let start = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
        let end = scalars.lastIndex { !isSpace($0) }.map(scalars.index(after:)) ?? start
        let text = String(scalars[start..<end])
        let leadingWords = text.unicodeScalars.split(maxSplits: 2, omittingEmptySubsequences: true, whereSeparator: isSpace)
        let firstWord = leadingWords.first.map { String($0) } ?? ""
        // `PATCH /api/products/3 …` is the raw request, not the `patch` command.
        let leading = leadingWords.prefix(2).map { Word(String($0)) }
        let spec = (registry.rawRequest(leading) ?? registry.find(firstWord))?.spec
        let name = spec?.name ?? firstWord
        func rejected(_ message: String) -> Result<Invocation, LineRejected> {
            .failure(LineRejected(result: CommandReport(status: .usage, failure: ["\(name): \(message)"])))
        }
        guard !text.isEmpty else { return .failure(LineRejected(result: CommandReport(status: .ok))) }
        if let problem = line.problem { return .failure(LineRejected(result: CommandReport(status: .usage, failure: [problem]))) }
        var words: [Word]
        do {
            words = try WordSplitter.split(try expand(text, on: server))
        } catch let error as ExpansionError {
            return rejected(error.description)
        } catch {
            return rejected("\(error)")
        }
        let bindAs: String?
        do {
            bindAs = try takeName(&words)
            let command = try registry.parse(words)
            return .success(
                Invocation(command, text: text, location: location, line: (line.number, line.hash), bindAs: bindAs))
        } catch {
            let lines = ShellSession.lines(for: error, spec: spec)
            return .failure(LineRejected(result: CommandReport(status: error.status, failure: lines)))
        }
    }

    /// `… as NAME` at the end of a command names the product it returns.
    private func takeName(_ words: inout [Word]) throws(CommandFailure) -> String? {
        guard words.count >= 3, words[words.count - 2].text == "as", !words[words.count - 2].wasQuoted else { return nil }
        let bound = words[words.count - 1].text
        if let problem = ScriptVariables.checkName(bound) { throw .usage(problem) }
        let name = words[0].text
        guard let spec = registry.find(name)?.spec, spec.returnsProduct else {
            let naming = registry.specs.filter(\.returnsProduct).map(\.name)
            let list = naming.dropLast().joined(separator: ", ") + " and " + (naming.last ?? "")
            throw .usage("'as \(bound)' names a product, and '\(name)' returns none (\(list) do)")
        }
        words.removeLast(2)
        return bound
    }

    /// The line with its variables put in. A value holding the secret is refused rather than
    /// masked: a masked value would send "••••••" as a description or price without a word, and
    /// there is no command in which the secret belongs (the shell puts it in the secret field
    /// itself, and `login IDENTIFIER` takes it from OPENMARKET_SECRET). The line fails with
    /// FILE:LINE before anything is sent, in a dry run too.
    private func expand(_ text: String, on server: URL) throws(ExpansionError) -> String {
        let variables = state.variables
        let secrets = shell.secrets
        // The environment's credentials belong to one server (`environmentServer`).
        return try Expander.expand(text) { [shell] reference throws(ExpansionError) in
            if ["env.OPENMARKET_IDENTIFIER", "env.OPENMARKET_SECRET"].contains(reference), !shell.isEnvironmentServer(server) {
                let name = String(reference.dropFirst(4))
                throw ExpansionError(description: "${env.\(name)}: " + shell.environmentCredentialsRefusal(name, on: server))
            }
            let value = try variables.resolve(reference)
            if secrets.occurs(in: value) {
                throw ExpansionError(
                    description: "${\(reference)} holds the vendor secret, which never goes into a command "
                        + "(the shell sends it only as the secret field): remove it from the line")
            }
            return value
        }
    }
}

/// A line that cannot run, with the step result that says why.
struct LineRejected: Error, Sendable {
    var result: CommandReport
}
