import ArgumentParser
import Foundation
import Logging
import OpenMarketContract
import OpenMarketServer
import TerminalText

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the market (the default).")

    @Option(help: "The address to listen on; 0.0.0.0 for a classroom.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (1-65535).") var port = 8080
    @OptionGroup var data: DataOption
    @Option(name: .customLong("public-url"), help: "The base of image URLs in responses, e.g. http://10.0.0.5:8080.")
    var publicURL: String?
    @Flag(
        name: .customLong("no-list-cache"),
        help: "Encode every list page afresh instead of keeping it until the next write (for measuring).")
    var noListCache = false

    func validate() throws {
        guard (1...65535).contains(port) else {
            throw ValidationError("--port must be from 1 to 65535 (got \(port))")
        }
        if let publicURL, URL.httpURL(publicURL) == nil {
            throw ValidationError("--public-url must be an http(s) URL such as http://10.0.0.5:8080")
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
                "openmarket-server: serving \(url) (data: \(directory.url.path))",
                "storefront, as buyers see it: \(url)/",
            ]
            if directory.createdDemoVendor {
                lines.append("created the demo vendor 'demo-shop' (shown once; also saved in demo-vendor.json, mode 0600):")
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
