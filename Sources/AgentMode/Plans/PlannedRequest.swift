import Digests
import Foundation
import OpenMarketAPI
import OpenMarketContract

/// One write a plan would send, as agent mode shows it and compares it with what an apply
/// sends: the method, the route and the product; a JSON body as parsed JSON, its `secret` as
/// `"$OPENMARKET_SECRET"`; a multipart body's parts by name, type and the SHA-256 of their
/// bytes (its boundary, and a delete URI's one-time token, differ from run to run).
public struct PlannedRequest: Sendable, Equatable {
    /// `"$OPENMARKET_SECRET"`: the secret as a plan shows it (as the exports write it).
    public static let secretShown = "$OPENMARKET_SECRET"

    /// `PATCH`.
    public var method: String
    /// `/api/products/3`; the delete URI's own token (or the earlier host's product secret) as
    /// `{delete-uri}`, not to be read as the plan's token.
    public var path: String
    /// The contract's operation, when the path is one.
    public var route: MarketRoute?
    /// The product it writes (a made-up id for one the plan registers).
    public var productID: Int?
    /// The `ETag` the plan read for the product, sent as `If-Match` with the PATCH when applied.
    public var ifMatch: String?
    /// A JSON body, the secret masked.
    public var body: JSONValue?
    /// A multipart body's parts.
    public var parts: [PlannedPart]
    /// The id the plan's model gave the product this request registers: the plan's later
    /// requests name it, an apply's name the market's.
    public var madeUpID: Int?
    /// The ids the plan's model gave the photos of the product this request registers, in
    /// order (a later `thumbnail_id` names one).
    public var madeUpImageIDs: [Int] = []

    /// The request as it would go (or went) on the wire.
    init(_ request: HTTPRequestData) {
        method = request.method.rawValue
        let match = MarketRoute.recognise(method: method, path: request.url.path)
        route = match?.route
        productID = match?.id
        switch match?.route {
        case .legacyDelete?: path = MarketRoute.legacyDelete.path(match?.parameters.first ?? "", "{delete-uri}")
        case .delete?:
            // The URI the delete URI answered: its token is new each time, and names the product.
            path = MarketRoute.delete.path("{delete-uri}")
            productID = nil
        default: path = request.url.path
        }
        parts = PlannedPart.parts(of: request)
        if request.parts == nil, let data = request.body, !data.isEmpty {
            body = JSONValue.parse(data).map(Self.maskingSecret) ?? .string(String(decoding: data, as: UTF8.self))
        }
    }

    /// What two requests must share to be the same write: all but the path's token, the
    /// `If-Match` and the made-up ids. `ids` gives the market's id for each made-up one (of a
    /// product or photo a planned create registered, once it has been sent): the product's and a
    /// `thumbnail_id` are compared as the market's. A DELETE is to the URI the market answered
    /// the delete URI request before it (which names the product): its path and product are not
    /// compared.
    func key(translating ids: [Int: Int] = [:]) -> String {
        let productID = self.productID.map { ids[$0] ?? $0 }
        var body = self.body
        if case .object(var fields)? = body, case .number(let number)? = fields["thumbnail_id"],
            let id = Int(exactly: NSDecimalNumber(decimal: number).int64Value), let real = ids[id]
        {
            fields["thumbnail_id"] = .number(Decimal(real))
            body = .object(fields)
        }
        let shownBody = body.map(Self.encoded) ?? ""
        let shownParts = parts.map { "\($0.name) \($0.contentType) \($0.sha256 ?? "-") \($0.json.map(Self.encoded) ?? "")" }
        let deletes = method == HTTPMethod.delete.rawValue && route != nil
        let id = deletes ? "" : productID.map(String.init) ?? ""
        return [method, deletes ? "delete" : route?.rawValue ?? path, id, shownBody]
            .joined(separator: " ") + " [" + shownParts.joined(separator: "; ") + "]"
    }

    /// `PATCH /api/products/3`.
    var shortText: String { "\(method) \(path)" }

    /// A JSON document with every `secret`, at any depth (as a trace masks them), shown as the variable.
    static func maskingSecret(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var fields):
            for (key, inner) in fields { fields[key] = key == "secret" ? .string(secretShown) : maskingSecret(inner) }
            return .object(fields)
        case .array(let items): return .array(items.map(maskingSecret))
        default: return value
        }
    }

    /// Compact JSON, keys sorted.
    static func encoded(_ value: JSONValue) -> String {
        (try? MarketJSON.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// One part of a multipart body a plan would send.
public struct PlannedPart: Sendable, Equatable {
    public var name: String
    public var filename: String?
    public var contentType: String
    public var byteCount: Int
    /// The SHA-256 of the part's bytes, in hex (of the masked JSON for a JSON part); nil when
    /// the bytes were not found in the body (a plan refuses such a request: it could not bind them).
    public var sha256: String?
    /// A JSON part's content, the secret masked.
    public var json: JSONValue?

    /// The parts of `request`'s multipart body: each file's bytes found in the body by the
    /// outline's lengths (the body is not parsed again).
    static func parts(of request: HTTPRequestData) -> [PlannedPart] {
        guard let described = request.parts else { return [] }
        let files = fileBytes(request)
        return described.enumerated().map { index, part in
            let json = part.json.flatMap(JSONValue.parse).map(PlannedRequest.maskingSecret)
            let bytes = json.map { Data(PlannedRequest.encoded($0).utf8) } ?? files[index + 1]
            return PlannedPart(
                name: part.name, filename: part.filename, contentType: part.contentType, byteCount: part.byteCount,
                sha256: bytes.map { SHA256.hash(data: $0).hexadecimal }, json: json)
        }
    }

    /// Each file part's bytes, by the part's number (from 1).
    private static func fileBytes(_ request: HTTPRequestData) -> [Int: Data] {
        guard let body = request.body, let outline = request.outline else { return [:] }
        var files: [Int: Data] = [:]
        var offset = body.startIndex
        for segment in outline {
            switch segment {
            case .bytes(let data): offset += data.count
            case .file(let count, _, let part):
                guard offset + count <= body.endIndex else { return files }
                files[part] = body.subdata(in: offset..<(offset + count))
                offset += count
            }
        }
        return files
    }
}
