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
        abstract: ServerProgramHelp.resetAbstract.abstract)
    @OptionGroup var data: DataOption
    @Flag(help: ServerProgramHelp.yes.argument) var yes = false

    func run() async throws {
        let directory = try await MarketDataDirectory.openExisting(data.url)
        if !yes {
            guard isatty(0) == 1 else {
                OpenMarketServerCommand.complain(ServerProgramMessage.resetNeedsYes.text)
                throw ExitCode(OpenMarketServerCommand.usageStatus)
            }
            let question = ServerProgramMessage.resetQuestion(path: directory.url.path).text
            FileHandle.standardError.write(Data(YesOrNo.prompt(question).utf8))
            guard YesOrNo.isYes(readLine()) else {
                print(ServerProgramMessage.nothingRemoved.text)
                return
            }
        }
        let removed = try await directory.resetCatalog()
        print(ServerProgramMessage.removed(count: removed, path: directory.url.path).text)
    }
}
