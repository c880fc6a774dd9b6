import ProgramEntry

/// Starts and leaves as `ProgramEntry` says: usage errors exit with 2 in one line, other
/// errors are one `openmarket-server: …` sentence.
extension OpenMarketServerCommand: ProgramEntry {
    static let programName = "openmarket-server"
    static let usageInOneLine = true

    static func main() async { await runMain() }
}
