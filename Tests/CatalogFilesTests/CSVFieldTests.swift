import Foundation
import OpenMarketContract
import Testing

@testable import CatalogFiles

/// `CSVField.quoted` read back by the CSV reader the catalogs use: a quote followed by a
/// combining mark (one `Character`, not a quote) is still doubled, so the reader sees one cell.
@Suite struct CSVFieldTests {
    @Test(arguments: ["plain", "a,b", "say \"hi\"", "\"\u{301}x", "line\nbreak", "\u{301}\"\u{301}\",x"])
    func aQuotedFieldReadsBackAsItWasWritten(_ text: String) {
        let file = "name,description\n" + CSVField.quoted(text) + ",d\n"
        let contents = CatalogFixtures.read(file, name: "f.csv")
        #expect(contents.problems.isEmpty, "\(contents.problems)")
        #expect(contents.rows.first?[.name].map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    }
}
