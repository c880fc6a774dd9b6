import Foundation

extension URL {
    /// The URL `text` names when it is an `http` or `https` URL with a host
    /// (`http://10.0.0.5:8080`); nil for anything else (`ftp://x`, `http:///path`, `localhost:8080`).
    /// The one check the server's `--public-url` and the shell's `--server` and `login` use. A
    /// scheme is case-insensitive (`HTTP://…`): it is answered in lowercase, as it is compared.
    /// - Parameter text: what a person typed.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { return nil }
        guard url.scheme != scheme else { return url }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = scheme
        return components?.url
    }
}
