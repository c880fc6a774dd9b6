import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// How `exchanges` and `exchange N` show the log: one line per exchange, one exchange in full
/// as an HTTP message (request line, every header as sent, the body; then the status line,
/// headers and body), or its exact bytes with control characters made visible (`--wire`).
/// Everything the server sent is shown with its control characters visible; the log holds no
/// secret (the recorder masked them).
public enum ExchangeRendering {
    /// `#7 PATCH /api/products/3 → 202 Accepted · 14 ms · 1 KB`.
    public static func summary(_ exchange: Exchange) -> String {
        var line = "#\(exchange.number) \(exchange.request.method) \(TerminalText.shownURL(exchange.request.target)) → "
        if let response = exchange.response {
            line += "\(response.status) \(HTTPStatusPhrase.reason(response.status))"
        } else if let failure = exchange.failure {
            line += Message.noAnswer("\(failure)").text
        } else {
            line += "…"
        }
        if let elapsed = exchange.elapsed { line += " · \(milliseconds(elapsed))" }
        if let response = exchange.response { line += " · " + Message.byteCount(response.body.byteCount).text }
        if let reason = exchange.bookkeeping { line += "  " + Bookkeeping.label(reason) }
        if exchange.dryRun { line += "  " + Message.dryRunMark.text }
        return line
    }

    /// The heading of `exchange N`: its number, the line that sent it, how long it took.
    static func heading(_ exchange: Exchange) -> String {
        var parts = [Message.exchangeHeading(number: exchange.number).text]
        if let reason = exchange.bookkeeping {
            parts.append(Bookkeeping.label(reason))
        } else if let command = exchange.command {
            parts.append(Message.sentBy(TerminalText.visible(command)).text)
        }
        if let elapsed = exchange.elapsed { parts.append(milliseconds(elapsed)) }
        if exchange.dryRun { parts.append(Message.dryRunMark.text) }
        return parts.joined(separator: " · ")
    }

    /// One exchange in full: readable (JSON pretty-printed, multipart in its wire form with
    /// each file's bytes elided), or with `wire` the bytes as sent and received, line endings
    /// and every other control character shown.
    /// With `color`, JSON bodies are syntax-coloured (a terminal without `NO_COLOR`).
    public static func full(_ exchange: Exchange, wire: Bool = false, color: Bool = false) -> String {
        [
            heading(exchange), "", request(exchange.request, wire: wire, color: color), "",
            answer(of: exchange, wire: wire, color: color),
        ].joined(separator: "\n")
    }

    /// The request as sent: request line, every header, the body.
    public static func request(_ request: Exchange.Request, wire: Bool = false, color: Bool = false) -> String {
        var out = [
            head(
                "\(request.method) \(TerminalText.visible(request.target)) HTTP/1.1", headers: request.headers, wire: wire,
                hasBody: request.outline != nil || (request.body?.byteCount ?? 0) > 0)
        ]
        if let outline = request.outline {
            out.append(outlineText(outline))
        } else if let body = request.body, body.byteCount > 0 {
            out.append(bodyText(body, contentType: request.contentType, wire: wire, color: color))
        }
        return out.joined(separator: "\n")
    }

    /// The answer in full, or why there is none.
    public static func answer(of exchange: Exchange, wire: Bool = false, color: Bool = false) -> String {
        if let response = exchange.response { return answer(response, wire: wire, color: color) }
        if let failure = exchange.failure { return "(" + Message.noAnswer(failure).text + ")" }
        return Message.waitingForAnswer.text
    }

    /// An answer in full: the status line, every header, the body.
    public static func answer(_ response: Exchange.Response, wire: Bool = false, color: Bool = false) -> String {
        let phrase = HTTPStatusPhrase.reason(response.status)
        var out = head(
            "HTTP/1.1 \(response.status) \(phrase)", headers: response.headers, wire: wire, hasBody: response.body.byteCount > 0)
        if response.body.byteCount > 0 {
            out += "\n" + bodyText(response.body, contentType: response.headers["Content-Type"], wire: wire, color: color)
        }
        return out
    }

    /// The start line and headers; with `wire`, each line ends in a visible CRLF and a visible
    /// empty line ends the head.
    static func head(_ startLine: String, headers: HeaderFields, wire: Bool, hasBody: Bool) -> String {
        let end = wire ? "␍␊" : ""
        var lines = [startLine + end]
        for field in headers {
            let value = wire ? field.value : shownValue(field)
            lines.append("\(TerminalText.visible(field.name)): \(TerminalText.visible(value))\(end)")
        }
        // The empty line that ends a head: shown on the wire; for reading, only before a body.
        if wire || hasBody { lines.append(end) }
        return lines.joined(separator: "\n")
    }

    /// A header value for reading: the vendor identifier shortened as the trace shows it.
    static func shownValue(_ field: HeaderField) -> String { TracingTransport.maskHeader(field) }

    /// A body that is not multipart: pretty JSON or text when readable, else its size; as sent
    /// with `wire` (control characters visible, each CRLF shown and then broken).
    static func bodyText(_ body: KeptBody, contentType: String?, wire: Bool, color: Bool = false) -> String {
        let cut =
            body.isCut ? "\n" + Message.bodyCut(total: grouped(body.byteCount), kept: grouped(body.data.count)).text : ""
        guard let text = String(data: body.data, encoding: .utf8), !text.contains("\u{0}") else {
            return Message.bytesOf(count: grouped(body.byteCount), type: contentType).text
        }
        if wire { return wireText(text) + cut }
        if !body.isCut, let pretty = TracingTransport.prettyJSON(body.data) {
            let shown = TerminalText.visible(pretty, keepingNewlines: true)
            return color ? JSONColouring.coloured(shown) : shown
        }
        return TerminalText.visible(text, keepingNewlines: true) + cut
    }

    /// A multipart body as sent: boundaries, part headers and CRLFs exactly, each file's bytes
    /// as `‹23,144 bytes of image/jpeg›`.
    static func outlineText(_ outline: [Exchange.Segment]) -> String {
        outline.map { segment in
            switch segment {
            case .bytes(let sent): wireText(String(decoding: sent.masked, as: UTF8.self))
            case .file(let count, let type, _): Message.bytesOf(count: grouped(count), type: type).text
            }
        }
        .joined()
    }

    /// Text with every control character visible, and a line break after each LF so CRLF
    /// reads as `␍␊` at the end of a line.
    static func wireText(_ text: String) -> String {
        TerminalText.visible(text).replacingOccurrences(of: "␊", with: "␊\n")
    }

    static func milliseconds(_ duration: Duration) -> String {
        "\(grouped(Int((duration.milliseconds).rounded()))) ms"
    }

    /// `23144` → `23,144` (the shell's one grouping, `TextLayout.grouped`).
    static func grouped(_ number: Int) -> String { TextLayout.grouped(number) }
}
