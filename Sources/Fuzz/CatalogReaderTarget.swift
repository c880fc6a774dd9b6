import CatalogFiles
import Foundation

/// `CatalogReader.read` on any bytes as CSV, JSON Lines and a JSON array: it returns (no crash,
/// no hang). Invariant: the rows read from a CSV, written again by `CatalogWriter` in each format,
/// read back to the same rows' cells.
enum CatalogReaderTarget {
    @Sendable static func run(_ input: [UInt8]) {
        let data = Data(input)
        for format in CatalogFormat.allCases {
            let contents = CatalogReader.read(data, name: "fuzz", format: format)
            for format in CatalogFormat.allCases { roundTrip(contents.rows.map(\.values), format) }
        }
    }

    /// Every column the reader reads, the two sync columns (`revision`, `action`) included: a
    /// sheet's row may hold only an action, and written without it (`allCases` leaves them out)
    /// it read back as another row (the fuzzer's crash-922ae40).
    static let columns = CatalogColumn.allCases + [.revision, .action]

    static func roundTrip(_ rows: [[CatalogColumn: String]], _ format: CatalogFormat) {
        var written = Data()
        let writer = CatalogWriter(format: format, columns: Self.columns, bom: true) { written.append($0) }
        do {
            for row in rows { try writer.write(row) }
            try writer.finish()
        } catch {
            fatalError("invariant broken: CatalogWriter refused \(rows): \(error)")
        }
        let again = CatalogReader.read(written, name: "again", format: format)
        invariant(again.problems.isEmpty, "\(format) written from \(rows) reads with \(again.problems)")
        invariant(
            again.rows.map(\.values) == rows,
            "\(rows) written as \(format) \(String(decoding: written, as: UTF8.self).debugDescription) reads as \(again.rows.map(\.values))"
        )
    }
}
