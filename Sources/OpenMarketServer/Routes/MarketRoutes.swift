import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

/// The HTTP surface of the contract: one handler per row of its endpoint table, grouped per
/// resource in the files beside this one (HealthRoutes, ProductRoutes and the product's
/// Creation, Editing and Deletion, ImageRoutes), and the buyers' storefront (../Storefront/);
/// what they share is here and in ../HTTP/.
struct MarketRoutes: Sendable {
    let store: MarketStore
    let images: ImageStorage
    let verifier: SecretVerifier
    /// Request bodies being read per identifier, capped.
    let uploads: UploadSlots
    let listCache: ListCache
    /// The storefront's pages, and the open pages' event streams.
    let storefront: StorefrontPages
    let events: StorefrontEvents
    /// The base of the image URLs in responses; nil means "the Host the request was sent to".
    let publicURL: String?
    let clock: @Sendable () -> Date

    static let maxImageBytes = UploadRules.maxImageBytes
    static let maxRequestBytes = UploadRules.maxRequestBytes

    /// Every route, one collection per resource: the health check, the products, the image files.
    func register(on router: Router<MarketRequestContext>) {
        router.addRoutes(Self.healthRoutes(), atPath: "/healthChecker")
        router.addRoutes(productRoutes(), atPath: "/api/products")
        router.addRoutes(imageRoutes(), atPath: "/images")
        router.addRoutes(Self.openAPIRoutes(), atPath: "/openapi.json")
        router.addRoutes(storefrontRoutes())
    }

    // MARK: HEAD

    /// Registers `handler` for GET and for HEAD at `path`: HEAD answers what GET would (status,
    /// headers, `Content-Length` of the body), without the body, failures included.
    static func getAndHead(
        _ routes: RouteCollection<MarketRequestContext>, _ path: RouterPath = "",
        logger: Logger = Logger(label: "openmarket.head"),
        _ handler: @escaping @Sendable (Request, MarketRequestContext) async throws -> Response
    ) {
        routes.get(path, use: handler)
        routes.head(path) { request, context in
            do {
                return withoutBody(try await handler(request, context))
            } catch {
                return withoutBody(ErrorAndLogMiddleware<MarketRequestContext>.response(for: error, to: request, logger: logger))
            }
        }
    }

    /// The answer's status and headers, its `Content-Length` that of the body it leaves out.
    static func withoutBody(_ response: Response) -> Response {
        var headers = response.headers
        if headers[.contentLength] == nil, let length = response.body.contentLength {
            headers[.contentLength] = String(length)
        }
        return Response(status: response.status, headers: headers, body: ResponseBody())
    }

    // MARK: Rendering

    func baseURL(for request: Request) -> String {
        if let publicURL { return publicURL }
        return "http://\(request.head.authority ?? "127.0.0.1")"
    }

    func product(from stored: StoredProduct, base: String) -> Product {
        let images = stored.images.map {
            ProductImage(
                id: $0.id, url: "\(base)/images/\($0.path)", thumbnailURL: "\(base)/images/\($0.thumbnailPath)",
                issuedAt: MarketTimestamp(text: $0.createdAt))
        }
        let fields = stored.fields
        let thumbnail = images.first { $0.id == fields.thumbnailImageID }?.thumbnailURL ?? images.first?.thumbnailURL
        return Product(
            id: stored.id, vendorID: stored.vendorID, name: fields.name, description: fields.description,
            thumbnail: thumbnail, currency: Currency(rawValue: fields.currency), price: fields.price,
            bargainPrice: DecimalText.shared.difference(fields.price, fields.discountedPrice),
            discountedPrice: fields.discountedPrice, stock: fields.stock,
            createdAt: MarketTimestamp(text: stored.createdAt), issuedAt: MarketTimestamp(text: stored.issuedAt),
            images: images, vendor: VendorReference(id: stored.vendorID, name: stored.vendorName))
    }
}
