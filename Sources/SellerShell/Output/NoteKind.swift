import TerminalText

/// What a note on standard error is, so a terminal can colour it: the core says what a line
/// is, and only the console at the terminal's edge turns that into colour (or nothing). The
/// kind is said where the note is made (`console.warn`, an outcome's `.warning`), never read
/// back from the note's words.
public enum NoteKind: Sendable, Equatable {
    case info
    case warning
    case error

    /// The colour a terminal shows it in, nil for none.
    public var colour: TerminalText.Colour? {
        switch self {
        case .info: nil
        case .warning: .yellow
        case .error: .red
        }
    }
}

extension TextLayout {
    /// A note as a colour terminal shows it: painted by its kind when `color` is on, and
    /// returned untouched otherwise (never an escape code with colour off).
    public static func painted(_ text: String, as kind: NoteKind, color: Bool) -> String {
        guard color, let colour = kind.colour else { return text }
        return TerminalText.painted(text, colour)
    }
}
