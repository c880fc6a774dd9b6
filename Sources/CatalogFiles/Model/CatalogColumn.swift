import Foundation
import OpenMarketContract

/// A catalog's columns; `import` reads them in any order and case. `export` writes
/// ``exported``: the product's columns (``allCases``, in this order), then `revision`.
public enum CatalogColumn: String, Sendable, CaseIterable, Hashable {
    case id, name, description, price, currency, discount, stock, images, thumbnail
    case createdAt = "created_at", updatedAt = "updated_at", vendor
    /// What the product was when exported (``RowRevision``'s cell): import reads it to tell
    /// which side changed a cell since. Export writes it last; it is no product field.
    case revision
    /// What the seller asks of the row (``RowCommand``: new, update, merge, delete, ignore,
    /// replace): only read, a seller adds the column. No product field.
    case action

    /// The columns of a product, in the order `export` writes them (`list --fields` and
    /// `list --format csv` speak of these): every case but the two sync columns, which are not
    /// a product's (``syncColumns``).
    public static let allCases: [CatalogColumn] = [
        .id, .name, .description, .price, .currency, .discount, .stock, .images, .thumbnail, .createdAt, .updatedAt,
        .vendor,
    ]

    /// The columns that say how a row syncs rather than what the product is: revision, action.
    public static let syncColumns: [CatalogColumn] = [.revision, .action]

    /// What `export` writes, in order: the product's columns, then `revision`.
    public static let exported: [CatalogColumn] = allCases + [.revision]

    /// A header as a person typed it: trimmed, any case; a product field's catalog headers
    /// (`discounted_price` means `discount`, `판매가` means `price`: ``ProductField/catalogHeaders``
    /// and ``ProductField/koreanHeaders``); nil for an unknown one.
    public init?(header: String) {
        let key = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let field = ProductField(catalogHeader: key) {
            self.init(field)
        } else if let column = CatalogColumn(rawValue: key) {
            self = column
        } else if let column = Self.koreanHeaders[key.filter { !$0.isWhitespace && $0 != "_" }] ?? Self.syncHeaders[key] {
            self = column
        } else {
            return nil
        }
    }

    /// The column of a product field (`image` is written to `images`).
    public init(_ field: ProductField) {
        self = field.catalogHeaders.first.flatMap { Self(rawValue: $0) }.flatMap { $0.field == field ? $0 : nil } ?? .name
    }

    /// The product field this column holds; nil for id, created_at, updated_at, vendor, revision
    /// and action.
    public var field: ProductField? {
        ProductField.allCases.first { $0.catalogHeaders.first == rawValue }
    }

    /// Which photo is the thumbnail: with the photos' paths (`export --images`), the path of the
    /// one whose image the thumbnail is, so an import can choose it again; else its URL.
    static func thumbnailCell(of product: Product, images: String?) -> String {
        guard let thumbnail = product.thumbnail else { return "" }
        guard let images, let photos = product.images,
            let index = photos.firstIndex(where: { $0.thumbnailURL == thumbnail || $0.url == thumbnail })
        else { return thumbnail }
        let paths = CatalogRow.splitImages(images)
        return index < paths.count ? paths[index] : thumbnail
    }

    /// Headers a Korean spreadsheet uses (spaces left out) for the columns that are not a
    /// product field (the fields' own are ``ProductField/koreanHeaders``): `상품번호` and variants.
    static let koreanHeaders = Dictionary(uniqueKeysWithValues: koreanNames)

    /// The same in order, the first of a column its name in a Korean message.
    static let koreanNames: [(String, CatalogColumn)] = [
        ("상품번호", .id), ("상품id", .id), ("아이디", .id), ("번호", .id), ("리비전", .revision), ("작업", .action), ("명령", .action),
    ]

    /// A column's Korean names, its usual one first: a product field's own, else this type's.
    var koreanNames: [String] { field?.koreanHeaders ?? Self.koreanNames.filter { $0.1 == self }.map(\.0) }

    /// Other names of the sync columns: Matrixify's `Command`, and `rev`.
    static let syncHeaders: [String: CatalogColumn] = ["command": .action, "rev": .revision]

    /// What a header that names no column is to the columns: a slip, refused so that it is
    /// fixed before anything is sent (`prce`: did you mean `price`?); near a Korean name, which is
    /// only said beside the column ignored (`판매자`, a seller, is one letter from `판매가`, as
    /// `상품평` from `상품명` and `수령` from `수량`: in Hangul a letter off is as often another
    /// word as a slip, and a sheet with a column of its own must still import); or neither.
    public enum UnknownHeader: Equatable, Sendable {
        case slip(meant: String)
        case near(String)
        case unrelated
    }

    public static func unknown(_ header: String) -> UnknownHeader {
        guard let near = nearMiss(header) else { return .unrelated }
        return isKorean(header) ? .near(near.name) : .slip(meant: near.name)
    }

    /// The column an unknown header comes near, and the name it comes near: a header one edit
    /// from a column's name (two for longer names: `prce` → price). A Korean header is weighed
    /// against the Korean names, letter by letter (`가겨` → 가격, `제고` → 재고), one edit.
    static func nearMiss(_ header: String) -> (column: CatalogColumn, name: String)? {
        let typed = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let korean = isKorean(typed)
        let key = letters(korean ? typed.filter { !$0.isWhitespace && $0 != "_" } : typed)
        guard key.count >= 4 else { return nil }
        let allowed = key.count > 5 && !korean ? 2 : 1
        for (column, name) in names(korean: korean) {
            let letters = letters(name)
            if letters.count >= 4 && EditDistance.between(key, letters) <= allowed { return (column, name) }
        }
        return nil
    }

    /// Whether a header is written in Hangul (its first letter is), so that it is weighed against
    /// the Korean names.
    static func isKorean(_ header: String) -> Bool {
        header.precomposedStringWithCanonicalMapping.unicodeScalars.first { $0.properties.isAlphabetic }
            .map { (0xAC00...0xD7A3).contains($0.value) } ?? false
    }

    /// A name's letters, a Hangul syllable as its two or three jamo (NFD): `가겨` is one letter
    /// from `가격`, not one syllable of two.
    static func letters(_ name: String) -> [Unicode.Scalar] {
        Array(name.decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Each product column's names a header is weighed against: its own (`price`), or its Korean
    /// ones (`가격`, `판매가`, …; the id's `상품번호` and variants).
    static func names(korean: Bool) -> [(CatalogColumn, String)] {
        guard korean else { return allCases.map { ($0, $0.rawValue) } }
        return allCases.flatMap { column in
            column.koreanNames.map { (column, $0) }
        }
    }

    /// What import never sends as a product's field (export writes them for reading, or the
    /// seller adds them to steer the import): thumbnail, created_at, updated_at, vendor,
    /// revision, action.
    public var isReadOnly: Bool {
        switch self {
        case .thumbnail, .createdAt, .updatedAt, .vendor, .revision, .action: true
        default: false
        }
    }

    /// Every column's name, for messages about an unknown column.
    public static let allNames = allCases.map(\.rawValue)

    /// "id, name, description, …": every column, for messages about an empty sheet.
    static let namesList = allNames.joined(separator: ", ")

    /// The cell for this column of a product. `images` is the given text when not nil (paths
    /// written by export --images), else the image URLs joined by ";". price/discount are plain
    /// decimals as the server gave them ("3500", "19.99"), never with grouping or exponent.
    /// vendor is the vendor name (or id when there is no name). revision is ``RowRevision``'s
    /// cell of the product, with `photoDigests` (its photos' content digests, when export
    /// downloaded them); action is empty (export asks nothing).
    public func cell(of product: Product, images: String? = nil, photoDigests: [String] = []) -> String {
        switch self {
        case .id: String(product.id)
        case .images: images ?? (product.images ?? []).map(\.url).joined(separator: ";")
        case .thumbnail: Self.thumbnailCell(of: product, images: images)
        case .createdAt: product.createdAt?.text ?? ""
        case .updatedAt: product.issuedAt?.text ?? ""
        case .vendor:
            product.vendorName ?? product.vendor?.name ?? (product.vendorID ?? product.vendor?.id).map(String.init) ?? ""
        case .revision: RowRevision(product: product, photoDigests: photoDigests).cell
        case .action: ""
        // The product's fields as their descriptors write them as text: a Decimal's `description`
        // is plain digits with "." in every locale, no grouping, no exponent.
        default: field?.value(of: product)?.plainText ?? ""
        }
    }
}
