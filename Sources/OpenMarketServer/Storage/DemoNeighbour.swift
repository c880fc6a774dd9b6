import Foundation
import OpenMarketContract

/// The local market's second demo vendor, `neighbour-shop` (이웃 가게), and a few products of
/// its own: a lesson needs "another vendor's product" to show 403 Forbidden, and a fresh local
/// market has one without anybody adding a vendor by hand. Nobody logs in as it (it has no
/// secret); its products are found by searching for its name (`이웃 가게`).
extension MarketDataDirectory {
    public static let neighbourName = "neighbour-shop"

    /// The products `neighbour-shop` sells: a name, a description, a price in KRW, a colour.
    static let neighbourProducts: [(name: String, description: String, price: Int, colour: (UInt8, UInt8, UInt8))] = [
        ("이웃 가게 초록 머그컵", "이웃 가게의 상품입니다. 다른 판매자의 상품이라 고칠 수 없습니다.", 8000, (0x2E, 0x7D, 0x32)),
        ("이웃 가게 빨간 텀블러", "이웃 가게의 상품입니다. 다른 판매자의 상품이라 지울 수 없습니다.", 15000, (0xC6, 0x28, 0x28)),
        ("이웃 가게 파란 에코백", "이웃 가게의 상품입니다. 보기만 할 수 있습니다.", 12000, (0x15, 0x65, 0xC0)),
    ]

    /// Makes sure a market with a demo vendor has `neighbour-shop` and its products: the vendor
    /// once, its products whenever it has none (a fresh market, or after a reset emptied the
    /// catalog). A market without the demo vendor (a classroom server) is left alone. Answers
    /// the ids of the products it added.
    @discardableResult
    public func ensureNeighbour() async throws -> [Int] {
        guard !demoCredentials.identifier.isEmpty else { return [] }
        let vendor: Int
        if let existing = try await store.vendors().first(where: { $0.name == Self.neighbourName }) {
            vendor = existing.id
        } else {
            // Nobody logs in as it: its hash is random bytes, which no secret derives to (as far
            // as anyone can tell), so no secret has to be made, hashed slowly and forgotten.
            let random = { (count: Int) in Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }
            vendor = try await store.addVendor(
                name: Self.neighbourName, identifier: UUID().uuidString.lowercased(),
                hash: SecretHash(hash: random(32), salt: random(16), rounds: SecretHash.defaultRounds),
                at: MarketTimestamp.format(Date())
            ).id
        }
        guard try await store.productCount(vendorID: vendor) == 0 else { return [] }
        var added: [Int] = []
        for product in Self.neighbourProducts {
            let image = try images.store(
                Self.png(side: 64, colour: product.colour), format: .png, vendorID: vendor, date: Date())
            let stored = try await store.insertProduct(
                vendorID: vendor,
                fields: ProductFields(
                    name: product.name, description: product.description, currency: "KRW", price: Decimal(product.price),
                    discountedPrice: 0, stock: 5),
                images: [image], productSecret: UUID().uuidString.lowercased(), now: MarketTimestamp.format(Date()))
            added.append(stored.id)
        }
        return added
    }

    /// A square PNG of one colour, written by hand (stored deflate blocks, CRC-32, Adler-32):
    /// the market makes its thumbnail like any upload's.
    static func png(side: Int, colour: (UInt8, UInt8, UInt8)) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<side { raw += [0] + Array(repeating: [colour.0, colour.1, colour.2], count: side).flatMap { $0 } }
        var deflate: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            deflate += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            deflate += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        deflate += bigEndian((b << 16) | a)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [8, 2, 0, 0, 0]
        let bytes =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate)
            + chunk("IEND", [])
        return Data(bytes)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
