import OpenMarketContract

/// A product as a sentence names it: `#12 우유병 텀블러`, its name with control characters made
/// visible and cut to 30 columns (a name is the seller's text, up to the contract's length).
enum ProductLabel {
    static func of(_ product: Product) -> String { of(id: product.id, name: product.name) }

    static func of(id: Int, name: String) -> String { "#\(id) \(self.name(name))" }

    /// The name alone, as `of` writes it.
    static func name(_ name: String) -> String { TextLayout.truncate(TextLayout.visible(name, limit: 100), to: 30) }
}
