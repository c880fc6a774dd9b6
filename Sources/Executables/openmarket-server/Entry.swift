import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// ArgumentParser's own `main`, except that a usage error exits with 2 (as `openmarket`'s do)
/// instead of ArgumentParser's 64, and any other error is one `openmarket-server: …` sentence.
extension OpenMarketServerCommand {
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

    /// Help and `--version` on stdout with 0; usage errors in one line on stderr with 2; `ExitCode` as it is;
    /// anything else as one line and 1.
    static func leave(with error: any Error) -> Never {
        if let exit = error as? ExitCode { Glibc.exit(exit.rawValue) }
        let code = exitCode(for: error)
        if code == .success {
            print(fullMessage(for: error))
            Glibc.exit(0)
        }
        if code == .validationFailure {
            complain(usageLine(for: error))
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
        return text + "; see 'openmarket-server --help'"
    }

    /// The status for a usage error, the same as `openmarket`'s.
    static let usageStatus: Int32 = 2

    /// One line on stderr: `openmarket-server: TEXT`.
    static func complain(_ text: String, prefixed: Bool = true) {
        let line = (prefixed ? "openmarket-server: " : "") + text
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }

    /// An error as a sentence: its description, else its `LocalizedError` text, never the dump
    /// `TypeName(field: value)` that interpolation makes of a type without a description.
    static func sentence(for error: any Error) -> String {
        let text = String(describing: error)
        guard text.hasPrefix(String(describing: type(of: error)) + "(") else { return text }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription,
            !description.hasPrefix("The operation could not be completed")
        {
            return description
        }
        return "failed: \(type(of: error))"
    }
}
