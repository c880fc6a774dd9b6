import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `open ID`: the product's page on the storefront, as buyers see it. The bundled local market
/// serves one (`/products/ID`); another server may not, and is told so. In a desktop session at
/// a terminal the page is also opened in the browser (`xdg-open`).
public struct OpenStorefront: OneProduct {
    public static let commandNames = CommandNames("open")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.open, usage: "open ID",
        examples: ["open 12"], positional: [.productID], effect: .reads,
        changesThisMachine: true)

    public var id: Int

    public init(id: Int) { self.id = id }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        // It starts another program (an editor, a browser), with the environment.
        if context.access.isUntrusted { throw AccessRefusal(.startsProgram("open")) }
        // The product first: a missing one is the API's own 404, said as everywhere else.
        _ = try await context.client.product(id: id)
        let page = Endpoints.storefrontPage(id: id)
        let address = try page.url(relativeTo: context.client.baseURL).absoluteString
        do {
            let answer = try await context.client.send(page)
            guard answer.headers["Content-Type"]?.lowercased().hasPrefix("text/html") == true else {
                throw CommandFailure.failed(Self.noStorefront(context.client.baseURL))
            }
        } catch let error as MarketError {
            guard case .serverRefused = error else { throw error }
            throw CommandFailure.failed(Self.noStorefront(context.client.baseURL))
        }
        var output: [CommandOutcome.Output] = [.text(address)]
        if context.console.isInteractive, Self.openInBrowser(address) {
            output.append(.note(Message.openedInBrowser.text))
        }
        return CommandOutcome(output)
    }

    static func noStorefront(_ server: URL) -> String {
        Message.noStorefront(TextLayout.visible(server.absoluteString, limit: 80)).text
    }

    /// Opens `address` with `xdg-open` when a desktop session is there to show it; false when
    /// there is none (a terminal over ssh, a test) or the opener is missing.
    static func openInBrowser(_ address: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard environment["DISPLAY"]?.isEmpty == false || environment["WAYLAND_DISPLAY"]?.isEmpty == false else { return false }
        guard let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: FileManager.default.isExecutableFile)
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }
}
