import ArgumentParser
import Foundation
import OpenMarketContract
import TerminalText

/// ArgumentParser's own words around a program's help and usage errors: its headings and labels,
/// the help of the `--help` and `--version` flags it adds, the marks of a default, and where it
/// points for more. It writes them in English and cannot be given other words, so `framed`
/// puts them in the reader's language once the text is made (catalogues
/// `ArgumentParserWords+English.swift`, `ArgumentParserWords+Korean.swift`). The English is
/// ArgumentParser's, to the letter.
enum ArgumentParserWords: Spoken, Hashable {
    case overviewHeading, usageHeading, argumentsHeading, optionsHeading, subcommandsHeading
    case errorLabel, usageLabel, helpLabel
    case versionFlag, helpFlag
    /// `  See 'PROGRAM --help' for more information.` under a usage error.
    case seeHelp(program: String)
    /// `  See 'PROGRAM help [COMMAND] <subcommand>' for detailed help.` under the subcommands
    /// (`command` is what comes before `<subcommand>`).
    case seeSubcommandHelp(command: String)
    /// `(default: VALUE)` after an option's help: its opening.
    case defaultValue
    /// `(default)` after the subcommand run when none is named.
    case defaultSubcommand
    /// `; see 'PROGRAM --help'` after a usage error in one line (`ProgramEntry.usageLine`).
    case seeHelpInOneLine(program: String)
    /// ArgumentParser's own usage errors (`UsageGenerator`), each with what it names.
    case unknownOptionSuggestion(option: String, suggestion: String)
    case unknownOption(option: String)
    case missingValue(option: String)
    case unexpectedArgument(String)
    /// `N unexpected arguments: 'a', 'b'`: `arguments` is what is between the outer quotes.
    case unexpectedArguments(count: String, arguments: String)
    case missingArgument(String)
    case invalidValue(value: String, option: String)
    /// A flag given a value (`--yes=1`).
    case valueNotTaken(option: String, value: String)

    /// The usage errors, each made with `holes` for what it names (the longer one first, where
    /// one begins as another).
    static func errors(_ holes: [String]) -> [ArgumentParserWords] {
        let (first, second) = (holes.first ?? "", holes.dropFirst().first ?? "")
        return [
            .unknownOptionSuggestion(option: first, suggestion: second), .unknownOption(option: first),
            .missingValue(option: first), .unexpectedArgument(first),
            .unexpectedArguments(count: first, arguments: second), .missingArgument(first),
            .invalidValue(value: first, option: second), .valueNotTaken(option: first, value: second),
        ]
    }

    /// `message`, one of ArgumentParser's usage errors, in the reader's language; what follows
    /// its shape (a reason after an invalid value; the rest of a list of quoted arguments, whose
    /// first quote closes the shape) is kept as it is. nil for any other message.
    static func translatedError(_ message: String) -> String? {
        for (index, shape) in errors(["\u{0}", "\u{1}"]).enumerated() {
            let pieces = shape.english.unicodeScalars[...].split(
                omittingEmptySubsequences: false, whereSeparator: { $0 == "\u{0}" || $0 == "\u{1}" })
            guard let (filled, rest) = fill(message.unicodeScalars[...], pieces: pieces) else { continue }
            return errors(filled)[index].text + rest
        }
        return nil
    }

    /// The holes' text when `message` follows `pieces` (the literal text around the holes, each
    /// hole ending at the first place the next piece follows), and what follows the last piece.
    private static func fill(
        _ message: Substring.UnicodeScalarView, pieces: [Substring.UnicodeScalarView]
    ) -> ([String], String)? {
        guard let first = pieces.first, message.starts(with: first) else { return nil }
        var rest = message.dropFirst(first.count)
        var filled: [String] = []
        for piece in pieces.dropFirst() {
            guard !piece.isEmpty, let end = firstIndex(of: piece, in: rest) else { return nil }
            filled.append(String(rest[..<end]))
            rest = rest[rest.index(end, offsetBy: piece.count)...]
        }
        return (filled, String(rest))
    }

    private static func firstIndex(
        of piece: Substring.UnicodeScalarView, in text: Substring.UnicodeScalarView
    ) -> Substring.UnicodeScalarView.Index? {
        var start = text.startIndex
        while start != text.endIndex {
            if text[start...].starts(with: piece) { return start }
            start = text.index(after: start)
        }
        return nil
    }

    /// The headings and labels, each at the start of its line.
    static let heads: [ArgumentParserWords] = [
        .overviewHeading, .usageHeading, .argumentsHeading, .optionsHeading, .subcommandsHeading, .errorLabel,
        .usageLabel, .helpLabel,
    ]
    /// The help of the flags ArgumentParser adds, each at the end of its line.
    static let flags: [ArgumentParserWords] = [.versionFlag, .helpFlag]

    /// `text`, a program's help or a usage error, with ArgumentParser's own words in the reader's
    /// language (the rest is the program's, already in it): a heading or label that starts a
    /// line, one of its usage errors after `Error:` (`translatedError`), a flag's help that ends
    /// an option's line, a default's mark and a whole line that points for more; the option's
    /// help under `Help:` is made one line again (`helpJoined`). Nothing else of the program's
    /// is touched. Compared and cut on Unicode scalars: the words are ASCII, what follows them
    /// need not be.
    static func framed(_ text: String, program: String) -> String {
        guard Language.current != .en else { return text }
        let lines = helpJoined(text.split(separator: "\n", omittingEmptySubsequences: false)).map { line -> String in
            let scalars = line.unicodeScalars
            if let head = heads.first(where: { scalars.starts(with: $0.english.unicodeScalars) }) {
                let after = String(scalars.dropFirst(head.english.unicodeScalars.count))
                guard head == .errorLabel, after.hasPrefix(" "), let error = translatedError(String(after.dropFirst()))
                else { return head.text + after }
                return head.text + " " + error
            }
            let indent = String(scalars.prefix { $0 == " " })
            if let whole = wholeLine(line.trimmingCharacters(in: .whitespaces), program: program) {
                return indent + whole.text
            }
            guard scalars.starts(with: "  ".unicodeScalars) else { return String(line) }
            var out = String(line)
            if let flag = flags.first(where: { scalars.reversed().starts(with: (" " + $0.english).unicodeScalars.reversed()) }) {
                out = String(scalars.dropLast(flag.english.unicodeScalars.count)) + flag.text
            }
            for mark in [ArgumentParserWords.defaultValue, .defaultSubcommand] {
                out = out.replacingOccurrences(of: mark.english, with: mark.text)
            }
            return out
        }
        return lines.joined(separator: "\n")
    }

    /// The lines with the option's help under a usage error's `Help:` made one line again: it
    /// was folded for the help's column (`HelpText.folded`), and here follows the label.
    static func helpJoined(_ lines: [Substring]) -> [Substring] {
        var joined: [Substring] = []
        var inHelp = false
        for line in lines {
            if inHelp, !line.isEmpty, !heads.contains(where: { line.unicodeScalars.starts(with: $0.english.unicodeScalars) }) {
                joined[joined.count - 1] = Substring(
                    String(joined[joined.count - 1]) + " " + line.trimmingCharacters(in: .whitespaces))
                continue
            }
            inHelp = line.unicodeScalars.starts(with: helpLabel.english.unicodeScalars)
            joined.append(line)
        }
        return joined
    }

    /// `line` when it is one of ArgumentParser's lines that point for more (for `program`, or a
    /// subcommand of it).
    static func wholeLine(_ line: String, program: String) -> ArgumentParserWords? {
        if line == seeHelp(program: program).english { return .seeHelp(program: program) }
        // The line's opening and closing, around the command, from the catalogue's own words.
        let parts = seeSubcommandHelp(command: "\u{0}").english.split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let (opening, closing) = (String(parts[0]), String(parts[1]))
        let scalars = line.unicodeScalars
        guard scalars.starts(with: opening.unicodeScalars), scalars.reversed().starts(with: closing.unicodeScalars.reversed())
        else { return nil }
        let command = String(scalars.dropFirst(opening.unicodeScalars.count).dropLast(closing.unicodeScalars.count))
        guard command.hasPrefix(program + " ") else { return nil }
        return .seeSubcommandHelp(command: command)
    }
}

/// An option's or a subcommand's help as ArgumentParser lays it out, in the reader's language.
public enum HelpText {
    /// Where ArgumentParser starts an option's help (its `labelColumnWidth`).
    public static let optionColumn = 26

    /// An option's help with its value's name, folded to the screen (`folded`). An option
    /// whose help is folded has no default value for ArgumentParser to add after it, counting
    /// characters: its help says its default itself.
    public static func argument(_ text: String, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(folded(text, indent: optionColumn), valueName: valueName)
    }

    /// `text` folded between words to the display width left after `indent`, for an option's or
    /// a subcommand's help. ArgumentParser counts characters, so a Korean line (two columns a
    /// syllable) would be twice as wide as it counted: folded here first, each line is no more
    /// characters than columns, and is kept. ASCII is left to ArgumentParser.
    public static func folded(_ text: String, indent: Int) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }),
            text.unicodeScalars.contains(where: { TerminalText.width(of: $0) > 1 })
        else { return text }
        return TerminalText.wrapped(text, columns: screenWidth - indent)
    }

    /// The width ArgumentParser lays help out at, found as it finds it: `COLUMNS`, else the
    /// terminal's, else 80.
    static var screenWidth: Int {
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
        return TerminalWindow.of()?.columns ?? 80
    }
}
