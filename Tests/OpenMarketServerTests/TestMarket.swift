import AsyncHTTPClient
import Foundation
import MarketTestSupport
import NIOCore
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

/// The one test market lives in MarketTestSupport; this name makes it visible in every file of
/// this target, including those that do not import MarketTestSupport themselves.
typealias TestMarket = MarketTestSupport.TestMarket

/// Raw HTTP, for what the client would refuse to send: the server tests' own helpers.
extension TestMarket {

    struct RawResponse {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }

        /// The contract's error body.
        var error: MarketErrorBody? { try? MarketJSON.decoder.decode(MarketErrorBody.self, from: body) }
    }

    func raw(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> RawResponse {
        var request = HTTPClientRequest(url: baseURL.absoluteString + path)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        // Generous: the suite runs in parallel on two cores, and a test must not fail on timing.
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        return RawResponse(status: Int(response.status.code), headers: fields, body: Data(bytes.readableBytesView))
    }

    func json(
        _ method: String, _ path: String, _ json: String, identifier: String? = nil, sendIdentifier: Bool = true
    ) async throws -> RawResponse {
        var headers = ["Content-Type": "application/json"]
        if sendIdentifier { headers["identifier"] = identifier ?? demo.identifier }
        return try await raw(method, path, headers: headers, body: Data(json.utf8))
    }

    /// A multipart create built by hand: `params` as given, then the given image parts.
    func rawCreate(
        params: String?, images: [(filename: String, data: Data)], identifier: String? = nil,
        boundary: String = "TestBoundary7MA4YWxk", closing: Bool = true, contentType: String? = nil
    ) async throws -> RawResponse {
        var body = Data()
        func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
        if let params {
            line("--\(boundary)")
            line(#"Content-Disposition: form-data; name="params""#)
            line("Content-Type: application/json")
            line("")
            body.append(Data(params.utf8))
            line("")
        }
        for image in images {
            line("--\(boundary)")
            line(#"Content-Disposition: form-data; name="images"; filename=\#(MultipartBody.quotedString(image.filename))"#)
            line("")
            body.append(image.data)
            line("")
        }
        if closing { line("--\(boundary)--") }
        return try await raw(
            "POST", "/api/products",
            headers: [
                "identifier": identifier ?? demo.identifier,
                "Content-Type": contentType ?? "multipart/form-data; boundary=\(boundary)",
            ],
            body: body)
    }

    /// Params JSON for a valid product, with the demo secret unless another is given.
    func params(name: String = "Test mug", secret: String? = nil, extra: String = "") -> String {
        #"{"name":"\#(name)","description":"A mug for the tests","price":1000,"currency":"KRW","secret":"\#(secret ?? demo.secret.revealed)"\#(extra)}"#
    }

    /// Creates a product through the client with the given fixture images.
    @discardableResult
    func createProduct(
        name: String = "Test mug", price: Decimal = 1000, currency: Currency = .krw, discount: Decimal = 0,
        stock: Int = 1, images: [String] = ["coffee-small.jpg"], as credentials: VendorCredentials? = nil
    ) async throws -> Product {
        let uploads = try images.map { try UploadImage.load(path: Fixtures.image($0).path) }
        return try await client(credentials).create(
            ProductDraft(
                name: name, description: "A product made by a test", price: price, currency: currency,
                discountedPrice: discount, stock: stock),
            images: uploads
        ).value
    }
}

extension MarketError {
    var status: Int? {
        if case .serverRefused(let status, _) = self { return status }
        if case .preconditionFailed = self { return 412 }
        return nil
    }
}

/// Runs `body` and returns the MarketError it threw (recording an issue when it threw none).
func marketError<T>(_ body: () async throws -> T) async -> MarketError? {
    do {
        _ = try await body()
        Issue.record("expected a MarketError, got success")
        return nil
    } catch let error as MarketError {
        return error
    } catch {
        Issue.record("expected a MarketError, got \(error)")
        return nil
    }
}
