import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer
@testable import SellerShell

/// Money is formatted in one place (`MoneyText`, issue 39 §5): a price reads the same in the
/// shell and on the storefront's pages.
@Suite("Money reads the same in the shell and on the storefront")
struct StorefrontMoneyTests {
    /// Registered on the bundled market, shown by `show` and by the storefront's page.
    @Test func theStorefrontAndTheShellPrintTheSamePricesForTheSameAmounts() async throws {
        let prices: [(Decimal, Currency, String)] = [
            (3500, .krw, "₩3,500"), (try #require(Decimal(string: "3500.5")), .krw, "₩3,500.5"),
            (try #require(Decimal(string: "1234567.25")), .krw, "₩1,234,567.25"),
            (try #require(Decimal(string: "19.99")), .usd, "$19.99"), (5, .usd, "$5.00"),
            (try #require(Decimal(string: "1234.5")), .usd, "$1,234.50"),
        ]
        try await ShellFixture.with { shell in
            let photo = try UploadImage(filename: "mug.jpg", data: Data(contentsOf: Fixtures.image("coffee-small.jpg")))
            for (amount, currency, expected) in prices {
                let draft = ProductDraft(
                    name: "Money mug", description: "A mug priced \(expected)", price: amount, currency: currency,
                    discountedPrice: 0, stock: 3)
                let product = try await shell.client.create(draft, images: [photo]).value
                shell.console.clear()
                #expect(await shell.run("show \(product.id)") == .ok, "\(shell.console.notes)")
                let shown = shell.console.outputs.joined(separator: "\n")
                #expect(Self.priceLine(of: shown) == expected, "\(shown)")
                let page = try await Self.page(shell.market.baseURL.appendingPathComponent("products/\(product.id)"))
                #expect(page.contains(#"<span class="final">\#(expected)</span>"#), "\(expected): \(page)")
            }
        }
    }

    /// A won amount with more decimals than the contract lets a market keep (another server's
    /// product): the storefront rounded it to two (`₩3,500.12`) where the shell kept it.
    @Test func aWonFractionAndDollarsReadTheSameOnAPageAndInTheShell() throws {
        let amounts: [(String, Currency)] = [
            ("3500.125", .krw), ("0.5", .krw), ("3500", .krw), ("19.999", .usd), ("12.5", .usd),
            ("9.9", Currency(rawValue: "EUR")),
        ]
        let pages = StorefrontPages()
        for (text, currency) in amounts {
            let amount = try #require(Decimal(string: text))
            let product = Product(
                id: 7, vendorID: 1, name: "Fraction mug", description: "A mug", thumbnail: nil, currency: currency,
                price: amount, stock: 1, createdAt: nil, issuedAt: nil)
            let shell = ProductRendering.detail(product)
            let page = pages.detailPage(product, in: .en)
            let expected = TextLayout.money(amount, currency)
            #expect(Self.priceLine(of: shell) == expected, "\(shell)")
            #expect(page.contains(#"<span class="final">\#(expected)</span>"#), "\(text) \(currency): \(page)")
        }
        #expect(TextLayout.money(try #require(Decimal(string: "3500.125")), .krw) == "₩3,500.125")
        #expect(TextLayout.money(try #require(Decimal(string: "19.999")), .usd) == "$20.00")
    }

    /// What the detail view's price line says after its label (a product without a discount).
    private static func priceLine(of detail: String) -> String? {
        let label = ProductRendering.label(.price)
        return detail.split(separator: "\n").first { $0.hasPrefix(label) }.map {
            String(String.UnicodeScalarView($0.unicodeScalars.dropFirst(label.unicodeScalars.count)))
        }
    }

    private static func page(_ url: URL) async throws -> String {
        let response = try await AsyncHTTPClientTransport.shared.send(
            HTTPRequestData(method: .get, url: url, headers: [:], body: nil), timeout: .seconds(60))
        #expect(response.status == 200)
        return String(decoding: response.body, as: UTF8.self)
    }
}
