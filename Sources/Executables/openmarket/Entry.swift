import ProgramEntry

/// Starts and leaves as `ProgramEntry` says: usage errors exit with 2, other errors are one
/// `openmarket: …` sentence.
extension OpenMarketCommand: ProgramEntry {
    static let programName = "openmarket"

    static func main() async { await runMain() }
}
