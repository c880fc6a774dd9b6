import OpenMarketContract
import SellerShell

/// Lines typed to a bare `ShellSession`, for the tests of `SellerShell` alone. The program runs
/// every line one way, through the scripting layer (`ScriptSession.execute`, which also fills
/// variables and checks a line before it is sent); a `ShellSession` itself runs only typed
/// commands (`perform`). These split and parse a line as that layer does, without variables.
extension ShellSession {
    /// Runs one input line; every failure becomes a line on the console and a status.
    public func execute(_ line: String) async -> CommandReport {
        await Language.$current.withValue(context().settings.language) {
            let words: [Word]
            do {
                words = try WordSplitter.split(line)
            } catch {
                console.note("error: \(error)", kind: .error)
                return CommandReport(status: .usage)
            }
            let report = await perform(words, text: line)
            for line in report.failure { console.note(line, kind: .error) }
            if let explanation = report.explanation { console.note(explanation) }
            return report
        }
    }

    /// Parses and runs one command already split into words, leaving the failure text to the
    /// caller.
    public func perform(_ words: [Word], text: String? = nil) async -> CommandReport {
        guard !words.isEmpty else { return CommandReport(status: .ok) }
        let command: any ShellCommand
        do {
            command = try registry.parse(words)
        } catch {
            let spec = registry.find(words[0].text)?.spec
            return CommandReport(
                status: error.status, failure: Self.lines(for: error, spec: spec), usage: Self.usage(for: error, spec: spec))
        }
        return await perform(Invocation(command, text: text ?? words.map(\.text).joined(separator: " ")))
    }
}
