import ArgumentParser
import Foundation
import OpenMarketContract
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// How both programs (`openmarket`, `openmarket-server`) start and leave: ArgumentParser's
/// own `main`, except that a usage error exits with 2 (the documented usage status, the same a
/// shell command's usage error gets) instead of ArgumentParser's 64, and that any other error
/// is printed as one sentence, never as a type dump.
///
/// A program's root command conforms and calls `runMain()` from its `main()`.
public protocol ProgramEntry: ParsableCommand {
    /// The name that starts each complaint (`openmarket: …`).
    static var programName: String { get }
    /// Whether a usage error is one line (`…; see 'PROGRAM --help'`) rather than
    /// ArgumentParser's message with its usage block.
    static var usageInOneLine: Bool { get }
    /// The arguments as the program parses them (a program may rewrite some, such as
    /// `COMMAND --help`, before ArgumentParser takes `--help` for its own).
    static func arguments(_ given: [String]) -> [String]
    /// The help, or a usage error with its usage block, as printed: ArgumentParser's own words
    /// (its headings) in the reader's language, `Language.current` (`ArgumentParserWords`).
    static func inReadersLanguage(_ text: String) -> String
}

extension ProgramEntry {
    public static var usageInOneLine: Bool { false }

    public static func arguments(_ given: [String]) -> [String] { given }

    public static func inReadersLanguage(_ text: String) -> String {
        ArgumentParserWords.framed(text, program: programName)
    }

    /// Whether `arguments` (before a `--`) ask for what programs read, the completion scripts or
    /// the manual's dump: made in English, whatever the reader's language.
    ///
    /// Over an array slice, not any collection: called from another module, a generic one had
    /// the runtime look up its collection's conformance, a scan of every conformance record of
    /// the binary on the way to the prompt (`ParseWarmUp` says why that costs).
    public static func askForWhatProgramsRead(_ arguments: ArraySlice<String>) -> Bool {
        for word in arguments {
            if word == "--" { return false }
            if word.hasPrefix("--generate-completion-script") || word == "--experimental-dump-help" { return true }
        }
        return false
    }

    /// The documented status for a usage error, for a program's options as for a command's.
    public static var usageStatus: Int32 { 2 }

    /// Parses the arguments and runs the command, leaving through `leave(with:)` on an error.
    public static func runMain() async {
        await run(parsedCommand())
    }

    /// The command the arguments ask for, or leaves through `leave(with:)` (help, `--version`,
    /// a usage error). Synchronous, so that a program can parse where it starts (the main
    /// thread) rather than after its first hop to the concurrency pool.
    public static func parsedCommand() -> sending ParsableCommand {
        defer { ParseWarmUp.parseEnded.store(true, ordering: .relaxed) }
        let words = arguments(Array(CommandLine.arguments.dropFirst()))
        do {
            return try CompletionCheck.skipped(unless: askForWhatProgramsRead(words[...])) { try parseAsRoot(words) }
        } catch {
            leave(with: error)
        }
    }

    /// Runs a parsed command, leaving through `leave(with:)` on an error; an async one ends the
    /// program (`run(async:)`).
    public static func run(_ parsed: sending ParsableCommand) async {
        var command = parsed
        if let asyncCommand = command as? AsyncParsableCommand { await run(async: asyncCommand) }
        do {
            try command.run()
        } catch {
            leave(with: error)
        }
    }

    /// Runs an async command and ends the program, through `leave(with:)` on an error: for a
    /// program that knows its command's type, without the cast `run(_:)` makes (a scan of every
    /// protocol conformance in the binary).
    public static func run(async parsed: sending some AsyncParsableCommand) async -> Never {
        var command = parsed
        do {
            try await command.run()
        } catch {
            leave(with: error)
        }
        // Left from here, as a failure is: returning would hand the end to the main thread, for
        // which Dispatch starts a thread of its own just to call `exit` (0.4 ± 0.2 ms of a one-line
        // script, 40 interleaved pairs).
        Glibc.exit(0)
    }

    /// The exit status for `error`, and what is printed: help and `--version` on stdout with 0,
    /// usage errors on stderr with 2, `ExitCode` as it is (its message, if any, was printed
    /// already), anything else as one `PROGRAM: …` line and 1.
    public static func leave(with error: any Error) -> Never {
        if let exit = error as? ExitCode { Glibc.exit(exit.rawValue) }
        let code = exitCode(for: error)
        if code == .success {
            print(inReadersLanguage(fullMessage(for: error)))
            Glibc.exit(0)
        }
        if code == .validationFailure {
            if usageInOneLine {
                complain(usageLine(for: error))
            } else {
                complain(inReadersLanguage(fullMessage(for: error)), prefixed: false)
            }
            Glibc.exit(usageStatus)
        }
        complain(sentence(for: error))
        Glibc.exit(code.rawValue)
    }

    /// A usage error in one line: ArgumentParser's message without its usage block, and where
    /// to look.
    static func usageLine(for error: any Error) -> String {
        var text = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        text = text.split(separator: "\n").first.map(String.init) ?? text
        if Language.current != .en, let translated = ArgumentParserWords.translatedError(text) { text = translated }
        return text + ArgumentParserWords.seeHelpInOneLine(program: programName).text
    }

    /// One line on stderr: `PROGRAM: TEXT`.
    public static func complain(_ text: String, prefixed: Bool = true) {
        let line = (prefixed ? "\(programName): " : "") + text
        StandardStreams.write(line.hasSuffix("\n") ? line : line + "\n", to: STDERR_FILENO)
    }

    /// What a person reads for `error`: its own description (`CustomStringConvertible`), else
    /// its `LocalizedError` description, else its `message` or `reason` field. Never the dump
    /// `TypeName(field: value, …)` that string interpolation makes of a type without a
    /// description.
    ///
    /// Decided on the printed text rather than by casting: on Linux every error casts to
    /// `CustomStringConvertible` and `LocalizedError` through NSError, whose texts say nothing.
    public static func sentence(for error: any Error) -> String {
        let text = String(describing: error)
        guard text.hasPrefix(String(describing: type(of: error)) + "(") else { return text }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription,
            !description.hasPrefix("The operation could not be completed")
        {
            return description
        }
        let fields = Mirror(reflecting: error).children
        for label in ["message", "reason"] {
            if let value = fields.first(where: { $0.label == label })?.value as? String { return value }
        }
        return "failed: \(type(of: error))"
    }
}
