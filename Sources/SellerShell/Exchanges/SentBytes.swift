import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Bytes a request sent, as the exchange log keeps them. Where the request carried the vendor
/// secret (the value of the top-level `"secret"` field of its JSON body or `params` part: the
/// only place the client puts it), a `.secret` piece stands in its place, and the secret's bytes
/// are not kept. Shown, the piece reads `••••••`; exported, it becomes `"$OPENMARKET_SECRET"` (see
/// `ExportSecret`). A secret anywhere else is masked as text, and a `••••••` the request carried
/// as text stays text: nothing reads the mask back as the secret.
public struct SentBytes: Sendable, Hashable {
    public enum Piece: Sendable, Hashable {
        case bytes(Data)
        /// The vendor secret, as the request carried it in its top-level `"secret"` field.
        case secret
    }

    /// Never two `.bytes` in a row, never an empty one.
    public private(set) var pieces: [Piece]

    public init(_ pieces: [Piece]) {
        var merged: [Piece] = []
        for piece in pieces {
            switch (piece, merged.last) {
            case (.bytes(let data), _) where data.isEmpty: continue
            case (.bytes(let data), .bytes(let before)?): merged[merged.count - 1] = .bytes(before + data)
            default: merged.append(piece)
            }
        }
        self.pieces = merged
    }

    /// Bytes that carry no secret.
    public init(_ data: Data) { pieces = data.isEmpty ? [] : [.bytes(data)] }

    /// As shown: the secret as `••••••`.
    public var masked: Data {
        if pieces.count == 1, case .bytes(let data) = pieces[0] { return data }
        var out = Data()
        for piece in pieces {
            switch piece {
            case .bytes(let data): out.append(data)
            case .secret: out.append(contentsOf: Secret.mask.utf8)
            }
        }
        return out
    }

    /// Whether the request carried the secret here.
    public var carriesSecret: Bool { pieces.contains(.secret) }

    /// `sent` as the log keeps it: in each range of `json` (a JSON object), the value of the
    /// top-level `"secret"` field becomes a `.secret` piece when it is exactly one of `secrets`;
    /// every other secret in `sent` is masked as text. Bytes that are not UTF-8 text are kept as
    /// they are (a secret is text, and the client never puts one into a binary body).
    public init(recording sent: Data, json: [Range<Int>], secrets: SessionSecrets) {
        guard let text = String(data: sent, encoding: .utf8), secrets.occurs(in: text) else {
            self.init(sent)
            return
        }
        let bytes = [UInt8](sent)
        func masked(_ slice: ArraySlice<UInt8>) -> Piece {
            .bytes(Data(secrets.masked(String(decoding: slice, as: UTF8.self)).utf8))
        }
        var pieces: [Piece] = []
        var start = 0
        for range in json.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= start {
            for value in Self.secretValues(in: bytes, range)
            where secrets.masked(String(decoding: bytes[value], as: UTF8.self)) == Secret.mask {
                pieces += [masked(bytes[start..<value.lowerBound]), .secret]
                start = value.upperBound
            }
        }
        pieces.append(masked(bytes[start...]))
        self.init(pieces)
    }

    /// The ranges of the string values (between their quotes) of every `"secret"` field at the
    /// top level of the JSON object in `range`: at depth 1 and outside any string (a nested
    /// `{"secret":…}` is text the request carried). Read on UTF-8 bytes, as JSON is.
    static func secretValues(in bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        let end = range.upperBound
        /// The index of the `"` that closes the string opened at `open`.
        func close(_ open: Int) -> Int? {
            var index = open + 1
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): return index
                default: index += 1
                }
            }
            return nil
        }
        func skipSpace(_ from: Int) -> Int {
            var index = from
            while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index
        }
        var found: [Range<Int>] = []
        var depth = 0
        var index = range.lowerBound
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "\""):
                guard let keyEnd = close(index) else { return found }
                let isSecretKey = depth == 1 && bytes[(index + 1)..<keyEnd].elementsEqual("secret".utf8)
                index = keyEnd
                guard isSecretKey else { break }
                let colon = skipSpace(keyEnd + 1)
                guard colon < end, bytes[colon] == UInt8(ascii: ":") else { break }
                let open = skipSpace(colon + 1)
                guard open < end, bytes[open] == UInt8(ascii: "\""), let valueEnd = close(open) else { break }
                found.append((open + 1)..<valueEnd)
                index = valueEnd
            default: break
            }
            index += 1
        }
        return found
    }
}

extension Exchange.Request {
    /// `request` as the exchange log keeps it: every secret masked, the secret of a top-level
    /// `"secret"` field as a `.secret` piece (see `SentBytes`), a body kept up to `bodyLimit`,
    /// a multipart body as its outline (the photos' bytes left out), and where its photos came
    /// from (`sources`, matched to the file parts).
    public init(
        recording request: HTTPRequestData, secrets: SessionSecrets, bodyLimit: Int, sources: [PhotoSource] = []
    ) {
        let masked = secrets.masked(request.headers)
        var url = request.url
        if secrets.occurs(in: url.absoluteString), let clean = URL(string: secrets.masked(url.absoluteString)) { url = clean }
        let json = (request.parts ?? []).compactMap(\.json)
        let outline = request.outline?.map { segment -> Exchange.Segment in
            switch segment {
            case .bytes(let data):
                // The JSON parts as they sit in this stretch of the body's bytes.
                var ranges: [Range<Int>] = []
                for part in json {
                    guard let found = data.range(of: part, in: (ranges.last?.upperBound ?? data.startIndex)..<data.endIndex)
                    else { continue }
                    ranges.append((found.lowerBound - data.startIndex)..<(found.upperBound - data.startIndex))
                }
                return .bytes(SentBytes(recording: data, json: ranges, secrets: secrets))
            case .file(let count, let type, let part): return .file(byteCount: count, contentType: type, part: part)
            }
        }
        let body =
            request.outline == nil
            ? request.body.map { KeptBody(SentBytes(recording: $0, json: [0..<$0.count], secrets: secrets), limit: bodyLimit) }
            : nil
        var partJSON: [Int: SentBytes] = [:]
        // The `params` part's JSON holds the secret as sent: kept as pieces, and masked for showing.
        let parts = request.parts?.enumerated().map { index, part -> MultipartBody.Part in
            var copy = part
            if let data = part.json {
                let kept = SentBytes(recording: data, json: [0..<data.count], secrets: secrets)
                partJSON[index] = kept
                copy.json = kept.masked
            }
            return copy
        }
        self.init(
            method: request.method.rawValue, url: url, target: secrets.masked(request.requestTarget), headers: masked, body: body,
            parts: parts, partJSON: partJSON, outline: outline,
            sources: PhotoSource.matched(sources, to: request.parts ?? []))
    }
}
