import Foundation
import OpenMarketContract
import ProgramEntry
import ShellScripting

/// Starts and leaves as `ProgramEntry` says: usage errors exit with 2, other errors are one
/// `openmarket: …` sentence.
extension OpenMarketCommand: ProgramEntry {
    static let programName = "openmarket"

    /// The process's environment, read once: Foundation builds a new dictionary of it on every
    /// `ProcessInfo.processInfo.environment`, and the start asked for it five times. Nothing
    /// here sets a variable.
    static let environment = ProcessInfo.processInfo.environment

    static func main() async {
        // The registry (every command's type, found by its `commandNames`; the specs are made
        // when each command is first used) is made on the concurrency pool while ArgumentParser
        // reads the arguments here, on the main thread; whatever needs it first waits for it to
        // be made once. The pool's thread, started for it, is ready when the run hops there.
        Task.detached { _ = ScriptSession.registry }
        // A script to run: its lines are hashed as soon as it is read, and the first digest opens
        // libcrypto, which is opened meanwhile on another thread. Guessed from the words, as the
        // arguments are not parsed yet: a wrong guess only opens the library early.
        if CommandLine.arguments.dropFirst().contains(where: { $0 == "run" || $0 == "test" }) {
            ScriptSession.prepareToRead()
        }
        let language = language(for: Array(CommandLine.arguments.dropFirst()), environment)
        await Language.$current.withValue(language) {
            // What is parsed is an OpenMarketCommand (or ArgumentParser's help), run as one: a
            // cast to the type compares types, where ProgramEntry's `as? AsyncParsableCommand`
            // would scan every protocol conformance of the binary, on the way to the prompt.
            let parsed = parsedCommand()
            guard let command = parsed as? OpenMarketCommand else { return await run(parsed) }
            await run(async: command)
        }
    }

    /// The language the arguments are read and answered in, before they are parsed (help and
    /// usage errors come from parsing): `--lang`, else the locale's. English for what programs
    /// read: the completion scripts and the manual's dump (`scripts/install`).
    static func language(for arguments: [String], _ environment: [String: String]) -> Language {
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { $0.hasPrefix("--generate-completion-script") || $0 == "--experimental-dump-help" }) {
            return .en
        }
        for (index, word) in options.enumerated() {
            if word.hasPrefix("--lang="), let chosen = Language(choice: String(word.dropFirst("--lang=".count))) {
                return chosen
            }
            if word == "--lang", index + 1 < options.count, let chosen = Language(choice: options[options.startIndex + index + 1])
            {
                return chosen
            }
        }
        return Language.from(environment: environment)
    }

    /// `openmarket list --help` is `openmarket help list`: the shell command's help, not the
    /// program's (which `openmarket --help` prints).
    static func arguments(_ given: [String]) -> [String] {
        guard given.contains("--help"), let index = given.firstIndex(where: { ScriptSession.registry.find($0) != nil }),
            given[(index + 1)...].contains("--help"), given[index] != "help"
        else { return given }
        return Array(given[..<index]) + ["help", given[index]]
    }
}
