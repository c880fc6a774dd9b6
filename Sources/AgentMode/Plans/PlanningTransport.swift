import Foundation
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
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
/// read back from the model. A write the market would refuse is answered with its refusal, not
/// planned: an edit or delete of another vendor's product (403), an edit whose product would
/// break the contract's rules (400), each as the market's error JSON. (A dry run does not: it
/// reads no product to know.)
final class PlanningTransport: HTTPTransport, Sendable {
    private let inner: any HTTPTransport
    private let model = DryRunModel()
    private let state = Mutex(Recorded())
    /// The session's vendor, as the command's context knows it (nil: not known, nothing refused for it).
    private let vendor = Mutex<Int?>(nil)

    struct Recorded {
        /// The first read of each product.
        var reads: [Int: ProductRead] = [:]
        /// The writes, in the order the run made them, with what the model answered.
        var writes: [(request: PlannedRequest, answer: Product?)] = []
    }

    init(wrapping inner: any HTTPTransport) { self.inner = inner }

    var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    var recorded: Recorded { state.withLock { $0 } }

    nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        guard Self.isWrite(request.method) else {
            if model.hasWritten(request) { return model.answer(request) }
            let response = try await inner.send(request, timeout: timeout)
            model.seed(response, for: request)
            keepRead(request, response)
            return response
        }
        if let refusal = refusal(of: request) { return refusal }
        let answer = model.answer(request)
        if let broken = brokenRules(request, answer) { return broken }
        var planned = PlannedRequest(request)
        if let missing = planned.parts.first(where: { $0.sha256 == nil }) {
            throw TransportFailure.invalidRequest(reason: PlanMessage.photoBytesMissing(part: missing.name).text)
        }
        let product = (200..<300).contains(answer.status) ? Self.product(answer.body) : nil
        if planned.route == .create {
            planned.madeUpID = product?.id
            planned.madeUpImageIDs = product?.images?.map(\.id) ?? []
        }
        state.withLock { $0.writes.append((planned, product)) }
        return answer
    }

    /// The session's vendor, from the command's context.
    func know(vendorID: Int?) { vendor.withLock { $0 = vendorID } }

    /// The market's 403 to an edit or delete of a product the plan read as another vendor's.
    private func refusal(of request: HTTPRequestData) -> HTTPResponseData? {
        guard let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path),
            [.edit, .deleteURI, .legacySecret].contains(match.route), let id = match.id,
            let read = state.withLock({ $0.reads[id]?.product }), let mine = vendor.withLock({ $0 }),
            let owner = read.vendorID ?? read.vendor?.id, owner != mine
        else { return nil }
        return Self.error(403, MarketMessage.anotherVendorsProduct(id).text)
    }

    /// The market's 400 to an edit whose product, as the model answers it, breaks the rules.
    private func brokenRules(_ request: HTTPRequestData, _ answer: HTTPResponseData) -> HTTPResponseData? {
        guard let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path),
            match.route == .edit, (200..<300).contains(answer.status), let product = Self.product(answer.body)
        else { return nil }
        let violations = ProductRules.violations(
            name: product.name, description: product.description, price: product.price, currency: product.currency,
            discountedPrice: product.discountedPrice, stock: product.stock)
        return violations.isEmpty ? nil : Self.error(400, MarketMessage.rules(violations).text)
    }

    /// An answer as the market's error JSON (`{"code": 403, "message": "…"}`).
    private static func error(_ status: Int, _ message: String) -> HTTPResponseData {
        let body = (try? MarketJSON.encoder.encode(MarketErrorBody(code: status, message: message))) ?? Data()
        return HTTPResponseData(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
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
