import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// The transport of a dry run: it sends nothing. Each request is printed in the trace format
/// (secrets masked) and answered from a small in-memory model of the market, so the commands
/// after a `register … as mug` see a product and `$mug` has an id. Ids it makes up are shown as
/// `<id of mug>`; a product the script did not create is answered by a stand-in, since the real
/// one is not read.
public final class DryRunTransport: HTTPTransport, Sendable {
    /// Made-up ids start here, far above any real one, so they are easy to recognise and replace.
    static let firstID = 9_000_000_001

    private let model: DryRunModel
    private let print: @Sendable (String) -> Void

    public init(print: @escaping @Sendable (String) -> Void) {
        self.print = print
        model = DryRunModel()
    }

    /// Names the product the next create makes (`mug`, or `line 12` when unnamed).
    func label(nextCreate label: String) { model.withLock { $0.pendingLabel = label } }

    /// The closing line of a dry run: the commands' requests, then the journal's bookkeeping.
    func summary(of report: RunReport) -> String {
        let (commands, bookkeeping) = model.withLock { ($0.counts, $0.bookkeepingCounts) }
        return ScriptMessage.dryRunSummary(
            name: report.name, lines: report.total, requests: commands.values.reduce(0, +), byMethod: Self.byMethod(commands),
            bookkeeping: bookkeeping.values.reduce(0, +), bookkeepingByMethod: Self.byMethod(bookkeeping)
        ).text
    }

    /// `GET ×1, POST ×2`.
    private static func byMethod(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    /// `<id of mug>` for every made-up id in the text. Made-up ids are ten digits starting
    /// with 9, so one pass finds them however many products the run has made.
    func withPlaceholders(_ text: String) -> String {
        let known = model.withLock { $0.labels }
        guard !known.isEmpty else { return text }
        return text.replacing(/9[0-9]{9}/) { match in
            Int(match.output).flatMap { known[$0] }.map { ScriptMessage.madeUpID($0).text } ?? String(match.output)
        }
    }

    public nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        let label = Bookkeeping.label(of: request)
        model.withLock { model in
            if label != nil {
                model.bookkeepingCounts[request.method.rawValue, default: 0] += 1
            } else {
                model.counts[request.method.rawValue, default: 0] += 1
            }
        }
        if let label { print(label) }
        print(withPlaceholders(TracingTransport.numbered(TracingTransport.describe(request), request)))
        return model.answer(request)
    }
}

/// The market in memory that answers what a run would send: a dry run's (which reads nothing
/// from the real market: a product it has not made is a stand-in) and an agent's plan's (whose
/// transport sends the GETs to the market and seeds this model with the products they answer,
/// so each write is answered from the real product as it would be changed).
public final class DryRunModel: Sendable {
    private let model = Mutex(Model())

    /// Made-up image ids start here: far above any real one, and apart from made-up products'.
    public static let firstImageID = 8_000_000_001

    public init() {}

    /// The answer to `request` from the model; a write changes it.
    public func answer(_ request: HTTPRequestData) -> HTTPResponseData { model.withLock { $0.answer(request) } }

    /// A product the real market answered to a GET (`response` to `request`): the model starts
    /// from it, unless this run has already written it.
    public func seed(_ response: HTTPResponseData, for request: HTTPRequestData) {
        guard response.status == 200,
            let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path),
            match.route == .show, let id = match.id, case .object(let fields)? = JSONValue.parse(response.body)
        else { return }
        model.withLock { model in
            guard !model.written.contains(id) else { return }
            model.products[id] = fields
            model.seeded.insert(id)
        }
    }

    /// Whether this run has written the product `request` reads (made, changed or deleted it):
    /// its GET is then answered from the model, not from the market.
    public func hasWritten(_ request: HTTPRequestData) -> Bool {
        guard let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path),
            match.route == .show, let id = match.id
        else { return false }
        return model.withLock { $0.written.contains(id) }
    }

    fileprivate func withLock<T>(_ body: (inout Model) -> T) -> T { model.withLock { body(&$0) } }
}

/// The dry run's market in memory: the products the run has made or changed, their labels,
/// and what it would have sent.
private struct Model {
    var products: [Int: [String: JSONValue]] = [:]
    /// Products read from the real market (a plan's run), and those the run wrote since.
    var seeded: Set<Int> = []
    var written: Set<Int> = []
    var labels: [Int: String] = [:]
    var nextID = DryRunTransport.firstID
    var nextImageID = DryRunModel.firstImageID
    var pendingLabel: String?
    var counts: [String: Int] = [:]
    /// The requests the shell would send for its own bookkeeping (see `Bookkeeping`), by method.
    var bookkeepingCounts: [String: Int] = [:]

    mutating func answer(_ request: HTTPRequestData) -> HTTPResponseData {
        guard let match = MarketRoute.recognise(method: request.method.rawValue, path: request.url.path) else {
            return json(
                404, .string(ScriptMessage.dryRunUnknownRequest(method: request.method.rawValue, path: request.url.path).text))
        }
        let id = match.id ?? 0
        if match.route.method != .get { written.insert(id) }
        switch match.route {
        case .health:
            return json(200, .string("OK"))
        case .list:
            return json(
                200,
                .object([
                    "page_no": 1, "items_per_page": 20, "total_count": 0, "offset": 0, "limit": 20, "last_page": 0,
                    "has_next": false, "has_prev": false, "pages": .array([]),
                ]))
        case .show:
            // A real product the run deleted is gone (a dry run's stand-ins stay).
            if seeded.contains(id), products[id] == nil { return json(404, .string("not found")) }
            return json(200, .object(product(id)))
        case .create:
            return json(201, .object(create(request)))
        case .edit:
            var current = product(id)
            if let body = request.body, case .object(let changes)? = JSONValue.parse(body) {
                for (key, value) in changes where key != "secret" {
                    current[key == "thumbnail_id" ? "thumbnail" : key] =
                        key == "thumbnail_id" ? thumbnail(value, of: current) : value
                }
                current["bargain_price"] = .number(number(current["price"]) - number(current["discounted_price"]))
            }
            products[id] = current
            return json(202, .object(current))
        case .deleteURI, .legacySecret:
            // Step 1 of a delete answers the URI of step 2.
            return HTTPResponseData(
                status: 200, headers: ["Content-Type": "text/plain"],
                body: Data(MarketRoute.legacyDelete.path(String(id), "dry-run-token").utf8))
        case .delete, .legacyDelete:
            let removed = products.removeValue(forKey: id) ?? product(id)
            return json(200, .object(removed))
        }
    }

    private mutating func create(_ request: HTTPRequestData) -> [String: JSONValue] {
        let id = nextID
        nextID += 1
        written.insert(id)
        labels[id] = pendingLabel ?? "product \(id - DryRunTransport.firstID + 1)"
        pendingLabel = nil
        var params: [String: JSONValue] = [:]
        if let data = request.parts?.first(where: { $0.name == "params" })?.json,
            case .object(let fields)? = JSONValue.parse(data)
        {
            params = fields
        }
        params["secret"] = nil
        var product = standIn(id)
        for (key, value) in params { product[key] = value }
        product["bargain_price"] = .number(number(product["price"]) - number(product["discounted_price"]))
        let images = madeUpImages(request)
        if case .object(let first)? = images.first {
            product["images"] = .array(images)
            product["thumbnail"] = first["thumbnail_url"]
        }
        products[id] = product
        return product
    }

    /// An image for each photo a create sends, as the market lists them (ids from
    /// `DryRunModel.firstImageID`; addresses on the same server, which serves no such file).
    private mutating func madeUpImages(_ request: HTTPRequestData) -> [JSONValue] {
        let now = JSONValue.string(MarketTimestamp.format(Date()))
        return (request.parts ?? []).filter { $0.filename != nil }.map { _ in
            let id = nextImageID
            nextImageID += 1
            let url = request.url.deletingLastPathComponent().appendingPathComponent("images/dry-run/\(id)").absoluteString
            return .object(["id": .number(Decimal(id)), "url": .string(url), "thumbnail_url": .string(url), "issued_at": now])
        }
    }

    private func product(_ id: Int) -> [String: JSONValue] { products[id] ?? standIn(id) }

    /// The thumbnail's address when `imageID` names one of the product's images, as the market
    /// answers; else the id as given (a stand-in has no images).
    private func thumbnail(_ imageID: JSONValue, of product: [String: JSONValue]) -> JSONValue {
        guard case .array(let images)? = product["images"] else { return imageID }
        for case .object(let image) in images where image["id"] == imageID {
            return image["thumbnail_url"] ?? imageID
        }
        return imageID
    }

    /// What a product the dry run has not seen looks like: plenty of stock, so `stock ID -1`
    /// passes its local check; values that say they were not read.
    private func standIn(_ id: Int) -> [String: JSONValue] {
        let now = JSONValue.string(MarketTimestamp.format(Date()))
        return [
            "id": .number(Decimal(id)), "vendor_id": 0, "name": .string(ScriptMessage.dryRunProductName(id).text),
            "description": .string(ScriptMessage.dryRunDescription.text), "thumbnail": "", "currency": "KRW", "price": 0,
            "bargain_price": 0, "discounted_price": 0, "stock": 1_000_000, "created_at": now, "issued_at": now,
            "images": .array([]), "vendors": .object(["id": 0, "name": "(you)"]),
        ]
    }

    private func number(_ value: JSONValue?) -> Decimal {
        if case .number(let n)? = value { return n }
        return 0
    }

    private func json(_ status: Int, _ value: JSONValue) -> HTTPResponseData {
        let body = (try? MarketJSON.encoder.encode(value)) ?? Data()
        // An ETag, as the bundled server sends, so `stock` shows its conditional PATCH.
        return HTTPResponseData(status: status, headers: ["Content-Type": "application/json", "ETag": "\"dry-run\""], body: body)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Decimal(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
