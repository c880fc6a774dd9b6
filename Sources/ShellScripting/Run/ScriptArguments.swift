import Foundation
import SellerShell
import TerminalText

/// The words after `openmarket test` or `openmarket run`: the files, and the options that say
/// how much the scripts are trusted. Every word that starts with `-` is an option this type
/// knows, or a usage error: a mistyped option is never graded as a file. A file whose name
/// starts with `-` is written `./-name.om`, or after `--`.
///
/// - `--untrusted` (`run`; always so for `test`): least privilege (see `AccessPolicy`).
/// - `--env NAME` (repeatable): an environment variable an untrusted script may read.
/// - `--read DIR` (repeatable): a folder an untrusted script may read besides its own.
/// - `--time-limit SECONDS` (`test`): each file's budget, 60 s by default.
/// - `--allow-force` (`run`): `--force` in the script may replace files.
public struct ScriptArguments: Sendable, Equatable {
    public enum Verb: String, Sendable { case run, test }

    public var verb: Verb
    public var files: [String] = []
    public var untrusted = false
    /// The environment variables the script may read (`--env NAME`).
    public var environment: [String] = []
    /// `--time-limit SECONDS`, whole seconds from 1 to a day; nil: the default.
    public var timeLimit: Int?
    public var allowForce = false
    /// `--read DIR` (repeatable): a folder the scripts may read besides their own (a class's
    /// shared photos).
    public var readFolders: [String] = []

    /// Each graded file's budget when `--time-limit` is not given.
    public static let standardTimeLimit = 60
    static let longestTimeLimit = 86_400

    public init(verb: Verb) { self.verb = verb }

    /// The budget of each graded file.
    public var budget: Duration { .seconds(timeLimit ?? Self.standardTimeLimit) }

    /// Whether the scripts run with least privilege: always under `test`.
    public var leastPrivilege: Bool { verb == .test || untrusted }

    /// Reads `words` (those after the verb). Throws one line saying what is wrong.
    public static func parse(_ verb: Verb, _ words: [String]) throws(ScriptArgumentError) -> ScriptArguments {
        var parsed = ScriptArguments(verb: verb)
        var index = 0
        var optionsEnded = false
        func value(for option: String) throws(ScriptArgumentError) -> String {
            index += 1
            guard index < words.count else { throw ScriptArgumentError("\(option) needs a value: \(usage(verb))") }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                parsed.files.append(word)
            } else {
                switch word {
                case "--": optionsEnded = true
                case "--untrusted" where verb == .run: parsed.untrusted = true
                case "--allow-force" where verb == .run: parsed.allowForce = true
                case "--env":
                    let name = try value(for: word)
                    guard ScriptArguments.isEnvironmentName(name) else {
                        throw ScriptArgumentError(ScriptMessage.envTakesName(shown(name)).text)
                    }
                    parsed.environment.append(name)
                case "--read":
                    let folder = try value(for: word)
                    guard !folder.isEmpty else {
                        throw ScriptArgumentError(ScriptMessage.readTakesFolder(usage: usage(verb)).text)
                    }
                    parsed.readFolders.append(folder)
                case "--time-limit" where verb == .test:
                    let text = try value(for: word)
                    guard let seconds = Int(text), (1...longestTimeLimit).contains(seconds) else {
                        throw ScriptArgumentError(ScriptMessage.timeLimit(max: longestTimeLimit, got: shown(text)).text)
                    }
                    parsed.timeLimit = seconds
                default:
                    throw ScriptArgumentError(
                        ScriptMessage.unknownOption(word: shown(word), verb: verb.rawValue, usage: usage(verb)).text)
                }
            }
            index += 1
        }
        try parsed.check()
        return parsed
    }

    private func check() throws(ScriptArgumentError) {
        switch verb {
        case .test:
            if files.isEmpty { throw ScriptArgumentError(ScriptMessage.testNeedsScripts(usage: Self.usage(verb)).text) }
        case .run:
            if files.isEmpty { throw ScriptArgumentError(ScriptMessage.runNeedsScript(usage: Self.usage(verb)).text) }
            if files.count > 1 {
                throw ScriptArgumentError(
                    ScriptMessage.oneScriptAtATime(got: files.map(Self.shown).joined(separator: " ")).text)
            }
            if untrusted, allowForce { throw ScriptArgumentError(ScriptMessage.allowForceNotUntrusted.text) }
            if !untrusted, !environment.isEmpty || !readFolders.isEmpty {
                throw ScriptArgumentError(ScriptMessage.envAndReadNeedUntrusted.text)
            }
        }
    }

    /// The verb's help: its usage line, what it does and its own options.
    public static func help(_ verb: Verb) -> String {
        Message.usage(usage(verb)).text + "\n\n" + (verb == .run ? ScriptMessage.runHelp : .testHelp).text
    }

    static func usage(_ verb: Verb) -> String {
        switch verb {
        case .test: "openmarket test [--env NAME]… [--read DIR]… [--time-limit SECONDS] FILE…"
        case .run: "openmarket run [--untrusted [--env NAME]… [--read DIR]…] [--allow-force] FILE"
        }
    }

    static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    /// A word as it may be shown in a message: control characters made visible, at most 80.
    static func shown(_ word: String) -> String {
        let visible = TerminalText.visible(word)
        return visible.unicodeScalars.count > 80
            ? String(String.UnicodeScalarView(visible.unicodeScalars.prefix(80))) + "…" : visible
    }
}

/// A usage error in the words after `test` or `run`: one line.
public struct ScriptArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
