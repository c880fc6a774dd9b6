import Foundation

/// The kinds of catalog file: a spreadsheet's CSV, JSON Lines (one product object a line) or a
/// JSON array of product objects.
public enum CatalogFormat: String, Sendable, CaseIterable {
    case csv, jsonl, json

    /// By extension, any case: .csv; .jsonl or .ndjson; .json. nil otherwise.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonl
        case "json": self = .json
        default: return nil
        }
    }
}
