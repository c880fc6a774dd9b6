import Foundation
import OpenMarketAPI

/// A transport for tests that keeps every request a session sends and every answer it got, and
/// answers each request through `answer`: by default by sending it on to the test market (on
/// 127.0.0.1). One double for the tests that count, read, slow down or change what a session
/// sends; `RecordingTransport` is its sibling that sends nothing.
///
/// ```swift
/// let spy = SpyTransport()
/// let shell = ShellSession(configuration: ShellConfiguration(serverURL: market.baseURL, transport: spy), console: console)
/// _ = await shell.execute("patch 1 price=900")
/// #expect(spy.requests.filter { $0.method == .patch }.count == 1)
/// ```
public final class SpyTransport: HTTPTransport, Sendable {
    /// How a request is answered: given the request and its timeout.
    public typealias Answer = @Sendable (_ request: HTTPRequestData, _ timeout: Duration) async throws -> HTTPResponseData

    /// Sends the request for real, to the market its URL names (a test market on 127.0.0.1).
    public static let market: Answer = { request, timeout in
        try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
    }

    /// A request and the answer it got.
    public struct Answered: Sendable {
        public var request: HTTPRequestData
        public var response: HTTPResponseData
    }

    private struct Record: Sendable {
        var sent: [HTTPRequestData] = []
        var answered: [Answered] = []
    }

    private let answer: Answer
    private let record = Watched(Record())
    /// Where a script sending through the spy runs (`HTTPTransport.taskExecutor`); nil unless
    /// the test gives one.
    public let taskExecutor: (any TaskExecutor)?

    public init(taskExecutor: (any TaskExecutor)? = nil, answer: @escaping Answer = SpyTransport.market) {
        self.taskExecutor = taskExecutor
        self.answer = answer
    }

    /// Every request sent so far, in the order they were sent (those still in flight included).
    public var requests: [HTTPRequestData] { record.value.sent }

    /// Every request answered so far, with its answer, in the order the answers came.
    public var answered: [Answered] { record.value.answered }

    /// Waits until `count` requests that `matching` accepts have been answered; false when they
    /// were not within `limit`.
    public func waitForAnswers(
        _ count: Int = 1, within limit: Duration = .seconds(60),
        matching: @escaping @Sendable (Answered) -> Bool = { _ in true }
    ) async -> Bool {
        await record.wait(within: limit) { $0.answered.count(where: matching) >= count }
    }

    public nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        record.change { $0.sent.append(request) }
        let response = try await answer(request, timeout)
        record.change { $0.answered.append(Answered(request: request, response: response)) }
        return response
    }
}
