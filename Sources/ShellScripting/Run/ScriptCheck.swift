import Foundation
import OpenMarketContract
import SellerShell

/// A script is checked whole before its first request, as Hurl does: every line that cannot
/// run whatever its variables will hold (an unknown command, an unknown flag or field, words
/// that do not parse, bytes that are not UTF-8) is listed as `FILE:LINE: message`, and nothing
/// is sent. A line with variables is checked as far as its literal words go; the rest is
/// expanded and checked when it runs, since only then are its variables known. Lines after an
/// `exit` are not checked: they never run.
extension ScriptRuntime {
    /// The problems of `lines`, each `NAME:LINE: message` and its detail lines (none when every
    /// line may run), and the lines without variables already parsed. With `unsetVariables` (a
    /// stepped run: a lesson in front of a class), a variable nothing defines is one of the
    /// problems; otherwise it fails when its line runs.
    func check(_ lines: [ScriptLine], name: String, on server: URL, unsetVariables: Bool = false) -> ScriptCheck {
        var found: [String] = []
        var parsed: [Int: Invocation] = [:]
        for line in lines {
            let failure: [String]
            // Without variables the line is what will run: parsed exactly as it will be, and
            // kept, so that the run does not parse it a second time.
            if line.problem == nil, !line.text.unicodeScalars.contains(.dollar) {
                switch prepare(line, location: nil, on: server) {
                case .success(let invocation):
                    parsed[line.number] = invocation
                    failure = []
                case .failure(let rejected): failure = rejected.result.failure
                }
            } else {
                failure = problem(with: line, on: server)
            }
            if let first = failure.first {
                found.append("\(name):\(line.number): \(first)")
                found += failure.dropFirst()
            }
            // Nothing after an `exit` ever runs (a script has no branches). A parsed line says
            // what it is; splitting every line into Characters again showed in a run's cost.
            if let invocation = parsed[line.number] {
                if invocation.spec.name == Exit.spec.name { break }
            } else if let first = line.text.split(whereSeparator: \.isWhitespace).first,
                registry.find(String(first))?.spec.name == Exit.spec.name
            {
                break
            }
        }
        return ScriptCheck(
            problems: unsetVariables ? found + self.unsetVariables(in: lines, name: name) : found, parsed: parsed)
    }

    /// Every `$NAME` that nothing defines (not the session, `--var`, a `set NAME` line, an
    /// `… as NAME`, nor the shell itself: `last`, `response`, `env`), once per name at its first
    /// line: a lesson stepped through without its `--var` says so before its first step, not
    /// halfway through the class. A script that sources another is not checked for them (the
    /// other may set anything).
    private func unsetVariables(in lines: [ScriptLine], name: String) -> [String] {
        var defined = Set(state.variables.values.keys).union(["last", "response", "env"])
        var uses: [(line: Int, name: String)] = []
        for line in lines {
            guard let words = try? WordSplitter.split(line.text), let first = words.first else { continue }
            let command = registry.find(first.text)?.spec.name
            if command == Source.spec.name { return [] }
            if command == SetVariable.spec.name, words.count == 3 { defined.insert(words[1].text) }
            if words.count > 2, words[words.count - 2].text == "as", !words[words.count - 2].wasQuoted {
                defined.insert(words[words.count - 1].text)
            }
            _ = try? Expander.expand(line.text) { reference in
                uses.append((line.number, String(reference.prefix { $0 != "." })))
                return "x"
            }
        }
        var said: Set<String> = []
        var found: [String] = []
        for use in uses where !defined.contains(use.name) && said.insert(use.name).inserted {
            found.append("\(name):\(use.line): " + Message.variableNotSet(use.name).text)
        }
        return found
    }

    /// Says the problems, then that nothing ran; the status a run with them ends with.
    func refuse(_ problems: [String], name: String) -> CommandStatus {
        for line in problems { console.note(line, kind: .error) }
        let count = problems.filter { $0.hasPrefix("\(name):") }.count
        console.note(Message.linesCannotRun(name: name, count: count).text)
        return .usage
    }

    /// What is wrong with a line that has variables (or a problem of its own) before it runs,
    /// as far as its literal words go (empty: nothing known yet).
    private func problem(with line: ScriptLine, on server: URL) -> [String] {
        if let problem = line.problem { return [problem] }
        guard let words = try? WordSplitter.split(line.text), let first = words.first,
            !first.text.unicodeScalars.contains(.dollar)
        else {
            return []
        }
        // A request typed by hand (`PATCH /api/…`) takes its words as they come.
        if registry.rawRequest(Array(words.prefix(2))) != nil { return [] }
        guard let command = registry.find(first.text) else {
            do {
                _ = try registry.parse([first])
            } catch {
                return ShellSession.lines(for: error, spec: nil)
            }
            return []
        }
        let spec = command.spec
        guard !spec.rawWords else { return [] }
        for word in words.dropFirst() where !word.wasQuoted && !word.text.unicodeScalars.contains(.dollar) {
            guard word.text.hasPrefix("--"), word.text.count > 2 else { continue }
            let flag = String(word.text.prefix { $0 != "=" })
            if spec.flag(flag) == nil { return ShellSession.lines(for: .usage("unknown option \(flag)"), spec: spec) }
        }
        return []
    }
}

/// What checking a script found: its problems, and every line without variables parsed into the
/// command it runs (by line number), which the run takes instead of parsing the line again.
struct ScriptCheck {
    var problems: [String]
    var parsed: [Int: Invocation]
}
