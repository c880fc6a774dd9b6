import Foundation

extension URL {
    /// The URL `text` names when it is an `http` or `https` URL with a host
    /// (`http://10.0.0.5:8080`); nil for anything else (`ftp://x`, `http:///path`, `localhost:8080`).
    /// The one check the server's `--public-url` and the shell's `--server` and `login` use.
    /// - Parameter text: what a person typed.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            return nil
        }
        return url
    }
}
