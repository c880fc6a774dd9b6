import Foundation
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// Issue 40, item 3: the product table fits an 80-column screen whatever the vendor's name:
/// a long vendor name shortens the names' column instead of widening the table.
@Suite("The product table at 80 columns")
struct ProductTableWidthTests {
    @Test func aLongVendorNameShortensTheNamesNotTheScreen() {
        let products = [
            Product(
                id: 3, vendorID: 2, vendorName: "neighbour-shop", name: "이웃 가게 파란 에코백 아주 긴 이름", description: "",
                thumbnail: nil, currency: .krw, price: 12000, stock: 5, createdAt: nil, issuedAt: nil),
            Product(
                id: 12, vendorID: 1, vendorName: "demo-shop", name: "Mug", description: "", thumbnail: nil, currency: .krw,
                price: 15000, discountedPrice: 1000, stock: 0, createdAt: nil, issuedAt: nil),
        ]
        let lines = ProductRendering.table(products).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 79 }, "\(lines.map { TerminalText.width($0) }): \(lines)")
        #expect(lines[2].contains("neighbour-shop"), "\(lines)")
        #expect(lines[2].contains("…"), "the name is cut to fit: \(lines)")
        // Short names and vendors keep the table as it was.
        let short = ProductRendering.table([products[1]]).split(separator: "\n").map(String.init)
        #expect(short[2].contains("Mug"), "\(short)")
    }

    /// On a terminal wider than 80 columns a long name takes the room there is, and is cut only
    /// where the line ends; without a terminal (or at 80) the table is as it was.
    @Test func aWideTerminalShowsLongNamesWhole() {
        let name = "아주 긴 한국어 상품 이름 우유병 모양 텀블러 하얀색 대용량 보온 보냉 겸용 제품입니다"
        let product = Product(
            id: 7, vendorID: 1, vendorName: "demo-shop", name: name, description: "", thumbnail: nil, currency: .krw,
            price: 15000, stock: 3, createdAt: nil, issuedAt: nil)
        let wide = ProductRendering.table([product], columns: 200).split(separator: "\n").map(String.init)
        #expect(wide[2].contains(name) && !wide[2].contains("…"), "\(wide)")
        #expect(wide.allSatisfy { TerminalText.width($0) <= 199 }, "\(wide)")
        let middling = ProductRendering.table([product], columns: 120).split(separator: "\n").map(String.init)
        #expect(middling[2].contains("…"), "\(middling)")
        #expect(middling.map(TerminalText.width).max() == 119, "\(middling.map(TerminalText.width))")
        #expect(ProductRendering.table([product]) == ProductRendering.table([product], columns: 80))
    }
}
