import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization

/// The transport that keeps every exchange in the session's `ExchangeLog`: the request as it
/// goes on the wire (`framed()`), then the answer or the failure. Secrets are masked before
/// anything is kept, so the log never holds one; a multipart body is kept as its outline, the
/// photos' bytes left out. `finished` hears each exchange once it has come back (the session
/// prints an explanation after it when `set explain on`).
public final class ExchangeRecorder: HTTPTransport, Sendable {
    public let log: ExchangeLog
    private let inner: any HTTPTransport
    private let secrets: SessionSecrets
    /// Set by the session before any request is sent, then only read.
    private let finishedHandler = Mutex<(@Sendable (Exchange, RequestNotes) -> Void)?>(nil)

    /// Whether `inner` is a dry run's transport (its exchanges are marked so).
    private let dryRun: Bool

    public init(wrapping inner: any HTTPTransport, log: ExchangeLog, secrets: SessionSecrets, dryRun: Bool = false) {
        self.inner = inner
        self.log = log
        self.secrets = secrets
        self.dryRun = dryRun
    }

    /// Called with each exchange once its answer (or failure) is in, and what its request noted.
    public func onFinished(_ handler: @escaping @Sendable (Exchange, RequestNotes) -> Void) {
        finishedHandler.withLock { $0 = handler }
    }

    public var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    public nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        // Framed once: the request kept is the one sent.
        let framed = request.framed()
        let number = log.begin(
            kept(framed), command: request.notes.label.map(secrets.masked), bookkeeping: request.notes.bookkeeping,
            sentBy: request.notes.explanations?.sentBy, dryRun: dryRun)
        // The number goes down with the request, for the trace to show.
        var numbered = framed
        numbered.notes.number = number
        let started = ContinuousClock.now
        // The finished exchange is copied out only for a listener that explains it.
        let handler = log.explains ? finishedHandler.withLock({ $0 }) : nil
        do {
            let response = try await inner.send(numbered, timeout: timeout)
            let finished = log.finish(
                number, response: kept(response), failure: nil, elapsed: ContinuousClock.now - started, returning: handler != nil)
            if let finished { handler?(finished, request.notes) }
            return response
        } catch {
            let reason = secrets.masked(Self.describe(error))
            let finished = log.finish(
                number, response: nil, failure: reason, elapsed: ContinuousClock.now - started, returning: handler != nil)
            if let finished { handler?(finished, request.notes) }
            throw error
        }
    }

    /// The request as the log keeps it: secrets masked (the one in a `"secret"` field as a typed
    /// piece), the body kept up to the log's limit.
    func kept(_ request: HTTPRequestData) -> Exchange.Request {
        Exchange.Request(recording: request, secrets: secrets, bodyLimit: log.bodyLimit, sources: request.notes.photoSources)
    }

    func kept(_ response: HTTPResponseData) -> Exchange.Response {
        return Exchange.Response(
            status: response.status, headers: secrets.masked(response.headers),
            body: KeptBody(maskedBytes(response.body), limit: log.bodyLimit))
    }

    /// Text with every secret masked; bytes that are not UTF-8 text are kept as they are (a
    /// secret is text, and the client never puts one into a binary body). Looked for in the
    /// bytes first: making every answer text only to find no secret in it showed in every line.
    private func maskedBytes(_ data: Data) -> Data {
        guard secrets.occurs(in: data), let text = String(data: data, encoding: .utf8) else { return data }
        return Data(secrets.masked(text).utf8)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case TransportFailure.cannotConnect(let reason): Message.transportCannotConnect(reason).text
        case TransportFailure.timedOut: Message.transportTimedOut.text
        case TransportFailure.connectionLost(let reason): Message.transportConnectionLost(reason).text
        case TransportFailure.malformedResponse(let reason): Message.transportNotHTTP(reason).text
        case TransportFailure.cancelled, is CancellationError: Message.cancelled.text
        case TransportFailure.invalidRequest(let reason): Message.transportNotSent(reason).text
        default: String(describing: error)
        }
    }
}

extension SessionSecrets {
    /// `headers` with every secret masked: the same fields, not a copy made field by field, when
    /// none holds one (every answer's headers, and almost every request's).
    func masked(_ headers: HeaderFields) -> HeaderFields {
        let search = self.search
        guard headers.contains(where: { search.occurs(in: $0.value) }) else { return headers }
        return HeaderFields(headers.map { HeaderField($0.name, search.masked($0.value)) })
    }
}
