import Foundation
import OpenMarketContract

/// Words for bash, written by hand because no Swift library quotes for a shell: single quotes
/// (`'it'\''s'`) for plain text, ANSI-C quoting (`$'a\r\n'`) where line endings must survive a
/// paste, and the vendor secret (masked as `••••••` in the exchange log) spliced back in as
/// `"$OPENMARKET_SECRET"`, so a pasted command works wherever that variable is set and never
/// shows the secret itself.
enum BashWords {
    static let secretVariable = "\"$OPENMARKET_SECRET\""

    /// `text` as one single-quoted bash word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `text` as one bash word, with each masked secret read from `$OPENMARKET_SECRET`.
    static func quotedWithSecret(_ text: String) -> String {
        let pieces = text.components(separatedBy: Secret.mask)
        return pieces.enumerated().map { index, piece in
            (piece.isEmpty && index > 0 && index < pieces.count - 1 ? "" : quoted(piece))
        }
        .joined(separator: secretVariable)
    }

    /// `text` in ANSI-C quotes (`$'…'`, the shell's own `AnsiCQuoting`): CR, LF and other
    /// control characters escaped, Korean as it is; masked secrets read from `$OPENMARKET_SECRET`.
    static func ansiC(_ text: String) -> String {
        text.components(separatedBy: Secret.mask).map(AnsiCQuoting.encode).joined(separator: secretVariable)
    }
}
