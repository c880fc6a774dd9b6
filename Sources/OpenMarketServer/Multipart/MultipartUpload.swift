import Foundation
import MultipartKit
import NIOCore
import OpenMarketContract

/// One part of an upload, as far as the limits allowed it to be kept.
package struct UploadedPart: Sendable {
    package var name: String?
    package var filename: String?
    package var contentType: String?
    /// The bytes, complete unless `byteCount` is over the part limit (then only a prefix).
    package var body: Data
    package var byteCount: Int
}

package enum UploadFailure: Error, Equatable {
    /// The whole body is over the request limit (413).
    case requestTooLarge
    /// The framing is broken (400), with what was wrong.
    case malformed(MarketMessage)
}

/// Reads a multipart body as it arrives, with MultipartKit's incremental parser.
///
/// Not `FormDataDecoder`: it keeps only the last of several parts with the same name, and the
/// contract sends every image as a part named `images`. The limits are enforced here because a
/// streamed body bypasses Hummingbird's own upload limit; a part over `maxPartBytes` is counted
/// but not kept, so an oversized image costs no memory beyond the limit.
package enum MultipartUpload {
    package static func read<Body: AsyncSequence>(
        _ body: Body, boundary: String, maxRequestBytes: Int, maxPartBytes: Int
    ) async throws -> [UploadedPart] where Body.Element == ByteBuffer {
        let collector = Collector()
        let parser = MultipartParser(boundary: boundary)
        var headerGuard = MultipartHeaderGuard(boundary: boundary)
        parser.onHeader = { name, value in collector.headers.append((name, value)) }
        parser.onBody = { chunk in
            collector.count += chunk.readableBytes
            if collector.count <= maxPartBytes { collector.data.append(contentsOf: chunk.readableBytesView) }
        }
        parser.onPartComplete = {
            var part = UploadedPart(name: nil, filename: nil, contentType: nil, body: collector.data, byteCount: collector.count)
            for (name, value) in collector.headers {
                switch name.lowercased() {
                case "content-disposition":
                    let disposition = ContentDisposition(value)
                    part.name = disposition?.parameters["name"]
                    part.filename = disposition?.filename
                case "content-type":
                    part.contentType = value
                default:
                    break
                }
            }
            collector.parts.append(part)
            collector.headers = []
            collector.data = Data()
            collector.count = 0
        }

        var total = 0
        var tail = [UInt8]()
        let closing = Array("--\(boundary)--".utf8)
        do {
            for try await chunk in body {
                total += chunk.readableBytes
                if total > maxRequestBytes { throw UploadFailure.requestTooLarge }
                if headerGuard.firstForbiddenByte(in: chunk.readableBytesView) != nil {
                    throw UploadFailure.malformed(.nonASCIIHeaderName)
                }
                try parser.execute(chunk)
                tail.append(contentsOf: chunk.readableBytesView.suffix(closing.count + 8))
                if tail.count > closing.count + 8 { tail.removeFirst(tail.count - closing.count - 8) }
            }
        } catch let failure as UploadFailure {
            throw failure
        } catch {
            throw UploadFailure.malformed(.multipartBroken("\(error)"))
        }
        // The parser accepts a body that simply stops; the contract requires the closing line.
        while let last = tail.last, last == 0x0A || last == 0x0D || last == 0x20 { tail.removeLast() }
        guard tail.count >= closing.count, Array(tail.suffix(closing.count)) == closing else {
            throw UploadFailure.malformed(.noClosingLine(boundary: boundary))
        }
        guard !collector.parts.isEmpty else { throw UploadFailure.malformed(.noParts) }
        return collector.parts
    }
}

/// The parser's callbacks fill this as parts arrive; it lives only for one `read`.
private final class Collector {
    var parts: [UploadedPart] = []
    var headers: [(String, String)] = []
    var data = Data()
    var count = 0
}

/// A `Content-Disposition` value (`form-data; name="images"; filename="a;b.png"`).
///
/// Written here because MultipartKit splits parameters on every `;` and `=`, so a quoted file
/// name containing either came back cut short. This reads quoted-strings with backslash escapes
/// (RFC 9110 §5.6.4) and the RFC 8187 `filename*=UTF-8''…` form.
package struct ContentDisposition: Equatable {
    package var type: String
    package var parameters: [String: String]

    /// `filename*` when present (it carries the exact UTF-8 name), else `filename`.
    package var filename: String? { parameters["filename*"] ?? parameters["filename"] }

    /// One pass over the scalars: the readers share the cursor `i`.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var i = 0

        var atEnd: Bool { i >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[i] }

        mutating func skipSpaces() { while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 } }

        mutating func token(until stops: Set<Unicode.Scalar>) -> String {
            var out = String.UnicodeScalarView()
            while i < scalars.count, !stops.contains(scalars[i]) {
                out.append(scalars[i])
                i += 1
            }
            return String(out).trimmingCharacters(in: .whitespaces)
        }

        /// A quoted-string after its opening quote, backslash escapes undone; nil when unclosed.
        mutating func quoted() -> String? {
            var out = String.UnicodeScalarView()
            while i < scalars.count {
                let c = scalars[i]
                if c == "\\", i + 1 < scalars.count {
                    out.append(scalars[i + 1])
                    i += 2
                } else if c == .doubleQuote {
                    i += 1
                    return String(out)
                } else {
                    out.append(c)
                    i += 1
                }
            }
            return nil
        }

        /// A parameter's value after its name: quoted, a token, or empty without `=`; nil when malformed.
        mutating func value() -> String? {
            guard current == "=" else { return "" }
            i += 1
            skipSpaces()
            guard current == .doubleQuote else { return token(until: [";"]) }
            i += 1
            guard let value = quoted() else { return nil }
            skipSpaces()
            return value
        }
    }

    /// RFC 8187's `charset'language'percent-encoded`, in UTF-8 only; nil otherwise.
    private static func extendedValue(_ value: String) -> String? {
        let pieces = value.unicodeScalars.split(separator: .singleQuote, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String($0) }
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return pieces[2].removingPercentEncoding
    }

    package init?(_ value: String) {
        var scanner = Scanner(scalars: Array(value.unicodeScalars))
        scanner.skipSpaces()
        let type = scanner.token(until: [";"]).lowercased()
        guard !type.isEmpty else { return nil }
        var parameters: [String: String] = [:]
        while let next = scanner.current {
            guard next == ";" else { return nil }
            scanner.i += 1
            scanner.skipSpaces()
            if scanner.atEnd { break }
            let name = scanner.token(until: ["=", ";"]).lowercased()
            guard !name.isEmpty, var parameterValue = scanner.value() else { return nil }
            if name.hasSuffix("*") {
                guard let decoded = Self.extendedValue(parameterValue) else { continue }
                parameterValue = decoded
            }
            parameters[name] = parameterValue
        }
        self.type = type
        self.parameters = parameters
    }
}
