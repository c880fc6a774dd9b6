import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// The client sends the vendor secret in the `secret` field and nowhere else.
@Suite("The secret goes only in its field")
struct SecretGuardTests {
    static let secret = "S3cr3t/pw\"$#@_-"
    static let credentials = VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: Secret(secret))

    func client() -> (MarketClient, RecordingTransport) {
        let transport = RecordingTransport(
            [], fallback: .respond(HTTPResponseData(status: 200, body: Data(DecodingTests.detailJSON.utf8))))
        return (
            MarketClient(baseURL: URL(string: "http://127.0.0.1:8080")!, credentials: Self.credentials, transport: transport),
            transport
        )
    }

    @Test func secretOutsideItsFieldIsRefusedBeforeSending() async throws {
        let (client, transport) = client()
        let image = try UploadImage(filename: "mug.jpg", data: Fixtures.imageData("coffee-small.jpg"))
        let attempts: [(String, @Sendable () async throws -> Void)] = [
            ("name", { _ = try await client.edit(id: 1, ProductChanges(name: "x \(Self.secret)")) }),
            (
                "description",
                {
                    _ = try await client.create(
                        ProductDraft(name: "Mug", description: "my secret is \(Self.secret)", price: 1, currency: .usd),
                        images: [image])
                }
            ),
            ("the URL", { _ = try await client.products(search: Self.secret) }),
        ]
        for (place, attempt) in attempts {
            do {
                try await attempt()
                Issue.record("\(place): sent")
            } catch {
                let expected = MarketError.invalidInput([
                    RuleViolation(place, .secretOutsideItsField)
                ])
                #expect(error as? MarketError == expected)
                #expect(!"\(error)".contains(Self.secret))
            }
        }
        #expect(transport.requests.isEmpty)
        // Where it belongs, it is sent.
        _ = try await client.edit(id: 1, ProductChanges(stock: 3))
        _ = try await client.create(
            ProductDraft(name: "Mug", description: "A very nice mug", price: 1, currency: .usd), images: [image])
        #expect(transport.requests.count == 2)
    }

    /// Issue 21, item 2: a secret the session protects but that is not the login's (the
    /// environment's, after `connect` elsewhere) is refused even in the secret field, raw too.
    @Test func aSecretThatIsNotTheLoginsIsRefusedEvenInItsField() async throws {
        var (client, transport) = client()
        client.protectedSecrets = ["environment-secret-9"]
        let body = try JSONSerialization.data(withJSONObject: ["secret": "environment-secret-9", "stock": 1])
        let request = HTTPRequestData(
            method: .patch, url: URL(string: "http://127.0.0.1:8080/api/products/1")!,
            headers: ["Content-Type": "application/json"], body: body)
        do {
            _ = try await client.sendRaw(request)
            Issue.record("sent")
        } catch {
            #expect("\(error)".contains("not this login's"), "\(error)")
            #expect(!"\(error)".contains("environment-secret-9"))
        }
        #expect(transport.requests.isEmpty)
        // The login's own secret there is sent.
        let own = try JSONSerialization.data(withJSONObject: ["secret": Self.secret, "stock": 1])
        _ = try await client.sendRaw(
            HTTPRequestData(method: .patch, url: request.url, headers: ["Content-Type": "application/json"], body: own))
        #expect(transport.requests.count == 1)
    }

    @Test func leakIsFoundInHeadersNestedKeysAndImages() throws {
        let url = URL(string: "http://127.0.0.1:8080/api/products/1")!
        let secrets = [Self.secret]
        #expect(
            SecretMasking.leak(in: HTTPRequestData(method: .get, url: url, headers: ["X-Note": Self.secret]), secrets: secrets)
                == "the header X-Note")
        let nested = try JSONSerialization.data(withJSONObject: ["secret": Self.secret, "extra": ["secret": Self.secret]])
        #expect(
            SecretMasking.leak(
                in: HTTPRequestData(method: .patch, url: url, headers: ["Content-Type": "application/json"], body: nested),
                secrets: secrets) == "extra.secret")
        let fine = try JSONSerialization.data(withJSONObject: ["secret": Self.secret, "stock": 1])
        #expect(SecretMasking.leak(in: HTTPRequestData(method: .patch, url: url, body: fine), secrets: secrets) == nil)
        let multipart = try MultipartBody.productCreation(
            params: Data(#"{"name":"Mug","secret":"x"}"#.utf8),
            images: [UploadImage(filename: "a.gif", data: Data("GIF89a\(Self.secret)".utf8))], boundary: "b0undary")
        let request = HTTPRequestData(
            method: .post, url: url, headers: ["Content-Type": multipart.contentType], body: multipart.data)
        #expect(SecretMasking.leak(in: request, secrets: secrets) == "an image part")
        #expect(SecretMasking.masked(#"{"echo":"S3cr3t\/pw\"$#@_-"}"#, secrets: secrets) == #"{"echo":"••••••"}"#)
    }
}
