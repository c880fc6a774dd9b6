import Foundation
import OpenMarketContract

/// An image as downloaded: its bytes and the type the server gave them.
public struct DownloadedImage: Sendable, Hashable {
    public var data: Data
    /// The `Content-Type` the server sent (`image/jpeg`); nil when it sent none. Not checked
    /// against the bytes: a caller that keeps the image judges them.
    public var contentType: String?
    /// The absolute address it came from.
    public var url: URL

    public init(data: Data, contentType: String?, url: URL) {
        self.data = data
        self.contentType = contentType
        self.url = url
    }
}

/// What a conditional image download answered.
public enum ImageRevalidation: Sendable, Hashable {
    /// The server sent the image, with its `ETag` when it gave one.
    case downloaded(DownloadedImage, etag: String?)
    /// 304: the copy the `ETag` named is still the image.
    case unchanged
}

extension ResponseLimits {
    /// The largest image `downloadImage` accepts by default, 20 MiB: far above the market's
    /// upload limit (300 KB), below what would hurt when several downloads run at once.
    /// (A transport may bound answers lower: `AsyncHTTPClientTransport.maxResponseBytes`.)
    public static let image = 20 * 1024 * 1024
    /// The largest product photo kept from a market, 512 KiB: the contract's 300 KiB per image
    /// with room for a server that re-encodes a little larger. What `export --images` asks for.
    public static let productPhoto = 512 * 1024
}

extension MarketClient {
    /// Downloads one image, such as a product's `images[].url` or `thumbnail`.
    ///
    /// Goes through `transport` like every call (a trace or a dry run sees it) with the
    /// client's `timeout` for the whole exchange, and sends no credentials: no `identifier`
    /// header, no secret (an address holding the secret is refused, as for any request). Redirects
    /// are not followed by the shared transport; a redirect is a `serverRefused` with its status.
    /// - Parameters:
    ///   - address: an `http` or `https` URL, or one relative to `baseURL` (`/images/1.jpg`).
    ///     Any other scheme (`file:`, `data:`) is `MarketError.invalidInput`.
    ///   - maxBytes: an answer larger than this is refused with an error naming the limit.
    public func downloadImage(
        _ address: String, maxBytes: Int = ResponseLimits.image
    ) async throws(MarketError) -> DownloadedImage {
        switch try await downloadImage(address, maxBytes: maxBytes, ifNoneMatch: nil) {
        case .downloaded(let image, _): return image
        // Not asked conditionally, so a 304 is a server's mistake.
        case .unchanged: throw .serverRefused(status: 304, message: ClientMessage.notModifiedUnasked.text)
        }
    }

    /// Downloads one image as `downloadImage(_:maxBytes:)` does, revalidating a copy kept from
    /// before: with `ifNoneMatch` (the `ETag` that copy came with) a 304 answers `.unchanged`,
    /// and nothing is read again.
    public func downloadImage(
        _ address: String, maxBytes: Int, ifNoneMatch etag: String?
    ) async throws(MarketError) -> ImageRevalidation {
        let url = try imageURL(address)
        var headers: HeaderFields = ["Accept": "image/*"]
        if let etag { headers.add("If-None-Match", etag) }
        let endpoint = Endpoint<Data>(
            method: .get, path: url.absoluteString, query: [], headers: headers, body: nil,
            documentedStatus: 200, decode: { $0 }, maxResponseBytes: maxBytes)
        let tooLarge = MarketError.unexpectedResponse(
            ClientMessage.imageTooLarge(url: excerpt(url.absoluteString), limit: maxBytes).text)
        // The transport's refusal, in whichever language the request asked for.
        let refused = Language.allCases.map { ClientMessage.answerTooLarge(limit: maxBytes).text(in: $0) }
        let response: MarketResponse<Data>
        do {
            response = try await send(endpoint)
        } catch .unexpectedResponse(let detail) where refused.contains(where: detail.contains) {
            throw tooLarge
        } catch .serverRefused(status: 304, _) where etag != nil {
            return .unchanged
        } catch {
            throw error
        }
        // Also here, for a transport that does not bound what it reads.
        guard response.body.count <= maxBytes else { throw tooLarge }
        let image = DownloadedImage(data: response.body, contentType: response.headers["Content-Type"], url: url)
        return .downloaded(image, etag: response.headers["ETag"])
    }

    /// The absolute address `downloadImage` would fetch for `address` (a key for a cache of images).
    public func imageAddress(_ address: String) throws(MarketError) -> URL {
        try imageURL(address)
    }

    /// `address` as an absolute http(s) URL: resolved against `baseURL` when relative (RFC 3986
    /// resolution, as a browser resolves an image's address in a page).
    func imageURL(_ address: String) throws(MarketError) -> URL {
        let text = address.trimmingCharacters(in: .whitespacesAndNewlines)
        func refuse(_ why: Rule) -> MarketError { .invalidInput([RuleViolation("image URL", why)]) }
        guard !text.isEmpty else { throw refuse(.emptyText) }
        // Addresses with spaces or non-ASCII letters are encoded first (`%xx` already there is kept).
        let encoded = Endpoint<Data>.percentEncoded(text, allowed: .urlQueryAllowed.union(["#", "[", "]"]))
        guard let resolved = URL(string: encoded, relativeTo: baseURL)?.absoluteURL,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false)
        else {
            throw refuse(.notAValidURL(excerpt(text)))
        }
        let scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw refuse(.onlyHTTPImages(scheme: excerpt(scheme)))
        }
        guard let host = components.host, !host.isEmpty else { throw refuse(.namesNoHost(excerpt(text))) }
        components.scheme = scheme
        components.fragment = nil
        guard let url = components.url else { throw refuse(.notAValidURL(excerpt(text))) }
        return url
    }
}
