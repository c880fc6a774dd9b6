import NIOHTTP1

/// The reason phrase of an HTTP status, as NIO knows it (`404` → `Not Found`), so the project
/// keeps no table of its own: the client's errors and the shell's trace both read it here.
public enum HTTPStatusPhrase {
    /// - Parameter status: a status code such as 404.
    /// - Returns: the standard phrase (`Not Found`), or an empty string for a code NIO does not
    ///   name (a server's private 499, say).
    public static func reason(_ status: Int) -> String {
        HTTPResponseStatus(statusCode: status).reasonPhrase
    }
}
