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
