import Foundation
import MarketTestSupport

@testable import CatalogFiles

/// The catalog fixtures and a scratch folder per test.
enum CatalogFixtures {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/catalog")
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A fresh empty folder under the temporary directory.
    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Reads `text` as a catalog named `name`.
    static func read(_ text: String, _ format: CatalogFormat = .csv, name: String = "cat.csv") -> CatalogContents {
        CatalogReader.read(Data(text.utf8), name: name, format: format)
    }
}
