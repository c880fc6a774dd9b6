import ArgumentParser
import Foundation
import Logging
import OpenMarketContract
import OpenMarketServer

@main
struct OpenMarketServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-server",
        abstract: "The bundled Open Market server: the Open Market API 2.0 on SQLite, for offline work and classes.",
        subcommands: [Serve.self, Vendor.self],
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

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the market (the default).")

    @Option(help: "The address to listen on; 0.0.0.0 for a classroom.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @OptionGroup var data: DataOption
    @Option(name: .customLong("public-url"), help: "The base of image URLs in responses, e.g. http://10.0.0.5:8080.")
    var publicURL: String?
    @Flag(
        name: .customLong("no-list-cache"),
        help: "Encode every list page afresh instead of keeping it until the next write (for measuring).")
    var noListCache = false

    func run() async throws {
        var publicBase: URL?
        if let publicURL {
            guard let url = URL.httpURL(publicURL) else {
                throw ValidationError("--public-url must be an http(s) URL such as http://10.0.0.5:8080")
            }
            publicBase = url
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let configuration = MarketServerConfiguration(
            host: host, port: port, dataDirectory: data.url, publicURL: publicBase,
            logger: Logger(label: "openmarket-server"), listCache: !noListCache)
        do {
            try await MarketServer.run(configuration) { url, directory in
                var lines = ["openmarket-server: serving \(url) (data: \(directory.url.path))"]
                if directory.createdDemoVendor {
                    lines.append("created the demo vendor 'demo-shop' (shown once; also saved in demo-vendor.json, mode 0600):")
                    lines.append("  identifier: \(directory.demoCredentials.identifier)")
                    lines.append("  secret:     \(directory.demoCredentials.secret.revealed)")
                }
                // Written straight to the descriptor: print() buffers when stdout is a pipe, and a
                // script waiting for this line would wait forever.
                FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("openmarket-server: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct Vendor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add and list vendors.", subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a vendor and print its credentials once.")
        @Argument(help: "The vendor's display name.") var name: String
        @OptionGroup var data: DataOption

        func validate() throws {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the name must not be empty") }
        }

        func run() async throws {
            let directory = try await MarketDataDirectory.open(data.url)
            let vendor = try await directory.addVendor(name: name)
            print("added vendor \(vendor.id) '\(vendor.name)' (the secret is shown only now):")
            print("  identifier: \(vendor.credentials.identifier)")
            print("  secret:     \(vendor.credentials.secret.revealed)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List vendors (never their secrets).")
        @OptionGroup var data: DataOption

        func run() async throws {
            let directory = try await MarketDataDirectory.open(data.url)
            let vendors = try await directory.vendors()
            let width = max(4, vendors.map(\.name.count).max() ?? 0)
            print("id    " + "name".padding(toLength: width, withPad: " ", startingAt: 0) + "  identifier")
            for vendor in vendors {
                print(
                    String(vendor.id).padding(toLength: 6, withPad: " ", startingAt: 0)
                        + vendor.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + vendor.identifier)
            }
        }
    }
}
