import OpenMarketContract
import TerminalText

/// The client-side part of `list`: filters and an order applied to the products fetched
/// (`--sold-out`, `--low-stock N`, `--currency KRW`, `--sort -price`).
public struct ListSelection: Sendable, Equatable {
    public enum SortKey: String, Sendable, CaseIterable {
        case price, stock, name, id
    }

    public var soldOut = false
    public var lowStock: Int?
    public var currency: Currency?
    public var sort: SortKey?
    public var descending = false

    public init(
        soldOut: Bool = false, lowStock: Int? = nil, currency: Currency? = nil, sort: SortKey? = nil, descending: Bool = false
    ) {
        self.soldOut = soldOut
        self.lowStock = lowStock
        self.currency = currency
        self.sort = sort
        self.descending = descending
    }

    /// The order asked (`--sort -price`) as one value: the key and whether largest first.
    public struct Order: Sendable, Equatable {
        public var key: SortKey
        public var descending: Bool

        /// `-price`, as `--sort` takes it.
        public var text: String { (descending ? "-" : "") + key.rawValue }
    }

    /// `sort` and `descending` together, as `--sort` sets them.
    public var order: Order? {
        get { sort.map { Order(key: $0, descending: descending) } }
        set {
            sort = newValue?.key
            descending = newValue?.descending ?? false
        }
    }

    /// Whether anything is filtered or ordered.
    public var isEmpty: Bool { !filters && sort == nil }
    var filters: Bool { soldOut || lowStock != nil || currency != nil }

    /// `--sort price|-price|…`: a leading `-` orders from the largest.
    public static func sortKey(_ text: String) throws(CommandFailure) -> Order {
        let descending = text.hasPrefix("-")
        guard let key = SortKey(rawValue: String(text.dropFirst(descending ? 1 : 0)).lowercased()) else {
            let keys = SortKey.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage(Message.sortTakes(keys: keys, got: TerminalText.visible(String(text.prefix(40)))).text)
        }
        return Order(key: key, descending: descending)
    }

    /// `--low-stock N`: a whole number from 0.
    public static func lowStock(_ text: String) throws(CommandFailure) -> Int {
        guard let number = Int(text), number >= 0 else {
            throw .usage(Message.lowStockTakes(got: TerminalText.visible(String(text.prefix(40)))).text)
        }
        return number
    }

    /// `--currency KRW|USD` (any case).
    public static func currency(_ text: String) throws(CommandFailure) -> Currency {
        let currency = Currency(rawValue: text.uppercased())
        guard currency == .krw || currency == .usd else {
            throw .usage(Message.currencyTakes(got: TerminalText.visible(String(text.prefix(40)))).text)
        }
        return currency
    }

    /// The products kept, in the order asked (ties by id, so the order never depends on the
    /// server's).
    public func apply(_ products: [Product]) -> [Product] {
        let kept = products.filter { p in
            (!soldOut || p.stock == 0) && (lowStock.map { p.stock <= $0 } ?? true) && (currency.map { p.currency == $0 } ?? true)
        }
        guard let sort else { return kept }
        return kept.sorted { a, b in
            let order = compare(a, b, by: sort)
            if order != 0 { return descending ? order > 0 : order < 0 }
            return descending ? a.id > b.id : a.id < b.id
        }
    }

    private func compare(_ a: Product, _ b: Product, by key: SortKey) -> Int {
        func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x > y ? 1 : 0) }
        switch key {
        case .price: return sign(a.price, b.price)
        case .stock: return sign(a.stock, b.stock)
        case .name: return sign(a.name.lowercased(), b.name.lowercased())
        case .id: return sign(a.id, b.id)
        }
    }

    /// What was filtered, for the summary line: `sold out, stock ≤ 5, KRW`.
    public var filterText: String {
        var parts: [String] = []
        if soldOut { parts.append(Message.soldOut.text) }
        if let lowStock { parts.append(Message.stockAtMost(lowStock).text) }
        if let currency { parts.append(currency.rawValue) }
        return parts.joined(separator: ", ")
    }

    /// `sorted by -price`.
    public var sortText: String? { sort.map { Message.sortedBy("\(descending ? "-" : "")\($0.rawValue)").text } }
}
