import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("The client, through a transport that replays canned answers")
struct ClientTests {
    static let base = URL(string: "http://127.0.0.1:8080")!
    static let secret = "S3cr3t$#@_-pw"
    static let credentials = VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: Secret(secret))
    static let detail = DecodingTests.detailJSON

    func client(_ replies: [RecordingTransport.Reply], timeout: Duration = .seconds(5)) -> (MarketClient, RecordingTransport) {
        let transport = RecordingTransport(replies)
        return (
            MarketClient(baseURL: Self.base, credentials: Self.credentials, transport: transport, timeout: timeout), transport
        )
    }

    // MARK: Requests on the wire

    @Test func healthRequest() async throws {
        let (client, transport) = client([.json(200, #""OK""#)])
        let health = try await client.health()
        #expect(health.value == "OK")
        #expect(health.status == 200)
        #expect(health.body == Data(#""OK""#.utf8))
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/healthChecker")
        #expect(request.headers["identifier"] == nil)
    }

    @Test func listQueryIsPercentEncoded() async throws {
        let page =
            #"{"pageNo":2,"itemsPerPage":5,"totalCount":0,"offset":5,"limit":10,"lastPage":0,"hasNext":false,"hasPrev":true,"pages":[]}"#
        let (client, transport) = client([.json(200, page)])
        _ = try await client.products(page: 2, perPage: 5, search: "우유 a+b&c=d")
        let url = try #require(transport.requests.first?.url.absoluteString)
        #expect(
            url == "http://127.0.0.1:8080/api/products?page_no=2&items_per_page=5&search_value=%EC%9A%B0%EC%9C%A0%20a%2Bb%26c%3Dd"
        )
        let decoded = URLComponents(string: url)?.queryItems?.first { $0.name == "search_value" }?.value
        #expect(decoded == "우유 a+b&c=d")
    }

    @Test func baseURLWithPathPrefixIsKept() throws {
        let url = try Endpoints.product(id: 4).url(relativeTo: URL(string: "http://host:81/market/")!)
        #expect(url.absoluteString == "http://host:81/market/api/products/4")
    }

    @Test func aPlainPathJoinedAsTextIsTheURLComponentsWouldMake() throws {
        let bases = [
            "http://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://host:81/market/", "http://host/market",
            "https://openmarket.example", "http://[::1]:8080", "http://user:pw@host/", "http://host/?q=1",
        ]
        let paths = [
            "/api/products/4", "/api/products/4/archived", "/healthChecker", "/api/products", "//other/x",
            "/api/products/../secret", "/api/products/%2F", "/api/products/우유", "/a b", "/api/products?page_no=2",
        ]
        var joined = 0
        for base in bases.map({ URL(string: $0)! }) {
            for path in paths {
                let endpoint = Endpoint<String>(
                    method: .get, path: path, query: [], headers: HeaderFields(), body: nil, documentedStatus: 200,
                    decode: { _ in "" })
                let general = try endpoint.resolved(relativeTo: base)
                #expect(try endpoint.url(relativeTo: base) == general, "\(base) + \(path)")
                if Endpoint<String>.plainJoin(path, query: [], onto: base) != nil { joined += 1 }
            }
        }
        // The plain bases (the first five) with the plain paths (the first six) take the fast way.
        #expect(joined == 5 * 6)
        // Again with another base on every request: what is remembered of one base (its text)
        // never serves the next.
        for path in paths {
            for base in bases.map({ URL(string: $0)! }) {
                let endpoint = Endpoint<String>(
                    method: .get, path: path, query: [], headers: HeaderFields(), body: nil, documentedStatus: 200,
                    decode: { _ in "" })
                #expect(try endpoint.url(relativeTo: base) == (try endpoint.resolved(relativeTo: base)), "\(base) + \(path)")
            }
        }
    }

    @Test func badPagingIsRefusedLocally() async {
        let (client, transport) = client([])
        let error = await marketError { _ = try await client.products(page: 0, perPage: 2000) }
        #expect(error?.category == .invalidInput)
        #expect(error?.description == "page_no: must be 1 or more (it is 0); items_per_page: must be 1 to 1000 (it is 2000)")
        #expect(transport.requests.isEmpty)
    }

    @Test func createSendsIdentifierAndMultipart() async throws {
        let (client, transport) = client([.json(201, Self.detail)])
        let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
        let product = try await client.create(
            ProductDraft(name: "우유병 텀블러", description: "하얀 우유병 모양의 텀블러입니다", price: 3500, currency: .krw), images: [image])
        #expect(product.value.id == 32)
        #expect(product.status == 201)
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.headers["identifier"] == Self.credentials.identifier)
        #expect(request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @Test func createChecksEverythingBeforeSending() async {
        let (client, transport) = client([])
        let error = await marketError {
            _ = try await client.create(ProductDraft(name: "x", description: "short", price: 0, currency: .usd), images: [])
        }
        #expect(
            error
                == .invalidInput([
                    RuleViolation("name", .length(min: 3, max: 100, count: 1)),
                    RuleViolation("description", .length(min: 10, max: 1000, count: 5)),
                    RuleViolation("price", .notGreaterThanZero(0)),
                    RuleViolation("images", .imageRequired(min: 1)),
                ]))
        #expect(transport.requests.isEmpty)
    }

    @Test func mutatingWithoutCredentialsSendsNothing() async {
        let transport = RecordingTransport()
        let client = MarketClient(baseURL: Self.base, transport: transport)
        let error = await marketError { _ = try await client.delete(id: 3) }
        #expect(error == .missingCredentials)
        #expect(transport.requests.isEmpty)
    }

    @Test func deleteIsTwoStepsAndTheURIIsOpaque() async throws {
        let (client, transport) = client([.text(200, "/api/products/MzJ8YWJj-_x\n"), .json(200, Self.detail)])
        let deleted = try await client.delete(id: 32)
        #expect(deleted.value.id == 32)
        #expect(deleted.body == Data(Self.detail.utf8))
        let requests = transport.requests
        #expect(requests.count == 2)
        #expect(requests[0].method == .post)
        #expect(requests[0].url.path == "/api/products/32/archived")
        #expect(requests[0].body == Data(#"{"secret":"S3cr3t$#@_-pw"}"#.utf8))
        #expect(requests[0].headers["identifier"] == Self.credentials.identifier)
        #expect(requests[1].method == .delete)
        #expect(requests[1].url.absoluteString == "http://127.0.0.1:8080/api/products/MzJ8YWJj-_x")
        #expect(requests[1].body == nil)
    }

    @Test func aGarbageDeleteURIDoesNotCrash() async throws {
        let (client, transport) = client([.text(200, "/api/products/has space%zz?x=1 2"), .json(200, Self.detail)])
        _ = try await client.delete(id: 32)
        #expect(transport.requests[1].url.absoluteString == "http://127.0.0.1:8080/api/products/has%20space%25zz?x=1%202")
    }

    @Test func earlierHostSecretFlow() async throws {
        let (client, transport) = client([.text(200, "a1b2-product-secret"), .json(200, Self.detail)])
        let productSecret = try await client.productSecret(id: 32).value
        #expect(productSecret == "a1b2-product-secret")
        _ = try await client.delete(id: 32, productSecret: productSecret)
        #expect(transport.requests[0].url.path == "/api/products/32/secret")
        #expect(transport.requests[1].url.path == "/api/products/32/a1b2-product-secret")
        #expect(transport.requests[1].method == .delete)
    }

    @Test func etagIsExposedAndIfMatchSent() async throws {
        let (client, transport) = client([.json(200, Self.detail, headers: ["ETag": #""v7""#]), .json(202, Self.detail)])
        let tagged = try await client.product(id: 32)
        #expect(tagged.etag == #""v7""#)
        _ = try await client.edit(id: 32, ProductChanges(stock: 3), ifMatch: tagged.etag)
        #expect(transport.requests[1].headers["If-Match"] == #""v7""#)
    }

    @Test func editWithoutETagSendsNoIfMatch() async throws {
        let (client, transport) = client([.json(200, Self.detail), .json(202, Self.detail)])
        let tagged = try await client.product(id: 32)
        #expect(tagged.etag == nil)
        _ = try await client.edit(id: 32, ProductChanges(stock: 3), ifMatch: tagged.etag)
        #expect(transport.requests[1].headers["If-Match"] == nil)
    }

    @Test func undocumentedSuccessStatusesAreAccepted() async throws {
        let (client, _) = client([.json(200, Self.detail), .json(204, Self.detail)])
        let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
        let draft = ProductDraft(name: "Mug", description: "A very nice mug", price: 1, currency: .usd)
        #expect(try await client.create(draft, images: [image]).value.id == 32)
        #expect(try await client.edit(id: 32, ProductChanges(stock: 1)).status == 204)
    }

    @Test func rawBodyIsKeptForJSONOutput() async throws {
        let (client, _) = client([.json(200, Self.detail)])
        let response = try await client.product(id: 32)
        #expect(response.body == Data(Self.detail.utf8))
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func allProductsWalksPagesAndDeduplicates() async throws {
        func page(_ no: Int, _ ids: [Int], hasNext: Bool) -> RecordingTransport.Reply {
            let rows = ids.map { DecodingTests.summaryJSON(id: $0) }.joined(separator: ",")
            return .json(
                200,
                #"{"pageNo":\#(no),"itemsPerPage":2,"totalCount":5,"lastPage":3,"hasNext":\#(hasNext),"hasPrev":\#(no > 1),"pages":[\#(rows)]}"#
            )
        }
        // Page 3 repeats earlier rows, as one capture of the public server did.
        let (client, transport) = client([
            page(1, [5, 4], hasNext: true), page(2, [3, 2], hasNext: true), page(3, [5, 4, 3, 2, 1], hasNext: false),
        ])
        let all = try await client.allProducts(perPage: 2)
        #expect(all.products.map(\.id) == [5, 4, 3, 2, 1])
        #expect(all.pages.map(\.value.pageNo) == [1, 2, 3])
        #expect(transport.requests.count == 3)
    }

    // MARK: Every error category

    @Test func connectionRefused() async {
        let (client, _) = client([.fail(.cannotConnect(reason: "connection refused"))])
        let error = await marketError { _ = try await client.health() }
        #expect(error == .cannotConnect(host: "127.0.0.1", port: 8080, reason: "connection refused"))
        #expect(error?.description == "cannot reach 127.0.0.1:8080 (connection refused)")
        #expect(error?.isUnreachable == true)
    }

    @Test func timeout() async {
        let (client, _) = client([.delayed(.seconds(60), .json(200, #""OK""#))], timeout: .milliseconds(50))
        let error = await marketError { _ = try await client.health() }
        #expect(error?.category == .timedOut)
        #expect(error?.description == "127.0.0.1:8080 did not answer within 50 ms")
    }

    @Test func connectionReset() async {
        // A GET lost so is sent once more (`deliver`); lost again, it fails.
        let reset = RecordingTransport.Reply.fail(.connectionLost(reason: "connection reset by the server"))
        let (client, transport) = client([reset, reset])
        let error = await marketError { _ = try await client.product(id: 1) }
        #expect(error?.category == .connectionLost)
        #expect(error?.description == "the connection to 127.0.0.1:8080 was lost (connection reset by the server)")
        #expect(transport.requests.count == 2)
    }

    @Test func serverRefusalShowsTheServersMessage() async {
        let (client, _) = client([.json(403, #"{"code":403,"message":"product belongs to another vendor"}"#)])
        let error = await marketError { _ = try await client.edit(id: 12, ProductChanges(stock: 1)) }
        #expect(error == .serverRefused(status: 403, message: "product belongs to another vendor"))
        #expect(error?.description == "the server refused (403): product belongs to another vendor")
    }

    @Test func serverErrorWithGarbageBodyShowsAnExcerpt() async {
        let garbage = "<html>\n<body>\u{1B}[31mInternal   trouble</body></html>" + String(repeating: "x", count: 500)
        let (client, _) = client([.text(500, garbage)])
        let error = await marketError { _ = try await client.health() }
        guard case .serverRefused(500, let message) = error else {
            Issue.record("expected a 500 refusal, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("<html> <body>[31mInternal trouble</body></html>xxx"))
        #expect(message.count <= 121)
        #expect(!message.contains("\u{1B}"))
    }

    @Test func emptyRefusalNamesTheStatus() async {
        let (client, _) = client([.respond(HTTPResponseData(status: 404))])
        let error = await marketError { _ = try await client.product(id: 99) }
        #expect(error?.description == "the server refused (404 Not Found)")
    }

    @Test func preconditionFailedIsDistinct() async {
        let (client, _) = client([.json(412, #"{"code":412,"message":"the product has changed"}"#)])
        let error = await marketError { _ = try await client.edit(id: 1, ProductChanges(stock: 1), ifMatch: #""v1""#) }
        #expect(error == .preconditionFailed(message: "the product has changed"))
    }

    @Test func undecodableBodyNamesTheField() async {
        let bad = DecodingTests.summaryJSON(id: 2).replacingOccurrences(of: #""price": 19.99"#, with: #""price": "cheap""#)
        let page = #"{"pageNo":1,"itemsPerPage":20,"totalCount":2,"pages":[\#(DecodingTests.summaryJSON(id: 1)),\#(bad)]}"#
        let (client, _) = client([.json(200, page)])
        let error = await marketError { _ = try await client.products() }
        #expect(error == .unexpectedResponse("GET /api/products: pages[1].price is not a number"))
    }

    @Test func notJSONAtAll() async {
        let (client, _) = client([.text(200, "<html>hello</html>")])
        let error = await marketError { _ = try await client.product(id: 1) }
        #expect(error == .unexpectedResponse("GET /api/products/1: the body is not valid JSON"))
    }

    @Test func missingFieldIsNamed() async {
        let (client, _) = client([.json(200, #"{"id": 1, "name": "x", "currency": "KRW", "stock": 1}"#)])
        let error = await marketError { _ = try await client.product(id: 1) }
        #expect(error == .unexpectedResponse("GET /api/products/1: price is missing"))
    }

    @Test func cancellationCancelsTheRequest() async {
        let (client, transport) = client([.delayed(.seconds(600), .json(200, #""OK""#))], timeout: .seconds(900))
        let started = ContinuousClock.now
        let task = Task { try await client.health() }
        // Cancelled once the request is out, waiting for its answer.
        #expect(await transport.waitForRequests(1, within: .seconds(60)))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("the request was not cancelled")
            return
        }
        #expect(error as? MarketError == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func noErrorMessageContainsTheSecret() async throws {
        let echoes: [RecordingTransport.Reply] = [
            .json(401, #"{"code":401,"message":"wrong secret \#(Self.secret)"}"#),
            .text(400, "you sent {\"secret\":\"\(Self.secret)\"}"),
            .text(500, Self.secret),
            .json(200, #"{"id": "\#(Self.secret)"}"#),
            .fail(.connectionLost(reason: "reset while sending \(Self.secret)")),
            .json(412, #"{"message":"\#(Self.secret)"}"#),
        ]
        for reply in echoes {
            let (client, _) = client([reply])
            let error = await marketError { _ = try await client.edit(id: 1, ProductChanges(stock: 1)) }
            let text = try #require(error).description
            #expect(!text.contains(Self.secret), "leaked in: \(text)")
            #expect(!"\(String(describing: error))".contains(Self.secret))
        }
        #expect(!"\(Self.credentials)".contains(Self.secret))
        #expect(!String(reflecting: Self.credentials).contains(Self.secret))
    }

    @Test func jsonEscapedSecretIsMaskedToo() async throws {
        let slashy = VendorCredentials(identifier: "id", secret: #"pa/ss"w"#)
        let transport = RecordingTransport([.text(400, #"echo {"secret":"pa\/ss\"w"}"#)])
        let client = MarketClient(baseURL: Self.base, credentials: slashy, transport: transport)
        let error = await marketError { _ = try await client.edit(id: 1, ProductChanges()) }
        let text = try #require(error).description
        #expect(!text.contains(#"pa\/ss\"w"#))
        #expect(text.contains("••••••"))
    }
}
