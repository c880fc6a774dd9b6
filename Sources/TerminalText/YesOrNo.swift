/// A yes-or-no question asked at a terminal, and its answer: the question is followed by
/// ` [y/N] ` (no is what Enter alone says), and only `y` or `yes`, in any case and with spaces
/// around it, is yes; anything else, or no answer at all (end of input, Ctrl-C), is no.
///
/// The one place both programs read such an answer: the shell's questions (`delete`, `patch`
/// and `stock` of several products, `edit` after a clash, `login --save` over a profile, `undo`
/// and `redo`, through `ShellConsole.confirm`) and the market's `reset`.
public enum YesOrNo {
    /// What follows every question: ` [y/N] `.
    public static let choices = " [y/N] "

    /// `question` as it is asked: `delete #3 Mug? [y/N] `.
    public static func prompt(_ question: String) -> String { question + choices }

    /// Whether `answer` says yes.
    public static func isYes(_ answer: String?) -> Bool {
        let scalars = Array((answer ?? "").unicodeScalars)
        let blank: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) })
        else { return false }
        let typed = String(String.UnicodeScalarView(scalars[first...last])).lowercased()
        return typed == "y" || typed == "yes"
    }
}
