import AsyncHTTPClient
import Foundation
import MarketTestSupport
import NIOCore
import OpenMarketAPI
import OpenMarketContract
import Synchronization
import Testing

@testable import OpenMarketServer

/// The storefront on the bundled market (issue 26 §2): the catalog as buyers see it, served as
/// HTML from templates, safe with hostile names, live through Server-Sent Events.
@Suite("The storefront on the local market")
struct StorefrontTests {
    @Test func theListShowsPricesDiscountsStockAndSoldOutInKoreanAndEnglish() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "빨간 노트", price: 3500, discount: 500, stock: 0)
            try await market.createProduct(name: "Blue mug", price: 12.5, currency: .usd, stock: 7)
            let korean = try await market.raw("GET", "/", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"])
            #expect(korean.status == 200)
            #expect(korean.headers["content-type"] == "text/html; charset=utf-8")
            #expect(korean.text.contains(#"<html lang="ko">"#))
            #expect(
                korean.text.contains(#"<del class="original">₩3,500</del> <span class="final">₩3,000</span>"#), "\(korean.text)")
            #expect(korean.text.contains(#"<span class="stock sold-out-mark">품절</span>"#))
            #expect(korean.text.contains(#"<span class="final">$12.50</span>"#))
            #expect(korean.text.contains("재고 7개"))
            #expect(korean.text.contains(#"<span class="vendor">demo-shop</span>"#) || korean.text.contains("class=\"vendor\""))
            let english = try await market.raw("GET", "/", headers: ["Accept-Language": "fr, en;q=0.5, ko;q=0.2"])
            #expect(english.text.contains(#"<html lang="en">"#))
            #expect(english.text.contains(">Sold out<") && english.text.contains("7 in stock"))
            #expect(!english.text.contains("품절"))
        }
    }

    /// List pages are kept with the JSON lists; every write clears them, and the languages and
    /// views are kept apart.
    @Test func aKeptPageShowsEveryChangeAtOnceAndLanguagesDoNotMix() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(name: "Kept mug", price: 3000, stock: 2)
            #expect(try await market.raw("GET", "/", headers: ["Accept-Language": "ko"]).text.contains("재고 2개"))
            #expect(try await market.raw("GET", "/", headers: ["Accept-Language": "en"]).text.contains("2 in stock"))
            _ = try await market.client().edit(id: product.id, ProductChanges(price: 4500, stock: 0))
            let changed = try await market.raw("GET", "/", headers: ["Accept-Language": "ko"]).text
            #expect(changed.contains("₩4,500") && changed.contains("품절") && !changed.contains("₩3,000"), "\(changed)")
            #expect(try await market.raw("GET", "/?view=grid").text.contains(#"<ul class="products grid">"#))
            #expect(try await market.raw("GET", "/").text.contains(#"<ul class="products list">"#))
            _ = try await market.client().delete(id: product.id)
            #expect(!(try await market.raw("GET", "/").text.contains("Kept mug")))
        }
    }

    @Test func theGridAndTheListAreLinksThatWorkWithoutJavaScript() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "Grid mug")
            let list = try await market.raw("GET", "/")
            #expect(list.text.contains(#"<ul class="products list">"#))
            #expect(list.text.contains(#"<a href="/?view=grid" class="view" id="view-grid">"#))
            let grid = try await market.raw("GET", "/?view=grid")
            #expect(grid.text.contains(#"<ul class="products grid">"#))
            #expect(grid.text.contains(#"class="view current" id="view-grid""#))
            #expect(grid.text.contains(#"<a href="/products/"#))
        }
    }

    @Test func pagesLinkToEachOtherAndAPagePastTheEndShowsTheLast() async throws {
        try await TestMarket.with { market in
            for n in 1...(StorefrontPages.perPage + 1) { try await market.createProduct(name: "Item \(n)") }
            let first = try await market.raw("GET", "/")
            #expect(first.text.contains(#"<a rel="next" href="/?page=2">"#), "\(first.text)")
            #expect(!first.text.contains(#"rel="prev""#))
            #expect(first.text.contains("Page 1 of 2"))
            let second = try await market.raw("GET", "/?page=2&view=grid")
            #expect(second.text.contains(#"<a rel="prev" href="/?view=grid">"#), "\(second.text)")
            #expect(second.text.contains(">Item 1<"))
            #expect(!second.text.contains(#"rel="next""#))
            let beyond = try await market.raw("GET", "/?page=999")
            #expect(beyond.text.contains("Page 2 of 2") && beyond.text.contains(">Item 1<"))
            #expect(try await market.raw("GET", "/?page=-3").text.contains("Page 1 of 2"))
        }
    }

    @Test func theDetailPageShowsEveryPhotoAndKeepsLineBreaks() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(name: "Two photos", images: ["coffee-small.jpg", "chelsea.png"])
            _ = try await market.client().edit(id: product.id, ProductChanges(description: "first line\nsecond line"))
            let page = try await market.raw("GET", "/products/\(product.id)")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<p class="description">first line"# + "\n" + "second line</p>"), "\(page.text)")
            for image in product.images ?? [] {
                let path = try #require(URL(string: image.url)).path
                #expect(page.text.contains(#"<img src="\#(path)""#), "\(path)")
                #expect(try await market.raw("GET", path).status == 200)
            }
            #expect(page.text.components(separatedBy: "<img ").count - 1 == 2)
            let missing = try await market.raw("GET", "/products/\(product.id + 100)", headers: ["Accept-Language": "ko"])
            #expect(missing.status == 404 && missing.text.contains("없는 상품입니다"))
        }
    }

    @Test func hostileNamesRenderAsTextAndThePagesAllowNoInlineScript() async throws {
        let names = [
            "<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#, "\"\u{301} onmouseover=alert(1) x=\"",
            "'\u{301} onfocus=alert(1) autofocus '", "a & b < c",
        ]
        try await TestMarket.with { market in
            for name in names { try await market.createProduct(name: name) }
            for path in ["/", "/?view=grid", "/products/1", "/products/2", "/products/3"] {
                let page = try await market.raw("GET", path)
                #expect(page.headers["content-security-policy"] == MarketRoutes.storefrontPolicy)
                #expect(page.headers["x-content-type-options"] == "nosniff")
                #expect(!page.text.contains("<script>alert"), "\(path)")
                #expect(!page.text.contains("<img src=x"), "\(path)")
                #expect(!page.text.unicodeScalars.contains { $0 == "\"" } || Self.quotesOnlyInMarkup(page.text), "\(path)")
                // The only script is the page's own file.
                let scripts = page.text.components(separatedBy: "<script").dropFirst()
                #expect(scripts.count == 1 && scripts.allSatisfy { $0.hasPrefix(#" src="/storefront/app.js" defer></script>"#) })
            }
            let list = try await market.raw("GET", "/")
            #expect(list.text.contains("&quot;\u{301} onmouseover=alert(1) x=&quot;"))
            #expect(list.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
        #expect(MarketRoutes.storefrontPolicy.contains("script-src 'self'"))
        #expect(!MarketRoutes.storefrontPolicy.contains("unsafe-inline"))
    }

    /// Every `"` in the page is one the templates wrote: each follows `=` or precedes `>`, a
    /// space or `/`, never a product's text.
    static func quotesOnlyInMarkup(_ html: String) -> Bool {
        let scalars = Array(html.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "\"" {
            let before = index > 0 ? scalars[index - 1] : " "
            let after = index + 1 < scalars.count ? scalars[index + 1] : " "
            if before != "=" && ![">", " ", "/", "\n"].contains(after) { return false }
            if after.properties.generalCategory == .nonspacingMark { return false }
        }
        return true
    }

    @Test func anOpenPageHearsOfACreatedChangedAndDeletedProductAsItHappens() async throws {
        try await TestMarket.with { market in
            var request = HTTPClientRequest(url: market.baseURL.absoluteString + "/storefront/events")
            request.method = .GET
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: "content-type") == "text/event-stream; charset=utf-8")
            let received = ReceivedText()
            let body = response.body
            let reader = Task {
                for try await chunk in body { received.withLock { $0 += String(buffer: chunk) } }
            }
            defer { reader.cancel() }
            /// Whether `text` arrives within 10 s (checked every 20 ms: the stream is read by
            /// `reader`): well before the stream's keep-alive (15 s), and past the stalls of a
            /// loaded 2-core machine running the whole suite (2 s was not).
            func waitFor(_ text: String) async throws -> Bool {
                let deadline = ContinuousClock.now + .seconds(10)
                while !received.withLock({ $0.contains(text) }) {
                    guard ContinuousClock.now < deadline else { return false }
                    try await Task.sleep(for: .milliseconds(20))
                }
                return true
            }
            #expect(try await waitFor("retry: 2000"))
            let product = try await market.createProduct(name: "Live mug")
            #expect(try await waitFor(#"data: {"kind":"created","id":\#(product.id)}"#), "\(received.withLock { $0 })")
            _ = try await market.client().edit(id: product.id, ProductChanges(stock: 3))
            #expect(try await waitFor(#"data: {"kind":"changed","id":\#(product.id)}"#), "\(received.withLock { $0 })")
            _ = try await market.client().delete(id: product.id)
            #expect(try await waitFor(#"data: {"kind":"deleted","id":\#(product.id)}"#), "\(received.withLock { $0 })")
        }
    }

    @Test func theMarketStopsPromptlyWithAnEventStreamOpen() async throws {
        let directory = try Fixtures.temporaryDirectory("storefront-stop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let market = try await TestMarket.start(directory: directory)
        var request = HTTPClientRequest(url: market.baseURL.absoluteString + "/storefront/events")
        request.method = .GET
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        #expect(response.status.code == 200)
        let started = ContinuousClock.now
        await market.running.stop()
        // A stop that waited for the stream would wait out its lifetime (600 s); a minute is far
        // from that and far past a loaded machine's stalls.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func theScriptAndTheStyleAreServedAsFiles() async throws {
        try await TestMarket.with { market in
            let script = try await market.raw("GET", "/storefront/app.js")
            #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("new EventSource(\"/storefront/events\")"))
            let style = try await market.raw("GET", "/storefront/style.css")
            #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
            let head = try await market.raw("HEAD", "/storefront/events")
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @Test func theStorefrontIsReadOnly() async throws {
        try await TestMarket.with { market in
            for (method, path) in [("POST", "/"), ("DELETE", "/products/1"), ("PATCH", "/products/1")] {
                let answer = try await market.raw(
                    method, path, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.headers["allow"]?.contains("GET") == true)
            }
        }
    }
}

/// What an event stream has sent so far, appended by the task that reads it.
final class ReceivedText: Sendable {
    private let text = Mutex("")

    func withLock<T>(_ body: (inout String) -> T) -> T { text.withLock { body(&$0) } }
}

/// The escaper read back by a real HTML parser (Python's `html.parser`): every string, hostile
/// or random, comes back as it was, in an attribute and in text.
@Suite("HTML escaping, read back by an HTML parser")
struct HTMLEscapingTests {
    @Test func randomAndHostileTextComesBackFromTheParserAsItWas() async throws {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = [
            "\"", "'", "<", ">", "&", "\u{301}", "\u{20DD}", "=", " ", "\n", "\t", "\r", "a", "안", "녕", "🍵", "&amp;", "&#39;",
            "<script>", "</p>", "\u{202E}", "\u{0}", "\u{7}", "\u{7F}", "x=", "onerror",
        ]
        var samples = [
            "\"\u{301} onmouseover=alert(1) x=\"", "<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#,
        ]
        for _ in 0..<400 {
            let length = Int.random(in: 0...12, using: &generator)
            samples.append((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        let html = samples.map { #"<p title="\#(HTMLEscaping.escaped($0))">\#(HTMLEscaping.escaped($0))</p>"# }
            .joined(separator: "\n")
        let reader = """
            import html.parser, json, sys
            class P(html.parser.HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True); self.out = []; self.text = None
                def handle_starttag(self, tag, attrs):
                    if tag == "p": self.out.append([dict(attrs).get("title"), ""]); self.text = self.out[-1]
                    else: self.out.append(["unexpected tag " + tag, ""])
                def handle_data(self, data):
                    if self.text is not None: self.text[1] += data
                def handle_endtag(self, tag):
                    self.text = None
            p = P(); p.feed(sys.stdin.read()); p.close()
            print(json.dumps(p.out))
            """
        // Through ChildProcess: waiting with `Process.waitUntilExit()` here held one of the
        // concurrency pool's few threads for as long as the parser ran.
        let result = try await ChildProcess.run(
            "/usr/bin/env", ["python3", "-c", reader], environment: ProcessInfo.processInfo.environment, input: html,
            timeout: .seconds(300))
        #expect(result.status == 0, "\(result.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String?]])
        #expect(parsed.count == samples.count)
        for (sample, read) in zip(samples, parsed) {
            let expected = String(
                String.UnicodeScalarView(
                    sample.unicodeScalars.map {
                        ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0x7F ? "\u{FFFD}" : $0
                    }))
            #expect(read.first ?? nil == expected, "attribute of \(sample.debugDescription): \(String(describing: read))")
            #expect(read.count > 1 && read[1] == expected, "text of \(sample.debugDescription): \(String(describing: read))")
        }
    }
}
