import Foundation

extension HTTPRequestData {
    /// The request line's target as AsyncHTTPClient writes it: the percent-encoded path (`/`
    /// when empty), then `?` and the query as the URL holds it.
    public var requestTarget: String {
        // The URL's own percent-encoded path: URLComponents parsed the whole URL again for every
        // request (twice: the exchange log keeps the target too).
        let path = url.path(percentEncoded: true)
        var target = path.isEmpty ? "/" : path
        if let query = url.query { target += "?" + query }
        return target
    }

    /// The request with the framing headers it goes out with: its own headers, then `Host`
    /// when it has none, then `Content-Length` as RFC 9110 §8.6 asks (none for a GET, HEAD or
    /// DELETE without a body). These are the lines AsyncHTTPClient would add itself
    /// (`addHostIfNeeded`, `setTransportFraming`), in its order; the transport sends the framed
    /// request, so what an exchange log shows as sent is what was sent.
    public func framed() -> HTTPRequestData {
        let length = body?.count ?? 0
        let framing = RequestNotes.FramedFor(method: method, bodyLength: length)
        // Framed already, by a transport outside the one asking (twice for every request
        // otherwise: the exchange log keeps the framed request, and the transport sends it).
        if notes.framedFor == framing { return self }
        var copy = self
        copy.notes.framedFor = framing
        var headers = HeaderFields(self.headers.fields.filter { !Self.isFraming($0.name) })
        if self.headers["Host"] == nil, let host = url.host, !host.isEmpty {
            let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
            // On bytes: Foundation's `contains(_:)` on a String searches with a locale, and this
            // runs for every request.
            let shown = host.utf8.contains(UInt8(ascii: ":")) && !host.hasPrefix("[") ? "[\(host)]" : host
            headers.add("Host", url.port.map { $0 == defaultPort ? shown : "\(shown):\($0)" } ?? shown)
        }
        if length > 0 || !Self.mayGoWithoutLength(method) {
            headers.add("Content-Length", String(length))
        }
        copy.headers = headers
        return copy
    }

    /// A GET, HEAD or DELETE: without a body, it says no length.
    private static func mayGoWithoutLength(_ method: HTTPMethod) -> Bool {
        switch method {
        case .get, .head, .delete: true
        default: false
        }
    }

    private static func isFraming(_ name: String) -> Bool {
        HeaderFields.sameName(name, "Content-Length") || HeaderFields.sameName(name, "Transfer-Encoding")
    }
}
