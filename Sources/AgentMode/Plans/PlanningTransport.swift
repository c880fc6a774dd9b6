import Foundation
import OpenMarketAPI
import OpenMarketContract
import ShellScripting
import Synchronization

/// A product as a plan read it from the market: its `ETag` (an apply's `If-Match`) and the
/// product itself (what a stale plan's product was).
struct ProductRead: Sendable, Equatable {
    var etag: String?
    var product: Product?
}

/// The transport of a plan's run: reads go to the market (each product's answer and `ETag`
/// kept, and seeding the dry run's model), writes are not sent: each is kept as the plan's and
/// answered from the model, as the market would answer it. A product the run has written is
/// read back from the model.
final class PlanningTransport: HTTPTransport, Sendable {
    private let inner: any HTTPTransport
    private let model = DryRunModel()
    private let state = Mutex(Recorded())

    struct Recorded {
        /// The first read of each product.
        var reads: [Int: ProductRead] = [:]
        /// The writes, in the order the run made them, with what the model answered.
        var writes: [(request: PlannedRequest, answer: Product?)] = []
    }

    init(wrapping inner: any HTTPTransport) { self.inner = inner }

    var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    var recorded: Recorded { state.withLock { $0 } }

    func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        guard Self.isWrite(request.method) else {
            if model.hasWritten(request) { return model.answer(request) }
            let response = try await inner.send(request, timeout: timeout)
            model.seed(response, for: request)
            keepRead(request, response)
            return response
        }
        let answer = model.answer(request)
        var planned = PlannedRequest(request)
        let product = (200..<300).contains(answer.status) ? Self.product(answer.body) : nil
        if planned.route == .create {
            planned.madeUpID = product?.id
            planned.madeUpImageIDs = product?.images?.map(\.id) ?? []
        }
        state.withLock { $0.writes.append((planned, product)) }
        return answer
    }

    private func keepRead(_ request: HTTPRequestData, _ response: HTTPResponseData) {
        guard response.status == 200,
            let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path),
            match.route == .show, let id = match.id
        else { return }
        let read = ProductRead(etag: response.headers["ETag"], product: Self.product(response.body))
        state.withLock { state in
            if state.reads[id] == nil { state.reads[id] = read }
        }
    }

    /// Whether a request changes something (everything but GET, HEAD and OPTIONS).
    static func isWrite(_ method: HTTPMethod) -> Bool { ![.get, .head, .options].contains(method) }

    static func product(_ body: Data) -> Product? {
        ProductJSONReader.read(body) ?? (try? MarketJSON.decoder.decode(Product.self, from: body))
    }
}
