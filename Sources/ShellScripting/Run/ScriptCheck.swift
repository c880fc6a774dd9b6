import Foundation
import OpenMarketContract
import SellerShell

/// A script is checked whole before its first request, as Hurl does: every line is split into
/// words once, its references filled with what is known before the run (literals, `set`,
/// `--var`, the environment) or, for an earlier line's result (`$mug`, `${mug.stock}`), a
/// stand-in of its type (``CheckedNames``), and parsed into its typed command through the
/// registry; the photos it names are read and probed (``PhotoCheck``). Every problem of every
/// line is listed as `FILE:LINE: message`, and nothing is sent. Lines after an `exit` are not
/// checked: they never run.
extension ScriptRuntime {
    /// The problems of `lines`, each `NAME:LINE: message` and its detail lines (none when every
    /// line may run), and the lines without variables already parsed. `paths`: where the
    /// script's photos are read from (its folder), as its lines will read them. With
    /// `unsetVariables` (a stepped run: a lesson in front of a class), a variable nothing
    /// defines is one of the problems; otherwise it fails when its line runs.
    func check(
        _ lines: [ScriptLine], name: String, on server: URL, paths: LocalPaths, unsetVariables: Bool = false
    ) -> ScriptCheck {
        var found: [String] = []
        var parsed: [Int: Invocation] = [:]
        var names = CheckedNames(state.variables)
        for line in lines {
            let checked = check(line, names: &names, on: server, paths: paths)
            // Without variables the line is what will run: kept, so that the run does not parse
            // it a second time.
            if let invocation = checked.parsed { parsed[line.number] = invocation }
            if let first = checked.problems.first {
                found.append("\(name):\(line.number): \(first)")
                found += checked.problems.dropFirst()
            }
            // Nothing after an `exit` ever runs (a script has no branches).
            if checked.exits { break }
        }
        return ScriptCheck(
            problems: unsetVariables ? found + self.unsetVariables(in: lines, name: name) : found, parsed: parsed)
    }

    /// One line: its problems, the invocation when it has no variables, and whether it exits.
    private func check(
        _ line: ScriptLine, names: inout CheckedNames, on server: URL, paths: LocalPaths
    ) -> (problems: [String], parsed: Invocation?, exits: Bool) {
        if let problem = line.problem { return ([problem], nil, false) }
        let text = Self.trimmed(line.text)
        guard !text.isEmpty else { return ([], nil, false) }
        let templates: [WordTemplate]
        do { templates = try WordSplitter.words(text) } catch {
            return (["\(spec(of: text)?.name ?? "line"): \(error.description)"], nil, false)
        }
        let holes = templates.contains { $0.literal == nil }
        var results: [(problems: [String], invocation: Invocation?)] = []
        for variant in holes ? CheckedNames.Variant.allCases : [.low] {
            let filled = fill(templates, names: names, variant, text: text, line: line, on: server)
            results.append(filled.invocation.map { (problems(of: $0, templates, paths: paths), $0) } ?? (filled.problems, nil))
            if results.last?.problems.isEmpty == true { break }
        }
        let invocation = results[0].invocation
        learn(from: invocation, holes: holes, names: &names)
        let command = invocation?.spec ?? registry.find(templates[0].literal?.text ?? "")?.spec
        return (
            Self.common(results.map(\.problems), spec: invocation?.spec ?? spec(of: text)), holes ? nil : invocation,
            command?.name == Exit.spec.name
        )
    }

    /// The words with their references filled for the check, parsed.
    private func fill(
        _ templates: [WordTemplate], names: CheckedNames, _ variant: CheckedNames.Variant, text: String, line: ScriptLine,
        on server: URL
    ) -> (problems: [String], invocation: Invocation?) {
        let words: [Word]
        do {
            words = try Expander.fill(templates) { reference throws(ExpansionError) in
                reference.hasPrefix("env.") ? try resolve(reference, on: server) : try names.value(reference, variant)
            }
        } catch {
            return (["\(spec(of: text)?.name ?? "line"): \(error.description)"], nil)
        }
        switch invocation(words, text: text, line: line, location: nil) {
        case .success(let invocation): return ([], invocation)
        case .failure(let rejected): return (rejected.result.failure, nil)
        }
    }

    /// What a line that parsed still has wrong before it runs: the photos it names, then what
    /// its fields break (`register` holds those to say with the photos'), as `register` says them.
    private func problems(of invocation: Invocation, _ templates: [WordTemplate], paths: LocalPaths) -> [String] {
        let spec = invocation.spec
        guard !spec.rawWords else { return [] }
        var found: [RuleViolation] = []
        if spec.fields.contains(.image) {
            let key = ProductField.image.rawValue + "="
            let photos = templates.dropFirst().compactMap(\.literal).filter { $0.text.hasPrefix(key) }.map {
                Word(String($0.text.dropFirst(key.count)), wasQuoted: $0.wasQuoted)
            }
            let resize = !templates.contains { $0.literal == Word("--no-resize") }
            found = PhotoCheck.problems(photos, resize: resize, paths: paths)
        }
        found += (invocation.command as? any HoldsFieldProblems)?.fieldProblems ?? []
        guard found.count > 1 else { return found.map { "\(spec.name): " + ShellSession.typed($0) } }
        return ["\(spec.name): " + Message.problemsNothingSent(count: found.count).text]
            + found.map { "  " + ShellSession.typed($0) }
    }

    /// What the names hold after a line: `set NAME VALUE` a value (known when the line had no
    /// variable), `… as NAME` and `last` a product.
    private func learn(from invocation: Invocation?, holes: Bool, names: inout CheckedNames) {
        guard let invocation else { return }
        if let set = invocation.command as? SetVariable, case .variable(let name, let value) = set.action {
            names[name] = holes ? .unknown : .text(value)
        }
        if let bound = invocation.bindAs { names[bound] = .product }
        if invocation.spec.returnsProduct { names["last"] = .product }
    }

    /// The problems a line has whatever its holes hold: all of them when it has no holes (one
    /// result), none when one variant passed, else those both variants found.
    static func common(_ results: [[String]], spec: CommandSpec?) -> [String] {
        guard let first = results.first, results.count > 1 else { return results.first ?? [] }
        guard !results.contains(where: \.isEmpty) else { return [] }
        if results.allSatisfy({ $0 == first }) { return first }
        let kept = first.filter { line in results.allSatisfy { $0.contains(line) } }
        guard let lead = kept.first, lead.hasPrefix(" ") else { return kept }
        let name = spec.map { "\($0.name): " } ?? ""
        if kept.count == 1 { return [name + lead.trimmingCharacters(in: .whitespaces)] }
        return [name + Message.problemsNothingSent(count: kept.count).text] + kept
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
            for reference in (try? WordSplitter.words(line.text))?.flatMap(\.references) ?? [] {
                uses.append((line.number, String(reference.prefix { $0 != "." })))
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

}

/// What checking a script found: its problems, and every line without variables parsed into the
/// command it runs (by line number), which the run takes instead of parsing the line again.
struct ScriptCheck {
    var problems: [String]
    var parsed: [Int: Invocation]
}
