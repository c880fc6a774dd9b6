import Foundation
import OpenMarketContract

/// Words for bash, written by hand because no Swift library quotes for a shell. Everything here
/// works on Unicode scalars, as bash reads bytes: a `'` followed by a combining mark is one Swift
/// `Character` that is not `'`, but bash still ends the quote there (issue 21: an exported curl
/// command ran the `$(…)` after such a quote). The fuzz target `bash-words` checks every function
/// against a real bash.
///
/// - Plain text: single quotes (`'it'\''s'`, the shell's own `WordQuoting.singleQuoted`).
/// - Text holding a control character, a line break or an invisible joining character: ANSI-C
///   quotes (`$'a\r\n'`) with those written as UTF-8 byte escapes, which bash reads the same in
///   every locale; nothing in a word can then act on the terminal it is shown on.
/// - The vendor secret, masked as `••••••` in the exchange log, spliced back in as
///   `"$OPENMARKET_SECRET"` where the request carried it (the top-level `"secret"` of a JSON
///   body), so a pasted command works wherever that variable is set and never shows the secret.
///   A `••••••` anywhere else (a description that holds the mask) stays text.
public enum BashWords {
    public static let secretVariable = "\"$OPENMARKET_SECRET\""

    /// `text` as one bash word.
    public static func quoted(_ text: String) -> String {
        if text.unicodeScalars.contains(where: AnsiCQuoting.needsEscape) { return ansiC(text) }
        return WordQuoting.singleQuoted(text)
    }

    /// `text` in ANSI-C quotes (`$'…'`): CR, LF and every other control or invisible joining
    /// character escaped (past ASCII as UTF-8 bytes), `!` too (history expansion), Korean as it is.
    public static func ansiC(_ text: String) -> String { AnsiCQuoting.encode(text, escapes: .bash) }

    /// `text`, a request body, as one bash word; with `secret`, the masked secret is read from
    /// `$OPENMARKET_SECRET` (see `ExportSecret`), else the mask stays as text.
    public static func quotedBody(_ text: String, secret: ExportSecret) -> String {
        secret.splices ? withSecret(text, quote: quoted) : quoted(text)
    }

    /// `text`, a request body, in ANSI-C quotes; the secret as `quotedBody` puts it.
    public static func ansiCBody(_ text: String, secret: ExportSecret) -> String {
        secret.splices ? withSecret(text, quote: ansiC) : ansiC(text)
    }

    /// Where a JSON body carried the masked secret: `"secret":"••••••"` (the log masks the value
    /// of the key the secret travels in). Only there is the mask the secret; a key or a value
    /// cannot hold these bytes elsewhere, since an unescaped `"` always delimits a JSON string.
    static let maskedSecretFields = ["\"secret\":\"\(Secret.mask)\"", "\"secret\": \"\(Secret.mask)\""]

    /// Whether a request body carried the (masked) secret.
    static func carriesSecret(_ text: String) -> Bool { splitAtSecret(Array(text.utf8)).count > 1 }

    private static func withSecret(_ text: String, quote: (String) -> String) -> String {
        let pieces = splitAtSecret(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
        return pieces.enumerated().map { position, piece in
            // Nothing between two secrets (never in practice) needs no quotes of its own.
            piece.isEmpty && position > 0 && position < pieces.count - 1 ? "" : quote(piece)
        }
        .joined(separator: secretVariable)
    }

    /// The body's bytes around each masked secret of a top-level `"secret"` field: at depth 1
    /// and outside any string (a nested `{"secret":"••••••"}` is text the request carried, not
    /// the secret). Read on UTF-8 bytes, as JSON is; written by hand because a JSON library
    /// would write the body anew, and the export must keep its bytes.
    static func splitAtSecret(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            if depth == 1, let field = maskedSecretFields.first(where: { bytes[index...].starts(with: $0.utf8) }) {
                let maskStart = index + field.utf8.count - Secret.mask.utf8.count - 1
                pieces.append(bytes[start..<maskStart])
                start = maskStart + Secret.mask.utf8.count
                index = start + 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            index += 1
        }
        pieces.append(bytes[start...])
        return pieces
    }
}

/// Whether an export puts `"$OPENMARKET_SECRET"` where the request carried the (masked) secret.
/// That variable holds the secret of the server the environment's credentials belong to
/// (`ShellSession.environmentServer`): an exchange with another server keeps `••••••`, with a
/// note, so that pasting it never sends that secret elsewhere.
public struct ExportSecret: Sendable {
    public var splices: Bool
    /// Why not, for the note; nil when it splices.
    public var note: String?

    public init(exchangeServer: URL, environmentServer: URL?) {
        if let home = environmentServer, ServerAddress(home) == ServerAddress(exchangeServer) {
            splices = true
            note = nil
        } else {
            splices = false
            note =
                "the secret stays •••••• here: $OPENMARKET_SECRET belongs to "
                + (environmentServer.map { $0.absoluteString } ?? "no server in this session")
                + ", not to \(exchangeServer.absoluteString); put this server's secret in its place"
        }
    }
}
