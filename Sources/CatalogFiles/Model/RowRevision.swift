import Digests
import Foundation
import OpenMarketContract

/// What a product was when `export` wrote its row (the `revision` column, `리비전`): `import`
/// reads it back to tell, cell by cell, whether the sheet or the market changed a value since.
///
/// The cell is ASCII text that a spreadsheet keeps as it is:
///
/// ```
/// v1;id=12;at=2026-11-29T02:03:09Z;name=#9f86d081884c;description=#e3b0c44298fc;price=3500;currency=KRW;discount=0;stock=7;photos=1a2b3c4d5e6f.0a1b2c3d4e5f;sum=3f2a19c0
/// ```
///
/// - `v1` first, the format's version: a later one is refused (made by a newer openmarket).
/// - Then `key=value` parts, `;` between them: `id`; `at`, the product's updated_at (or ETag)
///   as the market gave it; each short field (price, currency, discount, stock) in its canonical
///   text (`ProductFieldValue.plainText`); each long text field (name, description) as `#` and its
///   ``digest(_:)``; `photos`, the content digest of each photo (``photoDigest(_:)``), `.`
///   between them, when export downloaded them (`--images`).
/// - `sum` last: the first 8 hex digits of SHA-256 of all that comes before `;sum=`, so a cell
///   cut short or edited by hand is found (a problem at its row), never trusted.
/// - A value is percent-encoded outside `A-Z a-z 0-9 - . _ ~ : /`: the cell holds no comma,
///   quote, space, `=` inside a value, nor anything outside ASCII, so CSV quoting, a
///   `;`-separated Excel and a CP949 re-save leave it as it was; it starts with `v`, so no
///   spreadsheet reads it as a formula, a number or a date.
public struct RowRevision: Sendable, Equatable {
    /// The product's id.
    public var id: Int?
    /// The product's updated_at (or ETag) as the market gave it.
    public var updatedAt: String?
    /// What each field the revision keeps was at export time: a short field's (price, currency,
    /// discount, stock) value in its canonical text, a long text field's (name, description)
    /// ``digest(_:)``.
    public var fields: [ProductField: BaseValue]
    /// The content digest of each photo, in order (``photoDigest(_:)``), when export downloaded
    /// them; empty otherwise.
    public var photos: [String]

    /// What a field was at export time: its value (short fields) or its text's digest (long ones).
    public enum BaseValue: Sendable, Equatable {
        case value(String)
        case digest(String)
    }

    /// The fields kept by value, in the cell's order.
    public static let valueFields: [ProductField] = [.price, .currency, .discount, .stock]
    /// The fields kept by digest, in the cell's order.
    public static let digestFields: [ProductField] = [.name, .description]

    /// A revision of these parts.
    public init(
        id: Int? = nil, updatedAt: String? = nil, fields: [ProductField: BaseValue] = [:], photos: [String] = []
    ) {
        self.id = id
        self.updatedAt = updatedAt
        self.fields = fields
        self.photos = photos
    }

    /// The product as it is now (its id, updated_at, short fields' values, long fields'
    /// digests), with its photos' content digests when they were downloaded.
    public init(product: Product, photoDigests: [String]) {
        var fields: [ProductField: BaseValue] = [:]
        for field in Self.valueFields {
            if let text = field.value(of: product)?.plainText { fields[field] = .value(text) }
        }
        for field in Self.digestFields {
            if let text = field.value(of: product)?.plainText { fields[field] = .digest(Self.digest(text)) }
        }
        self.init(id: product.id, updatedAt: product.issuedAt?.text, fields: fields, photos: photoDigests)
    }

    /// The first 12 hex digits of SHA-256 of the text's UTF-8.
    public static func digest(_ text: String) -> String { hex(SHA256.hash(data: Array(text.utf8)), digits: 12) }

    /// The first 12 hex digits of SHA-256 of a photo's bytes.
    public static func photoDigest(_ bytes: Data) -> String { hex(SHA256.hash(data: bytes), digits: 12) }

    /// What `field` was at export time; nil when the revision says nothing of it.
    public func base(_ field: ProductField) -> BaseValue? { fields[field] }

    /// Whether `canonicalText` (nil: an empty cell) is what `field` was at export time; nil when
    /// the revision says nothing of that field. Numbers compare as numbers (`3500` and
    /// `3500.0` agree), a currency in any case.
    public func agrees(_ field: ProductField, with canonicalText: String?) -> Bool? {
        let text = canonicalText ?? ""
        switch fields[field] {
        case nil: return nil
        case .digest(let digest): return Self.digest(text) == digest
        case .value(let value):
            if value == text || value.uppercased() == text.uppercased() { return true }
            guard let a = Self.number(value), let b = Self.number(text) else { return false }
            return a == b
        }
    }

    private static func number(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    static func hex(_ bytes: [UInt8], digits: Int) -> String {
        let table = Array("0123456789abcdef".unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for byte in bytes.prefix((digits + 1) / 2) {
            scalars.append(table[Int(byte >> 4)])
            scalars.append(table[Int(byte & 0x0F)])
        }
        return String(String(scalars).unicodeScalars.prefix(digits))
    }
}
