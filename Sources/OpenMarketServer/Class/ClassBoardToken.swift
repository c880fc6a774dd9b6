import Foundation

/// The teacher's token for the class board (`/class`): 32 random bytes in base64url, made by the
/// market the first time it is asked for and kept in the data directory (`class-board-token`,
/// mode 0600, beside `market.sqlite`), so `openmarket-server class board` and the running market
/// read the same one. It is no vendor's secret, and no page a student can load holds it: the
/// address `class board` prints carries it once, and the board answers that address with a
/// cookie for `/class` only and a redirect to the bare address.
public struct ClassBoardToken: Sendable, Equatable {
    /// The token as it is written in the address and the cookie.
    public let value: String

    /// The file that keeps it, in the data directory.
    static let fileName = "class-board-token"
    /// The cookie that carries it back to `/class` and its events, once the address was opened.
    static let cookieName = "openmarket-class-board"

    init(value: String) { self.value = value }

    /// The directory's token, made (and kept) when it has none. Made with `O_EXCL`, so a market
    /// and a `class board` starting at once agree on one token.
    public static func load(in directory: URL) throws -> ClassBoardToken {
        let path = directory.appendingPathComponent(fileName).path
        for _ in 0..<3 {
            if let kept = read(path) { return kept }
            let fresh = ClassBoardToken(value: random())
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if fd < 0 {
                guard errno == EEXIST else { throw MarketServerError.dataDirectory(.cannotWrite(path: path)) }
                continue
            }
            let bytes = Array((fresh.value + "\n").utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else {
                unlink(path)
                throw MarketServerError.dataDirectory(.cannotWrite(path: path))
            }
            return fresh
        }
        throw MarketServerError.dataDirectory(.cannotRead(path: path))
    }

    /// The kept token, or nil when the file is missing or holds no token (still being written).
    private static func read(_ path: String) -> ClassBoardToken? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count == 43, text.unicodeScalars.allSatisfy(isTokenScalar) else { return nil }
        return ClassBoardToken(value: text)
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            || scalar == "_"
    }

    /// 32 bytes from the system's generator, base64url without padding (43 characters).
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `given` is this token, compared without stopping at the first difference.
    func matches(_ given: String?) -> Bool {
        guard let given else { return false }
        return SecretVerifier.constantTimeEqual(Data(value.utf8), Data(given.utf8))
    }

    /// The board's address on a market at `base` (`http://10.0.0.5:8080`), with the token.
    public func address(base: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/class?token=" + value
    }
}
