import ArgumentParser
import Foundation
import OpenMarketServer
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `reset`: empties a market's catalog, keeping its vendors.
struct Reset: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove every product and its images, keeping the vendors (asks first in a terminal).")
    @OptionGroup var data: DataOption
    @Flag(help: "Do not ask; needed when standard input is not a terminal.") var yes = false

    func run() async throws {
        let directory = try await MarketDataDirectory.openExisting(data.url)
        if !yes {
            guard isatty(0) == 1 else {
                OpenMarketServerCommand.complain("reset asks before removing anything; add --yes to reset without a terminal")
                throw ExitCode(OpenMarketServerCommand.usageStatus)
            }
            let question = "remove every product and image in \(directory.url.path)? The vendors stay."
            FileHandle.standardError.write(Data(YesOrNo.prompt(question).utf8))
            guard YesOrNo.isYes(readLine()) else {
                print("nothing removed")
                return
            }
        }
        let removed = try await directory.resetCatalog()
        print("removed \(removed) product\(removed == 1 ? "" : "s") from \(directory.url.path); the vendors stay")
    }
}
