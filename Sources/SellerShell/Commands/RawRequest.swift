import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract

/// `GET /api/products?page_no=2`, `PATCH /api/products/3 price:=3500 secret=@secret`, …: an HTTP
/// request typed by hand, with HTTPie's items (see `RequestItem`), sent to the session's market
/// with its `identifier` header (unless `--no-auth`); the answer is shown in full, whatever its
/// status. One type per method (the method decides what the journal, the recorder and a dry
/// run make of it), all of them this one generic command.
public struct RawRequest<Method: RawMethod>: ShellCommand {
    public static var spec: CommandSpec { RawRequests.spec(for: Method.method) }
    public static var commandNames: CommandNames { RawRequests.names(for: Method.method) }

    /// The same for every method (the spec's flags are `RawRequest<RawGET>`'s). The words come as
    /// they are (items look like fields), so a flag is one of them standing alone.
    static var options: [CommandOption<Self>] {
        [
            .flag("--no-auth", \.noAuth, help: ShellHelp.requestNoAuth),
            .flag("--check-status", \.checkStatus, help: ShellHelp.requestCheckStatus),
            .flag("--offline", \.offline, help: ShellHelp.requestOffline),
        ]
    }

    public var path: String
    public var items: [RequestItem] = []
    public var noAuth = false
    /// `--check-status`: a 4xx or 5xx answer fails the command (HTTPie's flag), so a script stops.
    public var checkStatus = false
    /// `--offline`: the request is shown as it would be sent (HTTPie's flag), and not sent.
    public var offline = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        let method = Method.method.rawValue
        self.path = ""
        let words = try arguments.takeOptions(Self.options, into: &self)
        var path: String?
        var items: [RequestItem] = []
        for word in words {
            if !word.wasQuoted, word.text.hasPrefix("--") {
                throw .usage(
                    Message.rawUnknownOption(method: method, option: word.text, known: Self.options.map(\.name)).text)
            } else if path == nil {
                guard RawRequests.looksLikePath(word.text) else {
                    throw .usage(Message.rawPathFirst(method: method, got: word.text).text)
                }
                path = word.text
            } else if let item = RequestItem(word) {
                // A line break would end the header and start another (or the body): refused here,
                // in one line, not left to the transport.
                if item.kind == .header, (item.key + item.value).unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
                    throw .usage(Message.headerLineBreak(TextLayout.visible(item.key)).text)
                }
                items.append(item)
            } else {
                throw .usage(Message.notARequestItem(word.text).text)
            }
        }
        guard let path else { throw .usage(Message.rawNeedsPath(method: method).text) }
        if Method.method == .get || Method.method == .head || Method.method == .options,
            let body = items.first(where: { ![.header, .query].contains($0.kind) })
        {
            throw .usage(Message.rawNoBody(method: method, item: body.text).text)
        }
        self.path = path
        self.items = items
    }

    public var words: [Word] {
        [Word(Method.method.rawValue), Word(path)] + items.map { Word($0.text, wasQuoted: $0.wasQuoted) }
            + Self.options.words(of: self)
    }

    public var productID: Int? { RawRequests.productID(in: path) }
    public var productName: String? { items.first { $0.kind == .text && $0.key == "name" }?.value }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let (request, sources) = try RawRequests.compose(
            Method.method, path: path, items: items, auth: !noAuth, client: context.client, base: context.paths)
        if offline {
            // As the exchange log would keep it: framed as sent (Host, Content-Length), the
            // secret masked, photos named by their files.
            let kept = Exchange.Request(
                recording: request.framed(), secrets: context.records.secrets, bodyLimit: 1024 * 1024, sources: sources)
            let shown = ExchangeRendering.request(kept, color: context.settings.useColor)
            return CommandOutcome([.text(shown), .note(Message.offlineNothingSent.text)])
        }
        let before = await productBefore(in: context)
        var client = context.client
        client.notes.photoSources = sources
        let response = try await client.sendRaw(request)
        let answer = Exchange.Response(
            status: response.status, headers: response.headers, body: KeptBody(response.body, limit: 1024 * 1024))
        let shown = ExchangeRendering.answer(answer, color: context.settings.useColor)
        var outcome = CommandOutcome([.text(shown, raw: response.body)])
        outcome.answer = RawAnswer(status: response.status, headers: response.headers, body: response.body)
        if (200..<300).contains(response.status), let product = try? MarketJSON.decoder.decode(Product.self, from: response.body)
        {
            let effect: ProductResult.Effect =
                switch Method.method {
                case .post: .created
                case .patch, .put: .changed
                case .delete: .deleted
                default: .read
                }
            outcome.product = ProductResult(effect, product, document: response.body)
            if context.keepsChanges { outcome.changes = change(effect, product, etag: response.headers["ETag"], before: before) }
            if effect == .deleted {
                context.records.index.forget(product.id)
            } else {
                context.records.index.remember([(product.id, product.name)])
            }
        }
        if checkStatus, response.status >= 400 {
            throw CommandFailure.failed(
                Message.answerIs(
                    request: "\(Method.method.rawValue) \(path)", status: response.status,
                    reason: HTTPStatusPhrase.reason(response.status)
                ).text)
        }
        return outcome
    }
}

extension RawRequest {
    /// The product a PATCH or DELETE typed by hand is about to change, with its photos before a
    /// DELETE, read for the change log (nil when it keeps nothing, or the path is no product's).
    private func productBefore(in context: CommandContext) async -> (product: Product, photos: [SavedPhoto], problem: String?)? {
        guard context.keepsChanges, Method.method == .patch || Method.method == .delete else { return nil }
        let target = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = target.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "api", parts[1] == "products" else { return nil }
        let id: Int?
        if Method.method == .patch {
            id = parts.count == 3 ? Int(parts[2]) : nil
        } else if parts.count == 4, let number = Int(parts[2]) {
            id = number  // the earlier host's DELETE /api/products/{id}/{product secret}
        } else {
            id = parts.count == 3 ? Self.archivedID(answering: target, in: context.records.exchanges) : nil
        }
        guard let id, let product = try? await context.client.product(id: id).value else { return nil }
        guard Method.method == .delete else { return (product, [], nil) }
        let (photos, problem) = await context.photosBeforeDelete(of: product)
        return (product, photos, problem)
    }

    /// The product whose delete URI is `target`: the one an earlier `POST /api/products/ID/archived`
    /// of this session answered it for (the URI is opaque to a client).
    static func archivedID(answering target: String, in exchanges: ExchangeLog) -> Int? {
        for exchange in exchanges.exchanges.reversed() {
            let parts = exchange.request.target.split(separator: "/").map(String.init)
            guard exchange.request.method == "POST", parts.count == 4, parts[3] == "archived", let id = Int(parts[2]),
                let body = exchange.response?.body.data,
                String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == target
            else { continue }
            return id
        }
        return nil
    }

    /// What the request changed, for the change log.
    private func change(
        _ effect: ProductResult.Effect, _ product: Product, etag: String?,
        before: (product: Product, photos: [SavedPhoto], problem: String?)?
    ) -> [ProductChange] {
        switch effect {
        case .created: return [ProductChange(.created, before: nil, after: product, etag: etag)]
        case .changed:
            guard let before else { return [] }
            return [ProductChange(.edited, before: before.product, after: product, etag: etag)]
        case .deleted:
            return [
                ProductChange(
                    .deleted, before: before?.product ?? product, after: nil, photos: before?.photos ?? [],
                    photoProblem: before?.problem)
            ]
        case .read: return []
        }
    }
}

/// An HTTP method a raw request can use, as a type (see `RawRequest`).
public protocol RawMethod: Sendable {
    static var method: HTTPMethod { get }
}

public enum RawGET: RawMethod { public static var method: HTTPMethod { .get } }
public enum RawHEAD: RawMethod { public static var method: HTTPMethod { .head } }
public enum RawPOST: RawMethod { public static var method: HTTPMethod { .post } }
public enum RawPUT: RawMethod { public static var method: HTTPMethod { .put } }
public enum RawPATCH: RawMethod { public static var method: HTTPMethod { .patch } }
public enum RawDELETE: RawMethod { public static var method: HTTPMethod { .delete } }
public enum RawOPTIONS: RawMethod { public static var method: HTTPMethod { .options } }

/// What a raw request answered, for a script to check (`expect ${response.status} == 405`).
public struct RawAnswer: Sendable {
    public var status: Int
    public var headers: HeaderFields
    public var body: Data
}
