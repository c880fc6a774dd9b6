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
    /// script's photos are read from (its folder), as its lines will read them. A variable that
    /// nothing before its line defines (not the session, `--var`, a `set NAME` line, an `… as
    /// NAME`, nor a line returning a product for `$last`) is one of the problems, once a name at
    /// its first line, unless a `source` line came before (the file sourced may set anything).
    /// `stepped`: a lesson in front of a class, whose missing `--var` is said as such.
    /// `photosSent`: lines whose photos are not read (a resumed run's done lines: they may be
    /// gone). `unsaid`: lines checked for what they define but whose problems are not said (a
    /// resumed run's done lines, which do not run again and may have read a `--var` given then;
    /// the lines `lint` marks rather than refuses).
    func check(
        _ lines: [ScriptLine], name: String, on server: URL, paths: LocalPaths, stepped: Bool = false,
        photosSent: Set<Int> = [], unsaid: Set<Int> = []
    ) -> ScriptCheck {
        var found = ScriptCheck()
        var names = CheckedNames(self.names.variables)
        var undefined = UndefinedNames(stepped: stepped)
        // No one to answer a question (a pipe, a file, a run without `--step` in a terminal).
        let unattended = !console.isInteractive
        found.parsed.reserveCapacity(lines.count)
        for line in lines {
            let checked = check(
                line, names: &names, on: server, paths: photosSent.contains(line.number) ? nil : paths,
                unattended: unattended)
            // Without variables the line is what will run: kept, so that the run does not parse
            // it a second time.
            if let invocation = checked.parsed { found.parsed[line.number] = invocation }
            // `FILE:LINE` made only for a line with problems: most have none.
            let unset = undefined.problems(checked)
            let problems = checked.problems.lines
            if !unsaid.contains(line.number), !unset.isEmpty || !problems.isEmpty {
                let location = "\(name):\(line.number)"
                for problem in unset { found.add([problem], at: location) }
                found.add(problems, at: location)
            }
            // Nothing after an `exit` ever runs (a script has no branches).
            if checked.exits { break }
        }
        return found
    }

    /// One line, split once: its problems, the invocation when it has no variables, and what it
    /// reads and is. `paths`: where its photos are read from; nil when they are not read.
    /// `unattended`: no one will answer its questions.
    private func check(
        _ line: ScriptLine, names: inout CheckedNames, on server: URL, paths: LocalPaths?, unattended: Bool
    ) -> CheckedLine {
        if let problem = line.problem { return CheckedLine(problems: LineProblems(failure: [problem])) }
        let text = Self.trimmed(line.text)
        guard !text.isEmpty else { return CheckedLine() }
        let templates: [WordTemplate]
        do { templates = try WordSplitter.words(text) } catch {
            return CheckedLine(problems: LineProblems(failure: ["\(spec(of: text)?.name ?? "line"): \(error.description)"]))
        }
        let holes = templates.contains { $0.literal == nil }
        var problems: LineProblems?
        var invocation: Invocation?
        // A line with holes is tried with each variant of their stand-ins: a problem counts
        // when every variant has it (a stand-in never makes one of its own).
        for variant in holes ? CheckedNames.Variant.allCases : [.low] {
            let filled = fill(templates, names: names, variant, text: text, line: line, on: server)
            let found =
                filled.invocation.map { self.problems(of: $0, templates, paths: paths, unattended: unattended) }
                ?? filled.problems
            if invocation == nil { invocation = filled.invocation }
            problems = problems.map { $0.common(with: found) } ?? found
            if problems?.isEmpty == true { break }
        }
        // What the line reads that nothing has defined by now (before what it defines itself).
        let unset =
            holes ? templates.flatMap(\.references).map { String($0.prefix { $0 != "." }) }.filter { names[$0] == nil } : []
        // By the command's type when it parsed.
        let command = invocation.map { type(of: $0.command) } ?? registry.find(templates[0].literal?.text ?? "")
        learn(from: invocation, holes: holes, names: &names)
        if invocation == nil { learnUnparsed(templates, command: command, names: &names) }
        return CheckedLine(
            problems: problems ?? LineProblems(), parsed: holes ? nil : invocation, exits: command == Exit.self,
            unset: unset, command: unset.isEmpty ? "line" : spec(of: text)?.name ?? "line", sources: command == Source.self)
    }

    /// What a line that does not parse would have defined had it parsed (`… as NAME`, `$last`
    /// after a command returning a product): known to hold something, so that the lines after
    /// it are not also said to read an undefined name.
    private func learnUnparsed(_ templates: [WordTemplate], command: (any ShellCommand.Type)?, names: inout CheckedNames) {
        if templates.count >= 3, let bound = Self.nameAfterAs(templates.map(\.literal)), names[bound] == nil {
            names[bound] = .unknown
        }
        if let command, Self.mayBindLast(command.spec), names["last"] == nil {
            names["last"] = .unknown
        }
    }

    /// The words with their references filled for the check, parsed.
    private func fill(
        _ templates: [WordTemplate], names: CheckedNames, _ variant: CheckedNames.Variant, text: String, line: ScriptLine,
        on server: URL
    ) -> (problems: LineProblems, invocation: Invocation?) {
        let words: [Word]
        do {
            words = try Expander.fill(templates) { reference throws(ExpansionError) in
                guard !reference.hasPrefix("env.") else { return try resolve(reference, on: server) }
                let value = try names.value(reference, variant)
                // A known value is refused as the run refuses it (a stand-in is never the secret).
                if case .text? = names[String(reference.prefix { $0 != "." })] { try refuseSecret(in: value, of: reference) }
                return value
            }
        } catch {
            return (LineProblems(failure: ["\(spec(of: text)?.name ?? "line"): \(error.description)"]), nil)
        }
        switch invocation(words, text: text, line: line, location: nil) {
        case .success(let invocation): return (LineProblems(), invocation)
        case .failure(let rejected): return (LineProblems(failure: rejected.result.failure), nil)
        }
    }

    /// What a script's line that parsed still has wrong before it runs (``problems(of:photos:resize:paths:)``),
    /// its photos those written without a variable, and, `unattended`, what it cannot do with no
    /// one to answer (`ShellCommand.unattendedProblem`).
    private func problems(
        of invocation: Invocation, _ templates: [WordTemplate], paths: LocalPaths?, unattended: Bool
    ) -> LineProblems {
        let spec = invocation.spec
        // The words are searched for photos only in a command that takes them (most do not).
        var photos: [Word] = []
        var resize = true
        if paths != nil, spec.fields.contains(.image) {
            let key = ProductField.image.rawValue + "="
            photos = templates.dropFirst().compactMap(\.literal).filter { $0.text.hasPrefix(key) }.map {
                Word(String($0.text.dropFirst(key.count)), wasQuoted: $0.wasQuoted)
            }
            resize = !templates.contains { $0.literal == Word("--no-resize") }
        }
        var found = problems(of: invocation, spec: spec, photos: photos, resize: resize, paths: paths)
        // The type compared first: a cast out of the existential is a runtime call, on every line.
        if type(of: invocation.command) == Register.self, let register = invocation.command as? Register {
            found.failure += Self.missing(register)
        }
        if unattended, let problem = invocation.command.unattendedProblem {
            found.failure.append("\(spec.name): " + problem.text)
        }
        return found
    }

    /// What a script's `register` leaves out, each as the run says it (`register: currency= is
    /// required (…)`): a script has no one to ask (a typed line asks for them).
    static func missing(_ register: Register) -> [String] {
        let fields = [ProductField.name, .description, .price, .currency].filter { !register.fields.order.contains($0) }
        return (fields + (register.images.isEmpty ? [.image] : [])).map {
            "\(Register.spec.name): " + Message.fieldRequired(field: $0.key, rule: $0.rule).text
        }
    }

    /// What a line that parsed still has wrong before it runs: the photos it names (unless
    /// `paths` is nil: not read), then what its fields break (`register` holds those to say with
    /// the photos'), as `register` says them.
    func problems(of invocation: Invocation, photos: [Word], resize: Bool, paths: LocalPaths?) -> LineProblems {
        problems(of: invocation, spec: invocation.spec, photos: photos, resize: resize, paths: paths)
    }

    /// `problems(of:photos:resize:paths:)`, with the invocation's spec already taken.
    private func problems(
        of invocation: Invocation, spec: CommandSpec, photos: [Word], resize: Bool, paths: LocalPaths?
    ) -> LineProblems {
        guard !spec.rawWords else { return LineProblems() }
        var found: [RuleViolation] = []
        if let paths, spec.fields.contains(.image) { found = PhotoCheck.problems(photos, resize: resize, paths: paths) }
        // Only a command with fields holds their problems: the cast is not made for the others.
        if !spec.fields.isEmpty { found += (invocation.command as? any HoldsFieldProblems)?.fieldProblems ?? [] }
        return LineProblems(command: spec.name, violations: found)
    }

    /// What the names hold after a line: `set NAME VALUE` a value (known when the line had no
    /// variable), `… as NAME` and `last` a product.
    private func learn(from invocation: Invocation?, holes: Bool, names: inout CheckedNames) {
        guard let invocation else { return }
        if type(of: invocation.command) == SetVariable.self, let set = invocation.command as? SetVariable,
            case .variable(let name, let value) = set.action
        {
            names[name] = holes ? .unknown : .text(value)
        }
        if let bound = invocation.bindAs { names[bound] = .product }
        let spec = invocation.spec
        if spec.returnsProduct {
            names["last"] = .product
        } else if Self.mayBindLast(spec), names["last"] == nil {
            names["last"] = .unknown
        }
    }

    /// Whether a command that returns no product itself may still name one `last` when it runs:
    /// any that goes to the market (an `import` runs a command a row, each binding `last`), so
    /// `$last` is said undefined only before every such line.
    static func mayBindLast(_ spec: CommandSpec) -> Bool {
        spec.effect != .none && spec.effect != .session
    }

    /// Says the problems, then that nothing ran; the status a run with them ends with.
    /// `sourced`: a file a running script sources, whose own lines are what was not sent (the
    /// lines before its `source` line ran).
    func refuse(_ checked: ScriptCheck, name: String, sourced: Bool = false) -> CommandStatus {
        for line in checked.problems { console.note(line, kind: .error) }
        let count = checked.problemCount
        console.note(
            (sourced
                ? ScriptMessage.sourcedLinesCannotRun(name: name, count: count)
                : ScriptMessage.linesCannotRun(name: name, count: count)).text)
        return .usage
    }
}

/// What checking a script found: its problems as written, each `FILE:LINE: message` and its
/// detail lines, how many there are, and every line without variables parsed into the command
/// it runs (by line number), which the run takes instead of parsing the line again.
struct ScriptCheck {
    private(set) var problems: [String] = []
    private(set) var problemCount = 0
    var parsed: [Int: Invocation] = [:]

    /// One problem's lines, the first headed with its `FILE:LINE`.
    mutating func add(_ lines: [String], at location: String) {
        guard let first = lines.first else { return }
        problems.append("\(location): \(first)")
        problems += lines.dropFirst()
        problemCount += 1
    }
}

/// What the check found of one line: its problems, the command it runs when it has no
/// variables, whether it is an `exit` or a `source`, and the variables it reads.
struct CheckedLine {
    var problems = LineProblems()
    var parsed: Invocation?
    var exits = false
    /// The names it reads that nothing before it defines.
    var unset: [String] = []
    /// The command's name, as its failures are headed.
    var command = "line"
    var sources = false
}

/// The names a script's lines read before anything defines them, said once a name at its first
/// line, until a `source` line (which may set anything). `response` and `env` are the shell's
/// own; `$last` before any command has returned a product is said as the run says it.
struct UndefinedNames {
    let stepped: Bool
    private var said: Set<String> = ["response", "env"]
    private var sourced = false

    init(stepped: Bool) { self.stepped = stepped }

    /// What `line` reads undefined, each a problem's line; then notes whether it sources a file.
    mutating func problems(_ line: CheckedLine) -> [String] {
        defer { sourced = sourced || line.sources }
        guard !sourced else { return [] }
        return line.unset.filter { said.insert($0).inserted }.map { name in
            if name == "last" { return "\(line.command): " + ScriptMessage.lastUndefined.text }
            // A lesson is given its values with --var: said so.
            if stepped { return ScriptMessage.variableNotSet(name).text }
            return "\(line.command): " + ScriptMessage.undefinedVariable(name).text
        }
    }
}

/// What is wrong with one line, typed until it is written: why it does not read or parse
/// (said as the shell says a failure), or what the command it parses into breaks (its photos,
/// its fields).
struct LineProblems: Equatable {
    var failure: [String] = []
    /// The command the violations are of, which heads them.
    var command = ""
    var violations: [RuleViolation] = []

    var isEmpty: Bool { failure.isEmpty && violations.isEmpty }

    /// What this and `other` both have: the line's own problems, whatever its holes hold.
    func common(with other: LineProblems) -> LineProblems {
        LineProblems(
            failure: failure == other.failure ? failure : [], command: command,
            violations: violations.filter(other.violations.contains))
    }

    /// As `register` says them: one in a line, more under a count.
    var lines: [String] {
        guard violations.count > 1 else { return failure + violations.map { "\(command): " + ShellSession.typed($0) } }
        return failure + ["\(command): " + Message.problemsNothingSent(count: violations.count).text]
            + violations.map { "  " + ShellSession.typed($0) }
    }
}
