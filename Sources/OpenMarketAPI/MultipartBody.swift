import Foundation
import MultipartKit
import NIOCore
import OpenMarketContract

/// A `multipart/form-data` body and the boundary that frames it.
public struct MultipartBody: Sendable, Hashable {
    public let boundary: String
    public let data: Data
    /// What the parts are, so that a trace or a dry run can show them without parsing `data`.
    public let parts: [Part]

    /// One part as composed: its name, file name, type and size (and the JSON of a JSON part).
    public struct Part: Sendable, Hashable {
        public var name: String
        public var filename: String?
        public var contentType: String
        public var byteCount: Int
        /// The content of an `application/json` part (the `params`); nil for files.
        public var json: Data?
    }

    init(boundary: String, data: Data, parts: [Part] = []) {
        self.boundary = boundary
        self.data = data
        self.parts = parts
    }

    /// The request's `Content-Type` header value.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Composes the create request: a `params` JSON part, then one `images` part per file.
    ///
    /// MultipartKit frames the parts (CRLF endings, `--boundary` delimiters, closing
    /// `--boundary--`); this type chooses a boundary that occurs in none of the contents, as the
    /// framing requires, and writes the `Content-Disposition` values, whose quoting MultipartKit
    /// leaves to the caller.
    /// - Parameter boundary: a fixed boundary (for byte-exact tests); a random one when nil.
    public static func productCreation(
        params: Data, images: [UploadImage], boundary: String? = nil
    ) throws(MarketError) -> MultipartBody {
        let contents = [params] + images.map(\.data)
        let chosen: String
        if let boundary {
            guard Self.isUsable(boundary, for: contents) else {
                throw MarketError.invalidInput([
                    RuleViolation("multipart", "the boundary \"\(boundary)\" occurs in the content")
                ])
            }
            chosen = boundary
        } else {
            var candidate = Self.randomBoundary()
            while !Self.isUsable(candidate, for: contents) { candidate = Self.randomBoundary() }
            chosen = candidate
        }

        var parts = [
            MultipartPart(
                headers: [
                    "Content-Disposition": #"form-data; name="params""#,
                    "Content-Type": "application/json",
                ],
                body: params)
        ]
        for image in images {
            parts.append(
                MultipartPart(
                    headers: [
                        "Content-Disposition":
                            #"form-data; name="images"; filename=\#(quotedString(image.filename))"#,
                        "Content-Type": image.format.mimeType,
                    ],
                    body: image.data))
        }
        var buffer = ByteBuffer()
        do {
            try MultipartSerializer().serialize(parts: parts, boundary: chosen, into: &buffer)
        } catch {
            throw MarketError.invalidInput([RuleViolation("multipart", "could not be composed: \(error)")])
        }
        let described =
            [Part(name: "params", filename: nil, contentType: "application/json", byteCount: params.count, json: params)]
            + images.map {
                Part(name: "images", filename: $0.filename, contentType: $0.format.mimeType, byteCount: $0.data.count, json: nil)
            }
        return MultipartBody(boundary: chosen, data: Data(buffer.readableBytesView), parts: described)
    }

    /// A quoted-string (RFC 9110 §5.6.4) for a header parameter. Backslash and quote are escaped
    /// so names like `a"b;c=d.png` survive; control characters, which no header may carry, become
    /// `_`. UTF-8 (a Korean file name) is written as is, as browsers do for form uploads.
    public static func quotedString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                out.append("\\")
                out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out.append("_")
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
        return out
    }

    static func randomBoundary() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return "OpenMarketBoundary" + String((0..<24).map { _ in alphabet.randomElement()! })
    }

    /// A boundary is usable when no content contains it; checking the delimiter alone would be
    /// enough for parsers, but checking the bare boundary also keeps it out of any line prefix.
    static func isUsable(_ boundary: String, for contents: [Data]) -> Bool {
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else { return false }
        let needle = Data(boundary.utf8)
        return contents.allSatisfy { $0.range(of: needle) == nil }
    }
}
