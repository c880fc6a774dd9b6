import Foundation

/// The JSON settings every part of the project uses (client bodies, server answers, saved files,
/// the shell's documents), so bodies are byte-for-byte predictable: keys sorted, slashes left
/// unescaped, no white space. The one place these settings are written.
public enum MarketJSON {
    /// A new encoder with the project's settings (`.sortedKeys`, `.withoutEscapingSlashes`).
    /// A fresh one per call: `JSONEncoder` is a class, and a shared one could be reconfigured.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder with Foundation's defaults; the models' `CodingKeys` name the wire fields.
    public static var decoder: JSONDecoder { JSONDecoder() }
}
