import Foundation
import HTTPHabits
import OpenMarketAPI
import OpenMarketContract

/// The exchange log as the HTTP habit rules see it (`exchanges --lint`): each exchange's method,
/// operation, product, answer, header names, conditions, parts and time, with the product a
/// delete token stands for found from the step 1 that answered it.
public enum ExchangeHabits {
    /// The exchanges, in order, described for the rules. What the shell sent for itself is left
    /// out, since the student did not: its bookkeeping, and a read made by a command that does
    /// something else (the read a PATCH or DELETE makes first for `undo`, `stock`'s read before
    /// its write, an import's reads to compare the sheet with the market: run as `--plan`,
    /// `--dry-run`, then for real, they were three reads of each product, said to be polling).
    public static func describe(_ exchanges: [Exchange]) -> [HabitExchange] {
        var tokens: [String: String] = [:]
        var described: [HabitExchange] = []
        for exchange in exchanges where exchange.bookkeeping == nil && !exchange.dryRun && !isCommandsOwnRead(exchange) {
            var habit = describe(exchange)
            let body = exchange.response.map { String(decoding: $0.body.data, as: UTF8.self) }
            switch habit.operation {
            case .deleteURI: if let body, let product = habit.product { tokens[path(of: body)] = product }
            case .delete: habit.product = tokens[path(of: exchange.request.target)]
            case .create: habit.product = exchange.response.flatMap { createdID(in: $0.body.data) }
            default: break
            }
            described.append(habit)
        }
        return described
    }

    /// The findings in `exchanges`, each line `#N: rule: … (explain TOPIC)` in the reader's
    /// language, then how many; or that there is nothing to mark.
    public static func report(_ exchanges: [Exchange], linter: HabitLinter = HabitLinter()) -> [String] {
        let described = describe(exchanges)
        let findings = linter.findings(in: described)
        // What was left out is counted, so the count agrees with `exchanges` (it said 79 of 102).
        let leftOut = exchanges.count - described.count
        guard !findings.isEmpty else { return [HabitMessage.clean(count: described.count, leftOut: leftOut).text] }
        return findings.map { HabitMessage.reported(location: HabitMessage.source($0.exchange.source).text, finding: $0).text }
            + [HabitMessage.summary(count: findings.count, exchanges: described.count, leftOut: leftOut).text]
    }

    /// A GET or HEAD sent by a command that does something else than read (`Exchange.sentBy`).
    static func isCommandsOwnRead(_ exchange: Exchange) -> Bool {
        guard let sentBy = exchange.sentBy, sentBy != .reads else { return false }
        return exchange.request.method == "GET" || exchange.request.method == "HEAD"
    }

    /// One exchange, its product the id in its path (a create's and a delete's are filled in by
    /// `describe(_:)`).
    static func describe(_ exchange: Exchange) -> HabitExchange {
        let request = exchange.request
        let match = MarketRoute.recognise(method: request.method, path: request.url.path)
        let operation = match.flatMap { HabitExchange.Operation(rawValue: $0.route.rawValue) } ?? .other
        let answer: HabitExchange.Answer = exchange.response.map { .status($0.status) } ?? .none
        return HabitExchange(
            source: .exchange(exchange.number), time: exchange.startedAt, method: request.method, operation: operation,
            target: path(of: request.target) + query(of: request.target), product: match?.id.map(String.init),
            answer: answer, headerNames: Set(request.headers.map(\.name)), hasBody: request.byteCount > 0,
            partTypes: request.parts?.map { $0.contentType.isEmpty ? nil : $0.contentType },
            secretPlaces: secretPlaces(request), bodyKey: bodyKey(request),
            answerHadETag: exchange.response?.headers["ETag"] != nil)
    }

    /// Where a secret is outside the body: a masked one (the log masks every secret it knows),
    /// or a query item or header named for one.
    static func secretPlaces(_ request: Exchange.Request) -> Set<HabitExchange.Place> {
        var places: Set<HabitExchange.Place> = []
        let path = path(of: request.target)
        let query = String(request.target.dropFirst(path.count))
        if path.contains(SecretMasking.mask) || (path.removingPercentEncoding ?? "").contains(SecretMasking.mask) {
            places.insert(.path)
        }
        let items = URLComponents(string: "http://host/?" + query.dropFirst())?.queryItems ?? []
        if query.contains(SecretMasking.mask) || items.contains(where: { namesASecret($0.name) }) { places.insert(.query) }
        let framing: Set<String> = ["host", "content-length", "content-type", "identifier"]
        for header in request.headers where !framing.contains(header.name.lowercased()) {
            if namesASecret(header.name) || header.value.contains(SecretMasking.mask) { places.insert(.header) }
        }
        if let identifier = request.headers["identifier"], identifier.contains(SecretMasking.mask) { places.insert(.header) }
        return places
    }

    /// A name that says it holds a secret (`secret`, `product_secret`, `X-Password`).
    static func namesASecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("secret") || lowered.contains("password")
    }

    /// The same text for the same body: a multipart body's parts (each name, type, file name and
    /// JSON or size; the boundary left out), or the body as kept.
    static func bodyKey(_ request: Exchange.Request) -> String? {
        if let parts = request.parts {
            return parts.map { part in
                let content = part.json.map { String(decoding: $0, as: UTF8.self) } ?? String(part.byteCount)
                return [part.name, part.contentType, part.filename ?? "", content].joined(separator: "\u{1}")
            }.joined(separator: "\u{2}")
        }
        guard let body = request.body, body.byteCount > 0 else { return nil }
        return String(decoding: body.data, as: UTF8.self) + (body.isCut ? "\u{3}\(body.byteCount)" : "")
    }

    static func path(of target: String) -> String {
        String(target.prefix { $0 != "?" }).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func query(of target: String) -> String { String(target.drop { $0 != "?" }) }

    /// The id of the product a create's answer is.
    static func createdID(in body: Data) -> String? {
        struct Created: Decodable { var id: Int }
        return (try? JSONDecoder().decode(Created.self, from: body)).map { String($0.id) }
    }
}
