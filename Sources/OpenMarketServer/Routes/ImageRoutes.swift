import Digests
import Foundation
import HTTPTypes
import Hummingbird

extension MarketRoutes {
    /// `GET /images/…`: the stored image files and thumbnails, cached for good (their names
    /// never change content), with an `ETag` so a client that keeps copies (the shell's photo
    /// cache) can revalidate one with `If-None-Match` and get a 304 without the bytes.
    func imageRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        Self.getAndHead(routes, "**") { request, context in try serveImage(request, context) }
        return routes
    }

    func serveImage(_ request: Request, _ context: MarketRequestContext) throws -> Response {
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard let (data, type) = images.read(path) else { throw APIError(.notFound, .noSuchImage) }
        let etag = Self.imageETag(path: path, byteCount: data.count)
        if let tags = request.headers[.ifNoneMatch], Self.etag(etag, matches: tags) {
            var response = Response(status: .notModified, headers: [.eTag: etag])
            response.headers[.cacheControl] = "public, max-age=31536000, immutable"
            return response
        }
        var response = Self.response(.ok, contentType: type, body: data)
        response.headers[.cacheControl] = "public, max-age=31536000, immutable"
        response.headers[.eTag] = etag
        // The type is sniffed from the bytes here; a browser must not guess another (an upload
        // that is both a GIF and an HTML page).
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return response
    }

    /// An image's name never changes its content, so its tag is made from the name and the size
    /// (no hashing of the bytes on each request): a strong tag, quoted.
    static func imageETag(path: String, byteCount: Int) -> String {
        let digest = SHA256.hash(data: Data(path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return "\"\(digest)-\(byteCount)\""
    }
}
