import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Shows each HTTP exchange for learning: request line, headers and body, then status line,
/// headers and body. JSON is pretty-printed, multipart bodies are listed part by part, the
/// vendor secret is masked wherever it appears and the identifier shows its first 8 characters.
public final class TracingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let sink: @Sendable (String) -> Void
    private let secrets: @Sendable () -> [String]
    // Guarded by `lock`: the shell toggles tracing while requests may be in flight.
    private let lock = NSLock()
    private var enabledFlag = false

    /// - Parameter secrets: the secrets masked wherever they appear in an exchange (any key,
    ///   any header, the URL, a text body), besides every `secret` key's value.
    public init(
        wrapping inner: any HTTPTransport, secrets: @escaping @Sendable () -> [String] = { [] },
        sink: @escaping @Sendable (String) -> Void
    ) {
        self.inner = inner
        self.sink = sink
        self.secrets = secrets
    }

    public var isEnabled: Bool {
        get { lock.withLock { enabledFlag } }
        set { lock.withLock { enabledFlag = newValue } }
    }

    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        guard isEnabled else { return try await inner.send(request, timeout: timeout) }
        let secrets = self.secrets()
        sink(SecretMasking.masked(Self.describe(request), secrets: secrets))
        let started = ContinuousClock.now
        do {
            let response = try await inner.send(request, timeout: timeout)
            sink(SecretMasking.masked(Self.describe(response, after: ContinuousClock.now - started), secrets: secrets))
            return response
        } catch {
            sink(SecretMasking.masked("← no response: \(error)", secrets: secrets))
            throw error
        }
    }

    public static func describe(_ request: HTTPRequestData) -> String {
        var lines = ["→ \(request.method.rawValue) \(request.url.absoluteString)"]
        for field in request.headers { lines.append("  \(field.name): \(maskHeader(field))") }
        if let body = request.body, !body.isEmpty {
            lines.append("")
            lines.append(describeBody(body, contentType: request.headers["Content-Type"]))
        }
        return lines.joined(separator: "\n")
    }

    public static func describe(_ response: HTTPResponseData, after elapsed: Duration) -> String {
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var lines = ["← \(response.status) \(HTTPStatusText.reason(response.status)) (\(String(format: "%.0f", ms)) ms)"]
        for field in response.headers { lines.append("  \(field.name): \(field.value)") }
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
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data"), let boundary = contentType?.components(separatedBy: "boundary=").last {
            return describeMultipart(body, boundary: boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), indent: indent)
        }
        if let pretty = prettyJSON(body) { return indent + pretty.replacingOccurrences(of: "\n", with: "\n" + indent) }
        if let text = String(data: body, encoding: .utf8), !text.contains("\u{0}") {
            return indent + text.replacingOccurrences(of: "\n", with: "\n" + indent)
        }
        return indent + "(\(body.count) bytes of binary data)"
    }

    /// Pretty JSON with every `secret` value masked; nil when the body is not JSON.
    static func prettyJSON(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        let masked = maskSecrets(object)
        guard let data = try? JSONSerialization.data(withJSONObject: masked, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func maskSecrets(_ value: Any) -> Any {
        if var object = value as? [String: Any] {
            for (key, inner) in object { object[key] = key == "secret" ? "••••••" : maskSecrets(inner) }
            return object
        }
        if let array = value as? [Any] { return array.map(maskSecrets) }
        return value
    }

    static func describeMultipart(_ body: Data, boundary: String, indent: String) -> String {
        let delimiter = Data("--\(boundary)".utf8)
        var lines: [String] = []
        var searchStart = body.startIndex
        var starts: [Int] = []
        while let range = body.range(of: delimiter, in: searchStart..<body.endIndex) {
            starts.append(range.upperBound)
            searchStart = range.upperBound
        }
        for (index, start) in starts.enumerated() where index + 1 < starts.count {
            let end = starts[index + 1] - delimiter.count
            var part = body[start..<end]
            if part.starts(with: Data("\r\n".utf8)) { part = part.dropFirst(2) }
            if part.count >= 2, part.suffix(2) == Data("\r\n".utf8) { part = part.dropLast(2) }
            guard let split = part.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let headerText = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            let content = Data(part[split.upperBound...])
            var disposition = ""
            var type = "no type"
            for line in headerText.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") { disposition = String(line.dropFirst("content-disposition:".count)).trimmingCharacters(in: .whitespaces) }
                if lower.hasPrefix("content-type:") { type = String(line.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces) }
            }
            let label = disposition.replacingOccurrences(of: "form-data; ", with: "")
            lines.append("\(indent)part \(label) (\(type), \(content.count) bytes)")
            if type.hasPrefix("application/json") || label.contains("name=\"params\""), let pretty = prettyJSON(content) {
                lines.append(indent + "  " + pretty.replacingOccurrences(of: "\n", with: "\n" + indent + "  "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

enum HTTPStatusText {
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 500: "Internal Server Error"
        default: ""
        }
    }
}
