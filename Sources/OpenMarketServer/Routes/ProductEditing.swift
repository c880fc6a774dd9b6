import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

extension MarketRoutes {
    func edit(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let (vendor, id, changes) = try await authorizedJSON(request, context)
        let ifMatch = request.headers[.ifMatch]

        let updated = try await store.updateProduct(id: id, now: MarketTimestamp.format(clock())) { current in
            guard current.vendorID == vendor.id else { throw Self.forbidden(id) }
            if let ifMatch, !Self.etag(current.etag, matches: ifMatch) {
                throw APIError(.preconditionFailed, .changedSinceRead(etag: current.etag))
            }
            var fields = current.fields
            if let name = changes.name { fields.name = name }
            if let description = changes.description ?? changes.descriptions { fields.description = description }
            if let price = changes.price { fields.price = price }
            if let currency = changes.currency { fields.currency = currency }
            if let discount = changes.discountedPrice { fields.discountedPrice = discount }
            if let stock = try Self.wholeNumber(changes.stock, "stock") { fields.stock = stock }
            var problems = fields.violations
            if let thumbnailID = try Self.wholeNumber(changes.thumbnailID, "thumbnail_id") {
                if current.images.contains(where: { $0.id == thumbnailID }) {
                    fields.thumbnailImageID = thumbnailID
                } else {
                    problems.append(RuleViolation("thumbnail_id", .notOneOfImageIDs(current.images.map(\.id))))
                }
            }
            if !problems.isEmpty { throw APIError.rules(problems) }
            return fields
        }
        guard let updated else { throw Self.notFound(id) }
        catalogChanged(.changed, updated.id)
        return try Self.json(.accepted, product(from: updated, base: baseURL(for: request)), etag: updated.etag)
    }
}
