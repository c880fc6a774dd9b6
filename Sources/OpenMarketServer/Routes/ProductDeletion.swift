import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

extension MarketRoutes {
    func deleteURI(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let product = try await ownedProduct(request, context)
        let token = DeleteToken.make(productID: product.id, productSecret: product.productSecret)
        return Self.response(.ok, contentType: "text/plain; charset=utf-8", body: Data("/api/products/\(token)".utf8))
    }

    func productSecret(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let product = try await ownedProduct(request, context)
        return Self.response(.ok, contentType: "text/plain; charset=utf-8", body: Data(product.productSecret.utf8))
    }

    func delete(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let vendor = try await requireVendor(request)
        let token = context.parameters.get("id") ?? ""
        guard let (id, productSecret) = DeleteToken.parse(token) else {
            throw APIError.badRequest(.deleteTokenInvalid)
        }
        return try await delete(id: id, productSecret: productSecret, vendor: vendor, request: request)
    }

    func legacyDelete(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let vendor = try await requireVendor(request)
        let id = try Self.productID(context)
        let secret = context.parameters.get("secret") ?? ""
        return try await delete(id: id, productSecret: secret.removingPercentEncoding ?? secret, vendor: vendor, request: request)
    }

    private func delete(id: Int, productSecret: String, vendor: StoredVendor, request: Request) async throws -> Response {
        let deleted = try await store.deleteProduct(id: id) { current in
            guard SecretVerifier.constantTimeEqual(Data(current.productSecret.utf8), Data(productSecret.utf8)) else {
                throw APIError.badRequest(.deleteTokenNotForProduct(id))
            }
            guard current.vendorID == vendor.id else { throw Self.forbidden(id) }
        }
        guard let deleted else { throw Self.notFound(id) }
        catalogChanged(.deleted, deleted.id)
        images.remove(deleted.images.flatMap { [$0.path, $0.thumbnailPath] })
        return try Self.json(.ok, product(from: deleted, base: baseURL(for: request)))
    }
}
