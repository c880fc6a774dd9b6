import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `exchange N --as raw`: the request's own bytes, sent again with nothing but bash: the request
/// line and headers as they were sent (plus `Connection: close`, so the answer ends), then the
/// body — its text in `$'…'` quotes with every CRLF kept, each photo of a multipart body read
/// from its file with `cat` — written to `/dev/tcp/HOST/PORT`, and the answer read back. The
/// `Content-Length` is the body's size as this command writes it; when it writes
/// `"$OPENMARKET_SECRET"`, bash adds that variable's size in bytes, so any secret is framed right.
enum RawRequestText {
    static func text(for exchange: Exchange, secret: ExportSecret) throws(ExportProblem) -> String {
        let request = exchange.request
        guard let host = request.url.host, !host.isEmpty else { throw ExportProblem(.requestHasNoHost) }
        guard request.url.scheme?.lowercased() != "https" else {
            throw ExportProblem(.httpsNotRaw)
        }
        let port = request.url.port ?? 80
        var body = try BodyWrites(request, secret: secret)
        let writes = ["printf '%s' " + headWord(request, contentLength: body.contentLength)] + body.writes
        let sent = request.outline.map { segments in
            SentBytes(
                segments.flatMap { segment -> [SentBytes.Piece] in
                    if case .bytes(let sent) = segment { return sent.pieces }
                    return []
                })
        }
        body.notes += ExportHeaders.secretNote(sent ?? request.body?.sent, secret)
        var out = body.notes.map(ExportHeaders.comment)
        out.append(ExportHeaders.comment(Message.rawExportHeading(number: exchange.number).text))
        if body.secrets > 0 { out.append(#"secret_bytes=$(LC_ALL=C; printf '%s' "${#OPENMARKET_SECRET}")"#) }
        out.append(
            "exec 3<>\(BashWords.quoted("/dev/tcp/\(host)/\(port)")) && {\n  " + writes.joined(separator: "\n  ")
                + "\n} >&3 && cat <&3; exec 3<&-")
        return out.joined(separator: "\n")
    }

    /// The request line and headers, `Connection: close` added, as one bash word: the text in
    /// `$'…'`, and a `Content-Length` that bash counts as an arithmetic word in double quotes.
    private static func headWord(_ request: Exchange.Request, contentLength: ContentLength) -> String {
        var head = [["\(request.method) \(request.target) HTTP/1.1"]]
        for field in request.headers.fields {
            guard field.name.caseInsensitiveCompare("Content-Length") == .orderedSame else {
                head.append(["\(field.name): \(field.value)"])
                continue
            }
            switch contentLength {
            case .fixed(let length): head.append(["\(field.name): \(length)"])
            case .counted(let arithmetic): head.append(["\(field.name): ", arithmetic])
            }
        }
        head.append(["Connection: close"])
        var word = ""
        var text = ""
        for (index, line) in head.enumerated() {
            text += line[0]
            if line.count > 1 {
                word += BashWords.ansiC(text) + "\"\(line[1])\""
                text = ""
            }
            text += index == head.count - 1 ? "\r\n\r\n" : "\r\n"
        }
        return word + BashWords.ansiC(text)
    }

    /// The body's `Content-Length` as this command writes the body: a number, or, when the body
    /// splices `"$OPENMARKET_SECRET"`, bash arithmetic adding the secret's size in bytes (in the C
    /// locale, `${#…}` counts bytes), so a secret of any length is framed right.
    enum ContentLength {
        case fixed(Int)
        case counted(String)
    }

    /// The commands that write the body, its notes, and what its bytes count.
    struct BodyWrites {
        var writes: [String] = []
        var notes: [String]
        /// The body's bytes as written here, but for the secrets (bash counts those) and files.
        var fixed = 0
        var secrets = 0
        let secret: ExportSecret

        var contentLength: ContentLength {
            secrets == 0 ? .fixed(fixed) : .counted("$((\(fixed) + \(secrets) * secret_bytes))")
        }

        init(_ request: Exchange.Request, secret: ExportSecret) throws(ExportProblem) {
            self.secret = secret
            notes = ExportHeaders.conditionalNote(request)
            if let outline = request.outline {
                for segment in outline {
                    switch segment {
                    case .bytes(let sent): writeBytes(sent)
                    case .file(let byteCount, _, let number):
                        guard let part = request.parts?[safe: number - 1] else {
                            throw ExportProblem(.partFromNoFile(number: number, name: nil))
                        }
                        let source = request.sources[number - 1]
                        let path = try ExportHeaders.sourcePath(of: part, number: number, source: source)
                        notes += ExportHeaders.shrinkNote(part, source: source)
                        fixed += byteCount
                        writes.append("cat " + BashWords.quoted(path))
                    }
                }
            } else if let body = request.body, body.byteCount > 0 {
                writeBytes(try ExportHeaders.sent(of: body))
            }
        }

        /// Writes bytes with `printf` in `$'…'` quotes, and counts them.
        private mutating func writeBytes(_ sent: SentBytes) {
            for piece in sent.pieces {
                switch piece {
                case .bytes(let data): fixed += data.count
                case .secret where secret.splices: secrets += 1
                case .secret: fixed += Secret.mask.utf8.count
                }
            }
            writes.append("printf '%s' " + BashWords.ansiCBody(sent, secret: secret))
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
