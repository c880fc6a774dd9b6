import Foundation
import OpenMarketContract
import SellerShell

/// What each name holds while a script is checked, before its first request: a value known
/// before the run (`--var`, the session's, a `set NAME VALUE` line with nothing unknown in it),
/// or a hole an earlier line's result fills (`… as mug`, `last`, `response`). A hole is filled
/// with a stand-in of its type (`${mug.stock}` an integer, `${mug.currency}` a currency), in
/// two variants, so that a line's own mistakes show and a stand-in's do not: a problem counts
/// only when the line has it with both.
struct CheckedNames {
    /// What a name holds during the check.
    enum Held: Equatable {
        case text(String)
        /// A product (`… as mug`, `last`): its fields are typed.
        case product
        /// A document or a value not known before the run (`response`, `set x ${response.id}`).
        case unknown
    }

    /// Which of the two stand-ins a hole gets.
    enum Variant: CaseIterable {
        case low, high
    }

    private var names: [String: Held] = [:]

    init(_ variables: ScriptVariables) {
        for (name, value) in variables.values {
            switch value {
            case .text(let text): names[name] = .text(text)
            case .product: names[name] = .product
            case .document: names[name] = .unknown
            }
        }
    }

    subscript(name: String) -> Held? {
        get { names[name] }
        set { names[name] = newValue }
    }

    /// The text a reference other than `env.…` stands for in `variant`: a known value, or a
    /// stand-in of its type (one of no known type when nothing says what the name holds: a
    /// sourced script may set it, and an unset name fails when its line runs).
    func value(_ reference: String, _ variant: Variant) throws(ExpansionError) -> String {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch names[parts[0]] {
        case .text(let text)?:
            guard parts.count == 1 else {
                throw ExpansionError(
                    description: ScriptMessage.textHasNoField(name: parts[0], field: parts.dropFirst().joined(separator: "."))
                        .text)
            }
            return text
        case .product?:
            // A slip of one of the contract's fields (`${mug.stok}`) is told now, as the run would
            // tell it after the lines before had sent; another name passes, as a server may send
            // fields the contract does not name.
            if parts.count > 1, let meant = EditDistance.slip(parts[1], of: Product.documentKeys) {
                throw ExpansionError(
                    description: ScriptMessage.productFieldSlip(name: parts[0], field: parts[1], meant: meant).text)
            }
            return Self.standIn(forField: Array(parts.dropFirst()), variant)
        case .unknown?, nil: return Self.untyped(variant)
        }
    }

    /// A value of no known type: a number, then words.
    static func untyped(_ variant: Variant) -> String { variant == .low ? "1" : "stand-in text for a value" }

    /// A stand-in for a product's field as the server writes it (`$mug` alone is its id).
    static func standIn(forField path: [String], _ variant: Variant) -> String {
        let low = variant == .low
        switch path.filter({ Int($0) == nil }) {
        case [], ["id"], ["vendor_id"], ["vendors", "id"], ["images", "id"]: return low ? "1" : "2"
        case ["stock"]: return low ? "0" : "1000"
        case ["price"], ["bargain_price"]: return low ? "1000" : "1000000"
        case ["discounted_price"]: return low ? "0" : "100"
        case ["currency"]: return low ? Currency.krw.rawValue : Currency.usd.rawValue
        case ["name"], ["vendorName"], ["vendors", "name"]: return low ? "name" : "a product's name"
        case ["description"]: return low ? "a product's description" : "another product's description, longer"
        case ["thumbnail"], ["images", "url"]: return "http://127.0.0.1/images/1/photo.jpg"
        case ["created_at"], ["issued_at"]: return "2024-01-01T00:00:00"
        default: return untyped(variant)
        }
    }
}
