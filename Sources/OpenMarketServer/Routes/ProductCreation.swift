import Foundation
import Hummingbird
import MarketImages
import OpenMarketContract

/// `POST /api/products`: a multipart body with a `params` JSON part and one to five images.
///
/// The checks run in the contract's order: the vendor (401), the body's size and type (413,
/// 400), the `params` part (400), its secret (401), then every field and image rule at once
/// (400, all problems listed); only then is anything written.
extension MarketRoutes {
    /// An image part that passed the rules, with the label messages name it by.
    struct AcceptedImage {
        var data: Data
        var format: ImageFormat
        var label: String
    }

    func create(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let vendor = try await requireVendor(request)
        let boundary = try Self.multipartBoundary(of: request)
        let parts = try await uploads.reading(for: vendor.identifier) {
            try await Self.multipartParts(of: request, boundary: boundary)
        }
        ActivityNote.current?.sawParts(parts)
        let paramsPart = try Self.paramsPart(in: parts)
        let params = try Self.decodeJSON(ProductParams.self, paramsPart.body, what: "params")
        guard let secret = params.secret else { throw APIError.rules([RuleViolation("params.secret", .required)]) }
        try await checkSecret(secret, vendor, context)
        let (fields, accepted) = try Self.checkedProduct(params, paramsBody: paramsPart.body, parts: parts)
        return try await storeProduct(fields, images: accepted, vendor: vendor, request: request)
    }

    /// The boundary of a create's body, decided from its head alone: a body declared over the
    /// limit (413) or not `multipart/form-data` with a valid boundary (400) is refused before a
    /// byte of it is read.
    static func multipartBoundary(of request: Request) throws -> String {
        try refuseDeclaredOverLimit(request)
        guard let contentType = request.headers[.contentType], let media = ContentTypeValue(contentType),
            media.mediaType == "multipart/form-data", let boundary = media.parameters["boundary"]
        else {
            throw APIError.badRequest(.notMultipart)
        }
        guard ContentTypeValue.isValidBoundary(boundary) else {
            throw APIError.badRequest(.badBoundary)
        }
        return boundary
    }

    /// The parts of a multipart body within the request and part limits.
    static func multipartParts(of request: Request, boundary: String) async throws -> [UploadedPart] {
        do {
            return try await MultipartUpload.read(
                request.body, boundary: boundary, maxRequestBytes: maxRequestBytes, maxPartBytes: maxImageBytes)
        } catch UploadFailure.requestTooLarge {
            throw APIError(.contentTooLarge, .bodyTooLarge)
        } catch UploadFailure.malformed(let reason) {
            throw APIError.badRequest(reason)
        }
    }

    /// The `params` part, whole: only a prefix of an oversized part is kept, which would read as
    /// broken JSON.
    static func paramsPart(in parts: [UploadedPart]) throws -> UploadedPart {
        guard let paramsPart = parts.first(where: { $0.name == "params" }) else {
            throw APIError.badRequest(.paramsMissing)
        }
        if paramsPart.byteCount > maxImageBytes {
            throw APIError.badRequest(.paramsTooLarge(bytes: paramsPart.byteCount))
        }
        return paramsPart
    }

    /// The product's fields and images when every rule holds; otherwise every broken rule.
    static func checkedProduct(
        _ params: ProductParams, paramsBody: Data, parts: [UploadedPart]
    ) throws -> (ProductFields, [AcceptedImage]) {
        var problems = JSONNumberText.violations(in: paramsBody, fields: ProductParams.numberFields)
        func require<T>(_ value: T?, _ name: String) -> T? {
            if value == nil { problems.append(RuleViolation(name, .required)) }
            return value
        }
        let name = require(params.name, "name")
        let description = require(params.description ?? params.descriptions, "description")
        let price = require(params.price, "price")
        let currency = require(params.currency, "currency")
        let fields = ProductFields(
            name: name ?? "", description: description ?? "", currency: currency ?? "KRW", price: price ?? 1,
            discountedPrice: params.discountedPrice ?? 0, stock: try wholeNumber(params.stock, "stock") ?? 0)
        if problems.isEmpty { problems = fields.violations + problems }

        let imageParts = parts.filter { $0.name == "images" }
        if let count = UploadRules.checkCount(imageParts.count) { problems.append(count) }
        let accepted = acceptedImages(imageParts, problems: &problems)
        if !problems.isEmpty { throw APIError.rules(problems) }
        return (fields, accepted)
    }

    /// The image parts that are a JPEG, PNG or GIF within the size limit; a problem for each other.
    static func acceptedImages(_ imageParts: [UploadedPart], problems: inout [RuleViolation]) -> [AcceptedImage] {
        var accepted: [AcceptedImage] = []
        for (index, part) in imageParts.enumerated() {
            let label = "images[\(index + 1)]" + (part.filename.map { " (\($0))" } ?? "")
            if part.byteCount > maxImageBytes {
                problems.append(RuleViolation(label, .partOverLimit(bytes: part.byteCount)))
            } else if part.byteCount == 0 {
                problems.append(RuleViolation(label, .image(.empty)))
            } else if let format = ImageFormat(sniffing: part.body) {
                accepted.append(AcceptedImage(data: part.body, format: format, label: label))
            } else {
                problems.append(RuleViolation(label, .image(.notAnImage(ImageFormat.unrecognised(part.body)))))
            }
        }
        return accepted
    }

    /// Writes the image files, then the product; the files are removed again if anything fails.
    func storeProduct(
        _ fields: ProductFields, images accepted: [AcceptedImage], vendor: StoredVendor, request: Request
    ) async throws -> Response {
        let now = clock()
        var written: [NewImage] = []
        do {
            for image in accepted {
                do {
                    written.append(try images.store(image.data, format: image.format, vendorID: vendor.id, date: now))
                } catch let error as ImageProcessingError {
                    throw APIError.badRequest(.unreadableImage(label: image.label, detail: "\(error)"))
                }
            }
            let stored = try await store.insertProduct(
                vendorID: vendor.id, fields: fields, images: written, productSecret: UUID().uuidString.lowercased(),
                now: MarketTimestamp.format(now))
            catalogChanged(.created, stored.id)
            ActivityNote.current?.created(stored.id)
            return try Self.json(.created, product(from: stored, base: baseURL(for: request)), etag: stored.etag)
        } catch {
            images.remove(written.flatMap { [$0.path, $0.thumbnailPath] })
            throw error
        }
    }
}
