import Foundation
import ProgramEntry
import ShellScripting

/// Starts and leaves as `ProgramEntry` says: usage errors exit with 2, other errors are one
/// `openmarket: …` sentence.
extension OpenMarketCommand: ProgramEntry {
    static let programName = "openmarket"

    static func main() async {
        // Every command's spec is gathered (a few milliseconds of every start) on another core
        // while ArgumentParser reads the arguments, which takes about as long; whatever needs
        // the registry first waits for it to be made once.
        Thread.detachNewThread { _ = ScriptSession.registry }
        await runMain()
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
