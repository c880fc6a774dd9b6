import ArgumentParser
import BuildCommit
import Foundation
import OpenMarketContract
import OpenMarketServer

@main
struct OpenMarketServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-server",
        abstract: ServerProgramHelp.rootAbstract.overview,
        discussion: ServerProgramHelp.rootDiscussion.text,
        version: OpenMarketVersion.line(commit: BuildCommit.value),
        subcommands: [Serve.self, Vendor.self, ClassCommand.self, Reset.self, PrintOpenAPI.self, Local.self],
        defaultSubcommand: Serve.self)
}

struct DataOption: ParsableArguments {
    @Option(name: .long, help: ServerProgramHelp.dataOption.argument)
    var data: String?

    var url: URL {
        data.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) }
            ?? MarketServerConfiguration.defaultDataDirectory
    }
}
