import Foundation
import OpenMarketAPI
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#endif

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

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
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
    static func openInBrowser(
        _ address: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        openers: [String] = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
    ) -> Bool {
        guard environment["DISPLAY"]?.isEmpty == false || environment["WAYLAND_DISPLAY"]?.isEmpty == false else { return false }
        guard let opener = openers.first(where: FileManager.default.isExecutableFile) else { return false }
        // Started with the default signals (`ChildSignals`), not as Foundation's `Process` would
        // start it: the shell at its prompt ignores SIGQUIT, which the browser would inherit.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let (child, spawned) = ChildSignals.spawn(opener, [opener, address], actions: &actions)
        guard spawned == 0 else { return false }
        // Waited for on a thread of its own, so it leaves no zombie behind.
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1, errno == EINTR {}
        }
        return true
    }
}
