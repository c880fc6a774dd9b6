import Foundation
import Logging
import MCP
import OpenMarketAPI

/// The last check before a message leaves for the client: every protected secret (the login's,
/// `OPENMARKET_SECRET`) as raw UTF-8 and as JSON (or a URL) spells it, replaced with `mask`.
/// Nothing the server builds should hold a secret (no tool takes or returns one, and the shell
/// masks what it prints), so a replacement here is a bug to report, not a feature to rely on.
public struct SecretGuard: Sendable {
    /// What a secret becomes in a message: ASCII, so a JSON string stays a JSON string.
    public static let mask = "********"

    /// Every spelling of every secret, longest first.
    let spellings: [String]

    /// Guards `secrets` (empty ones, and those too short to search for, are left out).
    public init(secrets: [String]) {
        let kept = secrets.filter { !$0.isEmpty }
        spellings = SecretMasking.spellings(of: kept)
    }

    /// Whether there is anything to guard.
    public var isEmpty: Bool { spellings.isEmpty }

    /// `message` with every spelling of every secret replaced by the mask, and how many were.
    public func masked(_ message: Data) -> (message: Data, replaced: Int) {
        guard !spellings.isEmpty, SecretMasking.contains(message, spellings: spellings) else { return (message, 0) }
        let (text, replaced) = SecretMasking.counted(
            String(decoding: message, as: UTF8.self), spellings: spellings, replacement: Self.mask)
        return (Data(text.utf8), replaced)
    }
}

/// An MCP transport (standard input and output for `openmarket mcp`, an in-memory pair in
/// tests) with the secret guard in front of its `send`: what reaches the client has passed
/// `SecretGuard.masked`, and each replacement is counted and reported through `onMasked`.
///
/// It also keeps the ids of the client's requests not yet answered, so that when the client
/// closes its side the program can wait for the answers still being made (`untilAnswered`)
/// before it stops.
public actor GuardedTransport<Inner: Transport>: Transport {
    public nonisolated let logger: Logger
    private let inner: Inner
    private let secretGuard: SecretGuard
    private let onMasked: (@Sendable (Int) -> Void)?
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var pump: Task<Void, Never>?
    private var unanswered: Set<ID> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The ids of the answers sent so far, in order.
    private(set) var answeredIDs: [ID] = []

    /// Secrets replaced in messages sent so far.
    public private(set) var maskedCount = 0

    /// - Parameters:
    ///   - inner: the transport the messages go through.
    ///   - guarding: the secrets to keep out of every message.
    ///   - onMasked: told how many replacements a message needed (only when it needed some).
    public init(_ inner: Inner, guarding: SecretGuard, onMasked: (@Sendable (Int) -> Void)? = nil) {
        self.inner = inner
        self.secretGuard = guarding
        self.onMasked = onMasked
        logger = Logger(label: "openmarket.mcp.guard", factory: { _ in SwiftLogNoOpLogHandler() })
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    public func connect() async throws {
        try await inner.connect()
        guard pump == nil else { return }
        let incoming = await inner.receive()
        pump = Task { await self.relay(incoming) }
    }

    public func disconnect() async {
        pump?.cancel()
        await inner.disconnect()
        continuation.finish()
    }

    public func send(_ data: Data) async throws {
        let (message, replaced) = secretGuard.masked(data)
        if replaced > 0 {
            maskedCount += replaced
            onMasked?(replaced)
        }
        try await inner.send(message)
        for id in Self.envelopes(message) where id.method == nil {
            if let key = id.id {
                answered(key)
                answeredIDs.append(key)
            }
        }
    }

    public nonisolated func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    /// Returns once every request the client sent has been answered, or after `limit`: a long
    /// import still being applied is waited for, a request answered under another id (one the
    /// server could not read) not forever.
    public func untilAnswered(within limit: Duration = .seconds(600)) async {
        guard !unanswered.isEmpty else { return }
        let timer = Task {
            try? await Task.sleep(for: limit)
            self.releaseWaiting()
        }
        await withCheckedContinuation { waiting.append($0) }
        timer.cancel()
    }

    /// Requests received and not yet answered.
    public var unansweredCount: Int { unanswered.count }

    private func relay(_ incoming: AsyncThrowingStream<Data, any Error>) async {
        do {
            for try await data in incoming {
                for envelope in Self.envelopes(data) where envelope.method != nil {
                    if let id = envelope.id { unanswered.insert(id) }
                    // A request the client cancelled is answered by nobody (the MCP rule).
                    if envelope.method == CancelledNotification.name, let id = envelope.params?.requestId { answered(id) }
                }
                continuation.yield(data)
            }
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
    }

    private func answered(_ id: ID) {
        unanswered.remove(id)
        if unanswered.isEmpty { releaseWaiting() }
    }

    private func releaseWaiting() {
        let resumed = waiting
        waiting.removeAll()
        for waiter in resumed { waiter.resume() }
    }

    /// The id and method of a JSON-RPC message, or of each in a batch: a request has both, a
    /// notification only a method, an answer only an id.
    struct Envelope: Decodable {
        var id: ID?
        var method: String?
        /// A cancellation's parameters: the request it cancels.
        var params: Parameters?

        struct Parameters: Decodable {
            var requestId: ID?
        }

        enum CodingKeys: String, CodingKey { case id, method, params }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(ID.self, forKey: .id)
            method = try container.decodeIfPresent(String.self, forKey: .method)
            // Another request's parameters (any shape) are not this one's.
            params = try? container.decodeIfPresent(Parameters.self, forKey: .params)
        }
    }

    static func envelopes(_ data: Data) -> [Envelope] {
        let decoder = JSONDecoder()
        if let one = try? decoder.decode(Envelope.self, from: data) { return [one] }
        return (try? decoder.decode([Envelope].self, from: data)) ?? []
    }
}
