import ArgumentParser
import Foundation
import OpenMarketContract
import TerminalText

/// `openmarket --help` in the reader's language: the program's summary and each option's line,
/// keyed by the option (catalogues `ProgramHelp+English.swift`, `ProgramHelp+Korean.swift`).
/// ArgumentParser builds help from `OpenMarketCommand.configuration` and from the options'
/// `help:`, both evaluated while the arguments are parsed, inside `Entry`'s `Language.current`;
/// completion scripts and the manual's dump are made in English (`Entry.language(for:)`).
enum ProgramHelp: Spoken, Hashable {
    case abstract, discussion
    case server, profile, json, trace, explain, noColor, commands, record, script
    case continueOnError, dryRun, resume, restart, step, journal, variables, localPort, reportJUnit, reportTAP
    case lang, resetLocal
    /// ArgumentParser's own words around the help and a usage error (`framed`).
    case overviewHeading, usageHeading, argumentsHeading, optionsHeading, versionFlag, helpFlag
    case errorLabel, usageLabel, helpLabel, seeHelp

    /// ArgumentParser's headings and labels, each at the start of its line.
    static let heads: [ProgramHelp] = [
        .overviewHeading, .usageHeading, .argumentsHeading, .optionsHeading, .errorLabel, .usageLabel, .helpLabel,
    ]
    /// The help of the flags ArgumentParser adds, each at the end of its line.
    static let flags: [ProgramHelp] = [.versionFlag, .helpFlag]

    /// `text`, the help or a usage error, with ArgumentParser's own words in the reader's
    /// language: its headings and labels, the help of `--version` and `--help`, and where to
    /// look, which it writes in English and cannot be given (the rest is ours, already in the
    /// reader's language). Only a heading that starts a line, a flag's help that ends one and
    /// the whole line that points at `--help` are replaced, so nothing of ours is touched.
    static func framed(_ text: String) -> String {
        guard Language.current != .en else { return text }
        // Compared and cut on Unicode scalars: the words are ASCII, what follows them need not be.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let scalars = line.unicodeScalars
            if let head = heads.first(where: { scalars.starts(with: $0.english.unicodeScalars) }) {
                return head.text + String(scalars.dropFirst(head.english.unicodeScalars.count))
            }
            if scalars.starts(with: "  -".unicodeScalars),
                let flag = flags.first(where: { scalars.reversed().starts(with: (" " + $0.english).unicodeScalars.reversed()) })
            {
                return String(scalars.dropLast(flag.english.unicodeScalars.count)) + flag.text
            }
            if line.trimmingCharacters(in: .whitespaces) == ProgramHelp.seeHelp.english {
                return String(scalars.prefix { $0 == " " }) + ProgramHelp.seeHelp.text
            }
            return String(line)
        }
        return lines.joined(separator: "\n")
    }

    /// An option's help with its value's name, in the reader's language.
    func argument(valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(folded(indent: Self.optionColumn), valueName: valueName)
    }

    /// Where ArgumentParser starts an option's help (its `labelColumnWidth`).
    static let optionColumn = 26

    /// The width ArgumentParser lays help out at, found as it finds it: `COLUMNS`, else the
    /// terminal's, else 80.
    static var screenWidth: Int {
        if let columns = OpenMarketCommand.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return TerminalWindow.of()?.columns ?? 80
    }

    /// The text folded between words to the display width left after `indent`. ArgumentParser
    /// counts characters, so a Korean line (two columns a syllable) would be twice as wide as it
    /// counted: folded here first, each line is no more characters than columns, and is kept.
    /// English (one column a character) is left to ArgumentParser as before.
    func folded(indent: Int) -> String {
        let words = text
        // ASCII (most of English) is one column a character: no scalar to measure.
        guard words.utf8.contains(where: { $0 >= 0x80 }),
            words.unicodeScalars.contains(where: { TerminalText.width(of: $0) > 1 })
        else { return words }
        return TerminalText.wrapped(words, columns: Self.screenWidth - indent)
    }
}
