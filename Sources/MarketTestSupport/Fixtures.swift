import Foundation

/// Locates the files tests read, all inside the repository (`Tests/Fixtures/`), so a clone with
/// nothing beside it passes its tests.
///
/// The package root is found from this source file's location rather than the working directory,
/// because `swift test` may run from anywhere. `Tests/Fixtures/` is in no test target's folder, so
/// SwiftPM does not take its files for a target's resources.
public enum Fixtures {
    /// The package root (the folder holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Tests/Fixtures/images` under the package root (its README says where each image comes from).
    public static let imagesDirectory: URL =
        packageRoot.appendingPathComponent("Tests/Fixtures/images", isDirectory: true)

    /// The path of one fixture image, e.g. `Fixtures.image("coffee-small.jpg")`.
    public static func image(_ name: String) -> URL {
        imagesDirectory.appendingPathComponent(name)
    }

    /// The bytes of one fixture image.
    public static func imageData(_ name: String) throws -> Data {
        try Data(contentsOf: image(name))
    }

    /// A fresh, empty temporary directory that the caller removes when done.
    public static func temporaryDirectory(_ label: String = "openmarket-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
