import Foundation
import OpenMarketContract

/// A catalog's bytes as text: UTF-8 (a BOM dropped), or for CSV Korean Excel's CP949.
enum CatalogText {

    /// The text and, when it was not UTF-8, a note saying how it was read; nil when it is neither.
    static func decode(_ data: Data, allowingCP949: Bool) -> (text: String, note: String?)? {
        guard let (text, cp949) = KoreanExcelText.decode(data, allowingCP949: allowingCP949) else { return nil }
        return (text, cp949 ? CatalogProblemMessage.readAsCP949.text : nil)
    }
}
