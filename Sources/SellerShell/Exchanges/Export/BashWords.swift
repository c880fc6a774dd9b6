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
/// - The vendor secret, a typed piece of the logged body (`SentBytes.Piece.secret`: where the
///   request carried it, in the top-level `"secret"` of a JSON body), written as
///   `"$OPENMARKET_SECRET"`, so a pasted command works wherever that variable is set and never
///   shows the secret. Text is never searched for the mask: a `••••••` the request carried as
///   text (a description that holds it) stays text.
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

    /// `body`, a request body, as one bash word: its secret piece read from `$OPENMARKET_SECRET`
    /// when `secret` splices it (see `ExportSecret`), else written as the mask.
    public static func quotedBody(_ body: SentBytes, secret: ExportSecret) -> String {
        word(body, secret: secret, quote: quoted)
    }

    /// `body`, a request body, in ANSI-C quotes; the secret as `quotedBody` puts it.
    public static func ansiCBody(_ body: SentBytes, secret: ExportSecret) -> String {
        word(body, secret: secret, quote: ansiC)
    }

    private static func word(_ body: SentBytes, secret: ExportSecret, quote: (String) -> String) -> String {
        guard !body.pieces.isEmpty else { return quote("") }
        return body.pieces.map { piece in
            switch piece {
            case .bytes(let data): quote(String(decoding: data, as: UTF8.self))
            case .secret: secret.splices ? secretVariable : quote(Secret.mask)
            }
        }
        .joined()
    }
}

/// Whether an export puts `"$OPENMARKET_SECRET"` where the request carried the secret.
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
                Message.secretStaysMasked(
                    home: environmentServer?.absoluteString, server: exchangeServer.absoluteString
                ).text
        }
    }
}
