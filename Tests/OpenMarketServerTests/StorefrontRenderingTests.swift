import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Issue 42 item 5: the list page is written straight into a string (`StorefrontListHTML`),
/// and must be byte for byte what the `layout` and `list` templates make of the same products:
/// empty, first, middle and last pages, list and grid, Korean and English, discounts, sold out,
/// no photo, hostile names.
@Suite("The storefront's list page, written directly")
struct StorefrontRenderingTests {
    @Test func theDirectPageIsTheTemplatesPageByteForByte() async throws {
        try await TestMarket.with { market in
            let pages = StorefrontPages()
            for language in Language.allCases {
                for grid in [false, true] {
                    let empty = pages.listPage([], page: 1, lastPage: 1, grid: grid, in: language)
                    #expect(empty == pages.templatedListPage([], page: 1, lastPage: 1, grid: grid, in: language))
                }
            }
            try await market.createProduct(name: "빨간 노트", price: 3500, discount: 500, stock: 0)
            try await market.createProduct(name: "Blue mug", price: 12.5, currency: .usd, stock: 7)
            try await market.createProduct(name: #""\#u{301} onmouseover=alert(1) x=" & <b>"#)
            try await market.createProduct(name: "Plain name", price: 99.99, currency: .usd, discount: 10)
            var products = try await market.client().allProducts().products
            #expect(products.count == 4)
            // A product without a thumbnail (as a product stored before photos were required).
            products[0].thumbnail = nil
            // Text no market keeps in a name (controls), as an escaper meets it.
            if let plain = products.firstIndex(where: { $0.name == "Plain name" }) {
                products[plain].name = "Tab\tand\r\nline 'quoted' \u{7}"
            }
            for language in Language.allCases {
                for grid in [false, true] {
                    for (page, last) in [(1, 1), (1, 3), (2, 3), (3, 3)] {
                        let direct = pages.listPage(products, page: page, lastPage: last, grid: grid, in: language)
                        let templated = pages.templatedListPage(products, page: page, lastPage: last, grid: grid, in: language)
                        #expect(direct == templated, "\(language) grid \(grid) page \(page)/\(last)")
                    }
                }
            }
        }
    }

    /// The pages are kept with the JSON lists (the market's list cache): each kind of write
    /// (create, edit, stock, delete) clears every kept page, in both languages and both views.
    @Test func everyWriteShowsOnTheKeptPagesAtOnce() async throws {
        try await TestMarket.with { market in
            let headers: [[String: String]] = [["Accept-Language": "ko"], ["Accept-Language": "en"]]
            func pages() async throws -> [String] {
                var texts: [String] = []
                for path in ["/", "/?view=grid"] {
                    for header in headers { texts.append(try await market.raw("GET", path, headers: header).text) }
                }
                return texts
            }
            _ = try await pages()
            let made = try await market.createProduct(name: "Fresh mug", price: 2000, stock: 3)
            #expect(try await pages().allSatisfy { $0.contains("Fresh mug") && $0.contains("₩2,000") })
            _ = try await market.client().edit(id: made.id, ProductChanges(price: 2500))
            #expect(try await pages().allSatisfy { $0.contains("₩2,500") && !$0.contains("₩2,000") })
            _ = try await market.client().edit(id: made.id, ProductChanges(stock: 0))
            let soldOut = try await pages()
            #expect(soldOut.allSatisfy { $0.contains("sold-out-mark") })
            _ = try await market.client().delete(id: made.id)
            #expect(try await pages().allSatisfy { !$0.contains("Fresh mug") })
        }
    }

    @Test func escapingIntoAStringIsTheEscapedText() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = [
            "\"", "'", "<", ">", "&", "\u{301}", "=", " ", "\n", "\t", "\r", "a", "안", "🍵", "\u{202E}", "\u{0}", "\u{7}",
            "\u{7F}", "\u{85}", "é",
        ]
        for _ in 0..<2000 {
            let length = Int.random(in: 0...16, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var out = "<"
            HTMLEscaping.append(text, to: &out)
            #expect(out == "<" + HTMLEscaping.escaped(text), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
