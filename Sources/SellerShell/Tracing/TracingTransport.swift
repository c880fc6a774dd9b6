import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization
import TerminalText

/// Shows each HTTP exchange for learning: request line, headers (as sent, `Host` and
/// `Content-Length` included) and body, then status line, headers and body. JSON is
/// pretty-printed, multipart bodies are listed part by part, the vendor secret is masked
/// wherever it appears and the identifier shows its first 8 characters. A request sent for
/// the shell's own bookkeeping (see `Bookkeeping`) is labelled as such.
public final class TracingTransport: HTTPTransport, Sendable {
    private let inner: any HTTPTransport
    private let sink: @Sendable (String) -> Void
    private let secrets: @Sendable () -> [String]
    /// The terminal's width, where there is one (`fitted`).
    private let columns: @Sendable () -> Int?

    private struct Switches {
        var enabled = false
        var responses = true
    }

    /// Behind a mutex: the shell toggles tracing while requests may be in flight.
    private let switches = Mutex(Switches())

    /// - Parameter secrets: the secrets masked wherever they appear in an exchange (any key,
    ///   any header, the URL, a text body), besides every `secret` key's value.
    public init(
        wrapping inner: any HTTPTransport, secrets: @escaping @Sendable () -> [String] = { [] },
        columns: @escaping @Sendable () -> Int? = { nil }, sink: @escaping @Sendable (String) -> Void
    ) {
        self.inner = inner
        self.sink = sink
        self.secrets = secrets
        self.columns = columns
    }

    public var isEnabled: Bool {
        get { switches.withLock { $0.enabled } }
        set { switches.withLock { $0.enabled = newValue } }
    }

    /// Whether answers are shown too, not only requests (a lesson stepped through shows the
    /// request, then the command's own answer).
    public var showsResponses: Bool {
        get { switches.withLock { $0.responses } }
        set { switches.withLock { $0.responses = newValue } }
    }

    public var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    public nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        // What the command asked to be shown (`CommandContext.trace`), over the session's setting.
        let options = request.notes.trace ?? TraceOptions(enabled: isEnabled, showsResponses: showsResponses)
        guard options.enabled else { return try await inner.send(request, timeout: timeout) }
        let showsResponses = options.showsResponses
        let secrets = self.secrets()
        // A request the shell sends for itself says so, above its request line, and shows only
        // that line: its headers, body and answer are not what the person is watching.
        if let label = Bookkeeping.label(of: request) {
            sink(label)
            sink(
                SecretMasking.masked(
                    Self.numbered("→ \(request.method.rawValue) \(TerminalText.shownURL(request.url.absoluteString))", request),
                    secrets: secrets))
            return try await inner.send(request, timeout: timeout)
        }
        let width = columns().map { $0 - 1 }
        sink(Self.fitted(SecretMasking.masked(Self.numbered(Self.describe(request), request), secrets: secrets), columns: width))
        let started = ContinuousClock.now
        do {
            let response = try await inner.send(request, timeout: timeout)
            if showsResponses {
                let shown = Self.numbered(Self.describe(response, after: ContinuousClock.now - started), request)
                sink(Self.fitted(SecretMasking.masked(shown, secrets: secrets), columns: width))
            }
            return response
        } catch {
            sink(SecretMasking.masked(TraceMessage.noResponse("\(error)").text, secrets: secrets))
            throw error
        }
    }

    /// A request or an answer as shown, fitted to `columns` before the console folds it between
    /// words: the request or status line and each header line that does not fit is cut with `…`
    /// (a piece of it on the next line would read as another header, `boundary=…`; `exchange N`
    /// shows it whole); a body's line is folded between words, a word wider than a line (a URL
    /// in a JSON string) kept whole on a line of its own, never broken inside.
    static func fitted(_ text: String, columns: Int?) -> String {
        guard let columns, columns >= 20 else { return text }
        var inBody = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { piece in
            let line = String(piece)
            if line.isEmpty { inBody = true }
            guard TerminalText.width(line) > columns else { return line }
            return inBody
                ? TerminalText.wrapped(line, columns: columns, longWords: .whole) : TerminalText.cutAtEnd(line, to: columns)
        }.joined(separator: "\n")
    }

    /// `text` with the number of `request`'s exchange (`RequestNotes.number`, given by the
    /// exchange log) at the end of its first line, so a trace line can be found again with
    /// `exchange N`.
    public static func numbered(_ text: String, _ request: HTTPRequestData) -> String {
        guard let number = request.notes.number else { return text }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return lines[0] + "  #\(number)" + (lines.count > 1 ? "\n" + lines[1] : "")
    }

    /// The request as it goes on the wire: its headers with the framing ones the transport adds
    /// (`Host`, `Content-Length`; see `HTTPRequestData.framed()`), then the body. The secret is
    /// a body field, masked there.
    public static func describe(_ request: HTTPRequestData) -> String {
        var lines = ["→ \(request.method.rawValue) \(TerminalText.shownURL(request.url.absoluteString))"]
        for field in request.framed().headers { lines.append("  \(field.name): \(maskHeader(field))") }
        if let parts = request.parts {
            lines.append("")
            lines.append(describe(parts))
        } else if let body = request.body, !body.isEmpty {
            lines.append("")
            lines.append(describeBody(body, contentType: request.headers["Content-Type"]))
        }
        return lines.joined(separator: "\n")
    }

    public static func describe(_ response: HTTPResponseData, after elapsed: Duration) -> String {
        let reason = HTTPStatusPhrase.reason(response.status)
        var lines = ["← \(response.status) \(reason) (\(String(format: "%.0f", elapsed.milliseconds)) ms)"]
        // The server's headers and body are its text: control characters shown, not acted on.
        for field in response.headers {
            lines.append("  \(field.name): \(TextLayout.visible(field.value, limit: 500))")
        }
        if !response.body.isEmpty {
            lines.append("")
            lines.append(describeBody(response.body, contentType: response.headers["Content-Type"]))
        }
        return lines.joined(separator: "\n")
    }

    static func maskHeader(_ field: HeaderField) -> String {
        field.name.lowercased() == "identifier" && field.value.count > 8 ? String(field.value.prefix(8)) + "…" : field.value
    }

    static func describeBody(_ body: Data, contentType: String?, indent: String = "  ") -> String {
        if contentType?.lowercased().hasPrefix("multipart/") == true {
            return indent + TraceMessage.multipartBody(bytes: body.count, contentType: contentType ?? "multipart").text
        }
        let text = prettyJSON(body) ?? String(data: body, encoding: .utf8)
        if let text, !text.contains("\u{0}") {
            let cut =
                text.count > Self.textLimit
                ? String(text.prefix(Self.textLimit)) + TraceMessage.cutBody(bytes: body.count).text : text
            return indent + TerminalText.visible(cut, keepingNewlines: true).replacingOccurrences(of: "\n", with: "\n" + indent)
        }
        return indent + TraceMessage.binaryBody(bytes: body.count).text
    }

    /// How much of a text body a trace shows.
    static let textLimit = 4000

    /// A multipart body part by part, from the parts as composed (never by parsing the bytes).
    static func describe(_ parts: [MultipartBody.Part], indent: String = "  ") -> String {
        var lines: [String] = []
        for part in parts {
            let label = "name=\"\(part.name)\"" + (part.filename.map { "; filename=\(MultipartBody.quotedString($0))" } ?? "")
            lines.append(indent + TraceMessage.part(label: label, contentType: part.contentType, bytes: part.byteCount).text)
            if let json = part.json, let pretty = prettyJSON(json) {
                lines.append(indent + "  " + pretty.replacingOccurrences(of: "\n", with: "\n" + indent + "  "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Pretty JSON with every `secret` value masked; nil when the body is not JSON.
    static func prettyJSON(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        let masked = maskSecrets(object)
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: masked, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func maskSecrets(_ value: Any) -> Any {
        if var object = value as? [String: Any] {
            for (key, inner) in object { object[key] = key == "secret" ? Secret.mask : maskSecrets(inner) }
            return object
        }
        if let array = value as? [Any] { return array.map(maskSecrets) }
        return value
    }
}

extension TraceOptions {
    /// Where a request's trace options are noted (`RequestNotes.trace`).
    enum Key: RequestNoteKey { typealias Value = TraceOptions }
}
