import ArgumentParser
import BuildCommit
import Foundation
import OpenMarketContract
import OpenMarketServer

@main
struct OpenMarketServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-server",
        abstract: "The bundled Open Market server: the Open Market API 2.0 on SQLite, for offline work and classes.",
        discussion: "Exit status: 0 success, 1 failure, 2 usage error.",
        version: OpenMarketVersion.line(commit: BuildCommit.value),
        subcommands: [Serve.self, Vendor.self, ClassCommand.self, Reset.self, PrintOpenAPI.self, Local.self],
        defaultSubcommand: Serve.self)
}

struct DataOption: ParsableArguments {
    @Option(name: .long, help: "The data directory (default: $XDG_DATA_HOME/openmarket/server).")
    var data: String?

    var url: URL {
        data.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) }
            ?? MarketServerConfiguration.defaultDataDirectory
    }
}
