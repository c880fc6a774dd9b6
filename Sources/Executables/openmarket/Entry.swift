import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The program's entry point and the way it leaves: ArgumentParser's own `main`, except that a
/// usage error exits with 2 (the documented usage status, the same a shell command's usage error
/// gets) instead of ArgumentParser's 64, and that any other error is printed as a sentence.
extension OpenMarketCommand {
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            leave(with: error)
        }
    }

    /// The exit status for `error`, and what is printed: help and `--version` on stdout with 0,
    /// usage errors with ArgumentParser's message on stderr and 2, `ExitCode` as it is (its
    /// message, if any, was printed already), anything else as one `openmarket: …` line and 1.
    static func leave(with error: any Error) -> Never {
        if let exit = error as? ExitCode { Glibc.exit(exit.rawValue) }
        let code = exitCode(for: error)
        if code == .success {
            print(fullMessage(for: error))
            Glibc.exit(0)
        }
        if code == .validationFailure {
            complain(fullMessage(for: error), prefixed: false)
            Glibc.exit(usageStatus)
        }
        complain(sentence(for: error))
        Glibc.exit(code.rawValue)
    }

    /// The documented status for a usage error, for the program's options as for a command's.
    static let usageStatus: Int32 = 2

    /// One line on stderr: `openmarket: TEXT`.
    static func complain(_ text: String, prefixed: Bool = true) {
        let line = (prefixed ? "openmarket: " : "") + text
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// What a person reads for `error`: its own description (`CustomStringConvertible`), else
    /// its `LocalizedError` description, else its `message` field. Never the dump
    /// `TypeName(field: value, …)` that string interpolation makes of a type without a
    /// description.
    ///
    /// Decided on the printed text rather than by casting: on Linux every error casts to
    /// `CustomStringConvertible` and `LocalizedError` through NSError, whose texts say nothing.
    static func sentence(for error: any Error) -> String {
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
        return text
    }
}
