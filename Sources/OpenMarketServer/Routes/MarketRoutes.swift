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
/// Creation, Editing and Deletion, ImageRoutes); what they share is here and in ../HTTP/.
struct MarketRoutes: Sendable {
    let store: MarketStore
    let images: ImageStorage
    let verifier: SecretVerifier
    let listCache: ListCache
    /// The base of the image URLs in responses; nil means "the Host the request was sent to".
    let publicURL: String?
    let clock: @Sendable () -> Date

    static let maxImageBytes = UploadRules.maxImageBytes
    static let maxRequestBytes = UploadRules.maxRequestBytes

    /// Every route, one collection per resource: the health check, the products, the image files.
    func register(on router: Router<BasicRequestContext>) {
        router.addRoutes(Self.healthRoutes(), atPath: "/healthChecker")
        router.addRoutes(productRoutes(), atPath: "/api/products")
        router.addRoutes(imageRoutes(), atPath: "/images")
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
