import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

/// Who is asking and whether they may: the identifier header, the secret in the body, ownership.
extension MarketRoutes {
    func requireVendor(_ request: Request) async throws -> StoredVendor {
        guard let identifier = request.headers[Self.identifierHeader], !identifier.isEmpty else {
            throw APIError.unauthorized(.identifierRequired)
        }
        guard let vendor = try store.vendor(identifier: identifier) else {
            throw APIError.unauthorized(.unknownIdentifier)
        }
        return vendor
    }

    func checkSecret(_ secret: String, _ vendor: StoredVendor, _ context: MarketRequestContext) async throws {
        if let problem = ProductRules.checkNoNUL(secret, "secret") { throw APIError.rules([problem]) }
        switch await verifier.verify(secret, for: vendor, from: context.clientKey) {
        case .verified:
            ActivityNote.current?.verified(vendor.id, secret: secret)
            return
        case .wrong:
            throw APIError.unauthorized(.wrongSecret)
        case .throttled(let seconds):
            throw APIError(.tooManyRequests, .secretThrottled(seconds: seconds), retryAfter: seconds)
        case .busy(let seconds):
            throw APIError(.serviceUnavailable, .checkingBusy(seconds: seconds), retryAfter: seconds)
        }
    }

    /// The checks every JSON request on a product makes, in the contract's order: the vendor
    /// (401), the id, the body (400), then the secret in it (401).
    func authorizedJSON(
        _ request: Request, _ context: MarketRequestContext
    ) async throws -> (vendor: StoredVendor, id: Int, params: ProductParams) {
        let vendor = try await requireVendor(request)
        let id = try Self.productID(context)
        let body = try await uploads.reading(for: vendor.identifier) { try await Self.collectJSONBody(request) }
        let params = try Self.decodeJSON(ProductParams.self, body, what: "body")
        guard let secret = params.secret else { throw APIError.rules([RuleViolation("secret", .required)]) }
        try await checkSecret(secret, vendor, context)
        let numbers = JSONNumberText.violations(in: body, fields: ProductParams.numberFields)
        if !numbers.isEmpty { throw APIError.rules(numbers) }
        return (vendor, id, params)
    }

    /// For the two secret-in-body POSTs: the vendor, its secret, then the product it must own.
    func ownedProduct(_ request: Request, _ context: MarketRequestContext) async throws -> StoredProduct {
        let (vendor, id, _) = try await authorizedJSON(request, context)
        guard let product = try store.product(id: id) else { throw Self.notFound(id) }
        guard product.vendorID == vendor.id else { throw Self.forbidden(id) }
        return product
    }
}
