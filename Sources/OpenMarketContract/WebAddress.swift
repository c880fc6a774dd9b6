import Foundation

extension URL {
    /// The URL `text` names when it is an `http` or `https` URL with a host
    /// (`http://10.0.0.5:8080`); nil for anything else (`ftp://x`, `http:///path`, `localhost:8080`).
    /// The one check the server's `--public-url` and the shell's `--server` and `login` use. A
    /// scheme is case-insensitive (`HTTP://…`): it is answered in lowercase, as it is compared.
    /// - Parameter text: what a person typed.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil, url.port.map(isPort) ?? true
        else { return nil }
        guard url.scheme != scheme else { return url }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = scheme
        return components?.url
    }

    /// Whether `port` is one a TCP connection can have (1 to 65535). AsyncHTTPClient traps on a
    /// URL with a larger one (`http://127.0.0.1:99999`, SwiftNIO's `UInt16(port)`): every URL
    /// a request is made of is checked first (`URL.httpURL`, `AsyncHTTPClientTransport`).
    public static func isPort(_ port: Int) -> Bool { (1...65535).contains(port) }

    /// The port `text` names when it is an http(s) URL's and no TCP port (0, 99999), so that
    /// what refuses it can say why; nil otherwise.
    public static func portOutOfRange(_ text: String) -> Int? {
        guard let port = URL(string: text)?.port, !isPort(port) else { return nil }
        return port
    }
}
