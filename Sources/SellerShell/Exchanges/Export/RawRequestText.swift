import Foundation
import OpenMarketAPI

/// `exchange N --as raw`: the request's own bytes, sent again with nothing but bash: the request
/// line and headers as they were sent (plus `Connection: close`, so the answer ends), then the
/// body — its text in `$'…'` quotes with every CRLF kept, each photo of a multipart body read
/// from its file with `cat` — written to `/dev/tcp/HOST/PORT`, and the answer read back.
enum RawRequestText {
    static func text(for exchange: Exchange, secret: ExportSecret) throws(ExportProblem) -> String {
        let request = exchange.request
        guard let host = request.url.host, !host.isEmpty else { throw ExportProblem("the request has no host") }
        guard request.url.scheme?.lowercased() != "https" else {
            throw ExportProblem("an https request cannot be typed raw (TLS); use --as curl")
        }
        let port = request.url.port ?? 80
        var head = ["\(request.method) \(request.target) HTTP/1.1"]
        head += request.headers.fields.map { "\($0.name): \($0.value)" }
        head.append("Connection: close")
        var writes = ["printf '%s' " + BashWords.ansiC(head.joined(separator: "\r\n") + "\r\n\r\n")]
        var notes: [String] = []
        if let outline = request.outline {
            for segment in outline {
                switch segment {
                case .bytes(let data):
                    writes.append("printf '%s' " + BashWords.ansiCBody(String(decoding: data, as: UTF8.self), secret: secret))
                case .file(_, _, let number):
                    guard let part = request.parts?[safe: number - 1] else {
                        throw ExportProblem("part \(number) came from no file on disk")
                    }
                    let path = try ExportHeaders.sourcePath(of: part, number: number)
                    notes += ExportHeaders.shrinkNote(part, path: path)
                    writes.append("cat " + BashWords.quoted(path))
                }
            }
        } else if let body = request.body, body.byteCount > 0 {
            writes.append("printf '%s' " + BashWords.ansiCBody(try ExportHeaders.text(of: body), secret: secret))
        }
        let sent = request.outline.map { segments in
            segments.map { segment -> String in
                if case .bytes(let data) = segment { return String(decoding: data, as: UTF8.self) }
                return ""
            }
            .joined()
        }
        notes += ExportHeaders.secretNote(sent ?? request.body.map { String(decoding: $0.data, as: UTF8.self) }, secret)
        var out = notes.map(ExportHeaders.comment)
        out.append("# exchange #\(exchange.number) as it went on the wire; bash sends it and prints the answer")
        out.append(
            "exec 3<>\(BashWords.quoted("/dev/tcp/\(host)/\(port)")) && {\n  " + writes.joined(separator: "\n  ")
                + "\n} >&3 && cat <&3; exec 3<&-")
        return out.joined(separator: "\n")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
