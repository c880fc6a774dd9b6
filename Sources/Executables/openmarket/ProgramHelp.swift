import ArgumentParser
import Foundation
import OpenMarketContract
import ProgramEntry
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

    /// An option's help with its value's name, in the reader's language (`HelpText`).
    func argument(valueName: String? = nil) -> ArgumentHelp { HelpText.argument(text, valueName: valueName) }

    /// The text folded to the screen after `indent` (`HelpText.folded`).
    func folded(indent: Int) -> String { HelpText.folded(text, indent: indent) }
}
