import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `connect URL`: talks to another server from now on, after a short health probe.
public struct Connect: ShellCommand {
    public static let commandNames = CommandNames("connect")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.connect, usage: "connect URL",
        examples: ["connect http://127.0.0.1:8080"],
        positional: [.url], effect: .session, recording: .comment("not replayed: a replay talks to the server it is given"))

    public var url: URL?
    public var typed: String?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let text = arguments.positional.first?.text else { return }
        let address = text.contains("://") ? text : "http://\(text)"
        guard let url = URL.httpURL(address) else {
            if let port = URL.portOutOfRange(address) { throw .usage(Message.portOutOfRange(text, port: port).text) }
            throw .usage(Message.notAnHTTPURL(text).text)
        }
        self.url = url
        self.typed = text
    }

    public var words: [Word] { [Word(Self.spec.name)] + (typed.map { [Word($0)] } ?? []) }

    /// How long `connect` waits for the new server's health check.
    static let probeTimeout: Duration = .seconds(2)

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let url else { throw CommandFailure.usage(Message.connectWhichURL.text) }
        // An untrusted script talks only to the market it runs on.
        try context.access.mayConnect(url)
        let login = await context.login.connect(to: url)
        // The probe goes to the new server with this run's client (its retry policy, its timeout).
        var context = context
        context.client.baseURL = url
        do {
            var outcome = try await probe(url, in: context)
            if let login { outcome.output.insert(.note(login), at: 0) }
            return outcome
        } catch let failure as CommandFailure {
            throw CommandFailure(status: failure.status, message: failure.message + (login.map { "; \($0)" } ?? ""))
        }
    }

    private func probe(_ url: URL, in context: CommandContext) async throws -> CommandOutcome {
        // A short probe, not the request timeout: a server that accepts and never answers must
        // not hold the prompt for 30 s. The switch is made either way; the note says how the
        // probe went.
        var probe = context.client
        probe.timeout = min(context.client.timeout, Self.probeTimeout)
        do {
            _ = try await probe.health()
            return .note(Message.connected(url.absoluteString).text)
        } catch .cancelled {
            throw MarketError.cancelled
        } catch  where error.isUnreachable {
            return .note(Message.switchedNotAnswering(url: url.absoluteString, problem: "\(error)").text)
        } catch {
            throw CommandFailure.failed(Message.switchedHealthFailed(url: url.absoluteString, problem: "\(error)").text)
        }
    }
}
