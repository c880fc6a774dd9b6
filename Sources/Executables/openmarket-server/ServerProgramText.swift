import ArgumentParser
import OpenMarketContract
import ProgramEntry

/// `openmarket-server --help` in the reader's language (the locale's: `LANG`, `LC_ALL`,
/// `LC_MESSAGES`), keyed by command and option (catalogues `ServerProgramText+English.swift`,
/// `ServerProgramText+Korean.swift`). ArgumentParser builds the help from these while the
/// arguments are parsed, inside `Entry`'s `Language.current`; completion scripts and the
/// manual's dump are made in English.
enum ServerProgramHelp: Spoken, Hashable {
    case rootAbstract, rootDiscussion, dataOption
    case serveAbstract, host, port, imagesPublicURL, noListCache
    case vendorAbstract, vendorAddAbstract, vendorName, vendorListAbstract
    case classAbstract, classAddAbstract, roster, classAddPublicURL, classPublicURL, handout, classListAbstract
    case resetSecretAbstract, student
    case boardAbstract, boardPort, boardAssignment
    case gradeAbstract, gradeAssignment, since, reportCSV, reportJUnit
    case localAbstract, openapiAbstract, resetAbstract, yes

    /// An option's or an argument's help, folded to the screen (`HelpText`).
    var argument: ArgumentHelp { HelpText.argument(text) }

    /// A command's summary, folded to the screen after the subcommand column.
    var abstract: String { HelpText.folded(text, indent: HelpText.optionColumn) }

    /// The program's summary, folded after `OVERVIEW: `.
    var overview: String { HelpText.folded(text, indent: "OVERVIEW: ".count) }
}

/// What `openmarket-server` says to its operator, in the reader's language.
enum ServerProgramMessage: Spoken, Hashable {
    case portRange(Int)
    case publicURLNotHTTP
    case nameEmpty
    case localNeedsSocket
    case resetNeedsYes
    case resetQuestion(path: String)
    case nothingRemoved
    case removed(count: Int, path: String)
    case vendorAdded(id: Int, name: String)
    case idColumn, nameColumn, identifierColumn
    case serving(url: String, data: String)
    case storefront(url: String)
    case demoVendorCreated
}

extension ValidationError {
    /// An argument error in the reader's language.
    init(_ message: ServerProgramMessage) { self.init(message.text) }
}
