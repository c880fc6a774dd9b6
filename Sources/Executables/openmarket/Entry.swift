import Foundation
import OpenMarketAPI
import OpenMarketContract
import ProgramEntry
import SellerShell
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
        Beside.start { getReady() }
        // Only the locale's variables: the environment is read whole beside.
        let language = language(for: Array(CommandLine.arguments.dropFirst())) { getenv($0).map { String(cString: $0) } }
        await Language.$current.withValue(language) {
            // What is parsed is an OpenMarketCommand (or ArgumentParser's help), run as one: a
            // cast to the type compares types, where ProgramEntry's `as? AsyncParsableCommand`
            // would scan every protocol conformance of the binary, on the way to the prompt.
            let parsed = parsedCommand()
            guard let command = parsed as? OpenMarketCommand else { return await run(parsed) }
            await run(async: command)
        }
    }

    /// What every run needs and the arguments do not change, made on another core while
    /// ArgumentParser reads them on the main thread (1.5 ms, the start's longest step): whatever
    /// needs one of these first waits for it to be made once, or finds it made. For a script,
    /// libcrypto first: a thread starting while it is opened waits for the loader's lock. Then
    /// the concurrency pool's threads, started by a task that builds the command registry: the
    /// main thread's first hop, once the arguments are parsed, finds a thread waiting (starting
    /// one then cost the prompt a millisecond). Then the conformance lookups the parse makes
    /// (`ParseWarmUp`), and the run's own first uses: the environment, and Foundation's files,
    /// URLs and strings (the profiles folder, the history file, a server's address); for a
    /// script, the HTTP client its first line will send with.
    static func getReady() {
        // A script to run: its lines are hashed as soon as it is read, and the first digest opens
        // libcrypto. Guessed from the words, as the arguments are not parsed yet: a wrong guess
        // only opens the library early, and starts the client's loop.
        let script = CommandLine.arguments.dropFirst().contains(where: { $0 == "run" || $0 == "test" })
        if script { ScriptSession.prepareToRead() }
        Task.detached { _ = ScriptSession.registry }
        ParseWarmUp.lookUp(for: OpenMarketCommand.self, codingKeys: codingKeys)
        _ = environment
        _ = ProfileStore(directory: ProfileStore.directory(environment)).names()
        _ = historyFile(environment)
        _ = try? serverURL("http://127.0.0.1", from: .option)
        // Needed last, once the script is read and checked: its first request's client.
        if script { AsyncHTTPClientTransport.prepareShared() }
    }

    /// The language the arguments are read and answered in, before they are parsed (help and
    /// usage errors come from parsing): `--lang`, else the locale's. English for what programs
    /// read: the completion scripts and the manual's dump (`scripts/install`).
    static func language(for arguments: [String], _ variable: (String) -> String?) -> Language {
        if askForWhatProgramsRead(arguments[...]) { return .en }
        let options = arguments.prefix { $0 != "--" }
        for (index, word) in options.enumerated() {
            if word.hasPrefix("--lang="), let chosen = Language(choice: String(word.dropFirst("--lang=".count))) {
                return chosen
            }
            if word == "--lang", index + 1 < options.count, let chosen = Language(choice: options[options.startIndex + index + 1])
            {
                return chosen
            }
        }
        return Language.from(variable: variable)
    }

    /// `openmarket list --help` is `openmarket help list`: the shell command's help, not the
    /// program's (which `openmarket --help` prints). So are `run FILE --help` and `test -h`: those
    /// verbs read their own words, and their help is theirs (`Request.verbHelp`). The program's
    /// options may come first (`openmarket --lang ko test -h`); a word after `--` is a file's name.
    static func arguments(_ given: [String]) -> [String] {
        // Most starts ask for no help: the registry is not looked at for them.
        guard given.contains("--help") || given.contains("-h") else { return given }
        let words = given.prefix { $0 != "--" }
        guard
            let index = words.firstIndex(where: {
                ScriptArguments.Verb(rawValue: $0) != nil || ScriptSession.registry.find($0) != nil
            }), given[index] != "help"
        else { return given }
        let after = words[(index + 1)...]
        let verb = ScriptArguments.Verb(rawValue: given[index]) != nil
        guard after.contains("--help") || (verb && after.contains("-h")) else { return given }
        return Array(given[..<index]) + ["help", given[index]]
    }
}
