import Foundation
import OpenMarketContract
import ProgramEntry

/// Starts and leaves as `ProgramEntry` says: usage errors exit with 2 in one line, other
/// errors are one `openmarket-server: …` sentence. It speaks the locale's language (`LANG`,
/// `LC_ALL`, `LC_MESSAGES`): its help, its usage errors and what it tells its operator. English
/// for what programs read: the completion scripts and the manual's dump.
extension OpenMarketServerCommand: ProgramEntry {
    static let programName = "openmarket-server"
    static let usageInOneLine = true

    static func main() async {
        let forPrograms = askForWhatProgramsRead(CommandLine.arguments.dropFirst())
        let language = forPrograms ? .en : Language.from(environment: ProcessInfo.processInfo.environment)
        await Language.$current.withValue(language) { await runMain() }
    }
}
