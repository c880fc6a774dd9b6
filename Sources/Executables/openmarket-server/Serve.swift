import ArgumentParser
import Foundation
import Logging
import OpenMarketContract
import OpenMarketServer
import TerminalText

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: ServerProgramHelp.serveAbstract.abstract)

    // Defaults said by the help itself (`HelpText.argument`).
    @Option(name: .customLong("host"), help: ServerProgramHelp.host.argument) var hostGiven: String?
    @Option(name: .customLong("port"), help: ServerProgramHelp.port.argument) var portGiven: Int?
    var host: String { hostGiven ?? "127.0.0.1" }
    var port: Int { portGiven ?? 8080 }
    @OptionGroup var data: DataOption
    @Option(name: .customLong("public-url"), help: ServerProgramHelp.imagesPublicURL.argument)
    var publicURL: String?
    @Flag(
        name: .customLong("no-list-cache"),
        help: ServerProgramHelp.noListCache.argument)
    var noListCache = false

    func validate() throws {
        guard (1...65535).contains(port) else {
            throw ValidationError(ServerProgramMessage.portRange(port))
        }
        if let publicURL, URL.httpURL(publicURL) == nil {
            throw ValidationError(ServerProgramMessage.publicURLNotHTTP)
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let configuration = MarketServerConfiguration(
            host: host, port: port, dataDirectory: data.url, publicURL: publicURL.flatMap(URL.httpURL),
            logger: Logger(label: "openmarket-server"), listCache: !noListCache)
        try await MarketServer.run(configuration) { url, directory in
            var lines = [
                ServerProgramMessage.serving(url: url.absoluteString, data: directory.url.path).text,
                ServerProgramMessage.storefront(url: url.absoluteString).text,
            ]
            if directory.createdDemoVendor {
                lines.append(ServerProgramMessage.demoVendorCreated.text)
                lines.append("  identifier: \(directory.demoCredentials.identifier)")
                lines.append("  secret:     \(directory.demoCredentials.secret.revealed)")
            }
            // Written straight to the descriptor: print() buffers when stdout is a pipe, and a
            // script waiting for this line would wait forever. Not with FileHandle, which traps on
            // a closed pipe (SwiftNIO ignores SIGPIPE): StandardStreams ends the market as SIGPIPE
            // would, and says so in one line when the output cannot be written.
            StandardStreams.write(lines.joined(separator: "\n") + "\n")
        }
    }
}
