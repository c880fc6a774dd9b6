import Foundation
import OpenMarketContract

/// The storefront's words, typed: said in the language the browser's `Accept-Language` asks for
/// (`Language.answering`, English when it names neither Korean nor English), by the catalogues
/// `StorefrontText+English.swift` and `StorefrontText+Korean.swift`, as every message of the
/// project is.
enum StorefrontText: Spoken, Hashable {
    case title
    case list
    case grid
    case soldOut
    case seller
    case previous
    case next
    case empty
    case live
    case allProducts
    case notFound
    case photos
    case stock(Int)
    case page(Int, of: Int)
    case discount(percent: Int)
}
