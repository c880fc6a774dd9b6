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

    /// `text`, a request body, as one bash word with the masked secret read from
    /// `$OPENMARKET_SECRET`.
    public static func quotedWithSecret(_ text: String) -> String {
        withSecret(text, quote: quoted)
    }

    /// `text`, a request body, in ANSI-C quotes with the masked secret read from
    /// `$OPENMARKET_SECRET`.
    public static func ansiCWithSecret(_ text: String) -> String {
        withSecret(text, quote: ansiC)
    }

    /// Where a JSON body carried the masked secret: `"secret":"••••••"` (the log masks the value
    /// of the key the secret travels in). Only there is the mask the secret; a key or a value
    /// cannot hold these bytes elsewhere, since an unescaped `"` always delimits a JSON string.
    static let maskedSecretFields = ["\"secret\":\"\(Secret.mask)\"", "\"secret\": \"\(Secret.mask)\""]

    /// Whether a request body carried the (masked) secret.
    static func carriesSecret(_ text: String) -> Bool {
        maskedSecretFields.contains { text.utf8.firstRange(of: $0.utf8) != nil }
    }

    private static func withSecret(_ text: String, quote: (String) -> String) -> String {
        // Found on UTF-8 bytes, not `Character`s: a combining mark after the closing quote
        // must not hide the field.
        let bytes = Array(text.utf8)
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            guard let field = maskedSecretFields.first(where: { bytes[index...].starts(with: $0.utf8) }) else {
                index += 1
                continue
            }
            let maskStart = index + field.utf8.count - Secret.mask.utf8.count - 1
            pieces.append(String(decoding: bytes[start..<maskStart], as: UTF8.self))
            start = maskStart + Secret.mask.utf8.count
            index = start
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces.enumerated().map { position, piece in
            // Nothing between two secrets (never in practice) needs no quotes of its own.
            piece.isEmpty && position > 0 && position < pieces.count - 1 ? "" : quote(piece)
        }
        .joined(separator: secretVariable)
    }
}
