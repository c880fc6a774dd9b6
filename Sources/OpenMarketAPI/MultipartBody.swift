import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1
import OpenMarketContract

/// A `multipart/form-data` body and the boundary that frames it.
public struct MultipartBody: Sendable, Hashable {
    public let boundary: String
    public let data: Data
    /// What the parts are, so that a trace or a dry run can show them without parsing `data`.
    public let parts: [Part]
    /// `data` with each file's bytes left out, for an exchange log to keep and show.
    public let outline: [WireSegment]

    /// One part as composed: its name, file name, type and size (and the JSON of a JSON part).
    public struct Part: Sendable, Hashable {
        public var name: String
        public var filename: String?
        public var contentType: String
        public var byteCount: Int
        /// The content of an `application/json` part (the `params`); nil for files.
        public var json: Data?
    }

    init(boundary: String, data: Data, parts: [Part] = [], outline: [WireSegment] = []) {
        self.boundary = boundary
        self.data = data
        self.parts = parts
        self.outline = outline.isEmpty ? [.bytes(data)] : outline
    }

    /// The request's `Content-Type` header value.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// One part to compose: a form field (no file name) or a file.
    public struct FormPart: Sendable {
        public var name: String
        public var filename: String?
        /// nil: no `Content-Type` line (a plain form field).
        public var contentType: String?
        public var data: Data

        public init(name: String, filename: String? = nil, contentType: String?, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }
    }

    /// Composes the create request: a `params` JSON part, then one `images` part per file.
    /// - Parameter boundary: a fixed boundary (for byte-exact tests); a random one when nil.
    public static func productCreation(
        params: Data, images: [UploadImage], boundary: String? = nil
    ) throws(MarketError) -> MultipartBody {
        try form(
            [FormPart(name: "params", contentType: "application/json", data: params)]
                + images.map {
                    FormPart(name: "images", filename: $0.filename, contentType: $0.format.mimeType, data: $0.data)
                },
            boundary: boundary)
    }

    /// Composes a `multipart/form-data` body from any parts (a raw request typed at the prompt).
    ///
    /// MultipartKit frames the parts (CRLF endings, `--boundary` delimiters, closing
    /// `--boundary--`); this type chooses a boundary that occurs in none of the contents, as the
    /// framing requires, and writes the `Content-Disposition` values, whose quoting MultipartKit
    /// leaves to the caller.
    public static func form(_ given: [FormPart], boundary: String? = nil) throws(MarketError) -> MultipartBody {
        let contents = given.map(\.data)
        let chosen: String
        if let boundary {
            guard Self.isUsable(boundary, for: contents) else {
                throw MarketError.invalidInput([
                    RuleViolation("multipart", .boundaryInContent(boundary))
                ])
            }
            chosen = boundary
        } else {
            var candidate = Self.randomBoundary()
            while !Self.isUsable(candidate, for: contents) { candidate = Self.randomBoundary() }
            chosen = candidate
        }
        let described = given.map {
            Part(
                name: $0.name, filename: $0.filename, contentType: $0.contentType ?? "text/plain", byteCount: $0.data.count,
                json: $0.filename == nil && $0.contentType == "application/json" ? $0.data : nil)
        }
        let data = try serialize(given, boundary: chosen)
        // The same framing with each file's bytes replaced by a marker that occurs nowhere else,
        // then cut at the markers: the outline is MultipartKit's own output, not a second writer.
        let files = given.indices.filter { given[$0].filename != nil }
        var stand = given
        var markers: [Int: Data] = [:]
        for index in files {
            markers[index] = Data("\u{1}OpenMarketFile\(index)-\(chosen)\u{1}".utf8)
            stand[index].data = markers[index]!
        }
        var outline: [WireSegment] = []
        var rest = try serialize(stand, boundary: chosen)[...]
        for index in files {
            guard let marker = markers[index], let found = rest.range(of: marker) else { break }
            outline.append(.bytes(Data(rest[..<found.lowerBound])))
            outline.append(
                .file(
                    byteCount: given[index].data.count, contentType: given[index].contentType ?? "application/octet-stream",
                    part: index + 1))
            rest = rest[found.upperBound...]
        }
        outline.append(.bytes(Data(rest)))
        return MultipartBody(boundary: chosen, data: data, parts: described, outline: outline)
    }

    private static func serialize(_ given: [FormPart], boundary: String) throws(MarketError) -> Data {
        let parts = given.map { part in
            var headers: HTTPHeaders = [
                "Content-Disposition": "form-data; name=\(quotedString(part.name))"
                    + (part.filename.map { "; filename=\(quotedString($0))" } ?? "")
            ]
            if let type = part.contentType { headers.add(name: "Content-Type", value: type) }
            return MultipartPart(headers: headers, body: part.data)
        }
        var buffer = ByteBuffer()
        do {
            try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        } catch {
            throw MarketError.invalidInput([RuleViolation("multipart", .multipartNotComposable("\(error)"))])
        }
        return Data(buffer.readableBytesView)
    }

    /// A quoted-string (RFC 9110 §5.6.4) for a header parameter. Backslash and quote are escaped
    /// so names like `a"b;c=d.png` survive; control characters, which no header may carry, become
    /// `_`. UTF-8 (a Korean file name) is written as is, as browsers do for form uploads.
    public static func quotedString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case .doubleQuote, .backslash:
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
