import ArgumentParser
import Foundation
import OpenMarketContract
import OpenMarketServer
import TerminalText

/// `openmarket-server class …`: a roster in, the handout, secrets reset, the class listed, and
/// homework graded from what the market saw.
struct ClassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: ServerProgramHelp.classAbstract.abstract,
        subcommands: [ClassAdd.self, ClassList.self, ClassResetSecret.self, ClassGrade.self, ClassBoardCommand.self])
}

/// A failure `class` reports: one typed sentence in the reader's language.
struct ClassFailure: Error, CustomStringConvertible {
    var message: ClassMessage
    var description: String { message.text(in: ClassLanguage.current) }
}

enum ClassLanguage {
    static var current: Language { Language.from(environment: ProcessInfo.processInfo.environment) }
}

/// A market's own failure (`MarketServerError`), said in the reader's language.
struct ClassMarketFailure: Error, CustomStringConvertible {
    var description: String
}

extension MarketDataDirectory {
    /// The data directory of a market that exists: a folder without one, or one that cannot be
    /// opened, is one sentence in the reader's language.
    static func forClass(_ url: URL) async throws -> MarketDataDirectory {
        do { return try await openExisting(url) } catch let error as MarketServerError {
            throw ClassMarketFailure(description: Language.$current.withValue(ClassLanguage.current) { error.description })
        }
    }
}

struct ClassAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: ServerProgramHelp.classAddAbstract.abstract)

    @Argument(help: ServerProgramHelp.roster.argument)
    var roster: String
    // The default said by the help itself (`HelpText.argument`).
    @Option(name: .customLong("public-url"), help: ServerProgramHelp.classAddPublicURL.argument)
    var publicURLGiven: String?
    /// As `URL.httpURL` reads it (a scheme in lowercase), once `validate()` has checked it.
    var publicURL: String {
        let given = publicURLGiven ?? "http://127.0.0.1:8080"
        return URL.httpURL(given)?.absoluteString ?? given
    }
    @Option(help: ServerProgramHelp.handout.argument)
    var handout: String?
    @OptionGroup var data: DataOption

    func validate() throws {
        if URL.httpURL(publicURL) == nil {
            throw ValidationError(ServerProgramMessage.publicURLNotHTTP)
        }
    }

    func run() async throws {
        let language = ClassLanguage.current
        let path = (roster as NSString).expandingTildeInPath
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw ClassFailure(message: .cannotRead(path: path))
        }
        let entries: [RosterEntry]
        do { entries = try RosterFile.entries(bytes) } catch { throw ClassFailure(message: error.message) }
        let directory = try await MarketDataDirectory.open(data.url)
        let (url, file) = try handoutFile(in: directory.url)
        let enrolment: Enrolment
        do { enrolment = try await directory.enrol(entries) } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        print(ClassMessage.enrolled(added: enrolment.added.count, already: enrolment.alreadyEnrolled.count).text(in: language))
        for (entry, student) in enrolment.otherName {
            let warning = ClassMessage.enrolledUnderAnotherName(
                number: entry.studentNumber, roster: entry.name, enrolled: student.name)
            FileHandle.standardError.write(Data((warning.text(in: language) + "\n").utf8))
        }
        guard !enrolment.added.isEmpty else {
            try? FileManager.default.removeItem(at: url)
            print(ClassMessage.nobodyNew.text(in: language))
            return
        }
        let market = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        let html = ClassHandout.html(enrolment.added, market: market, language: language)
        do {
            try file.write(contentsOf: Data(html.utf8))
            try file.synchronize()
        } catch {
            throw ClassFailure(message: .cannotWriteHandout(path: url.path))
        }
        print(ClassMessage.handoutWritten(path: url.path).text(in: language))
        print(ClassMessage.handoutNote.text(in: language))
        // The secrets are in this file only: a wrong address in it means a new secret for each.
        if publicURLGiven == nil {
            let note = ClassMessage.handoutAddressDefault(market: market).text(in: language)
            FileHandle.standardError.write(Data((note + "\n").utf8))
        }
    }

    /// The handout's file, made before anyone is enrolled: `--handout`'s, else the first free
    /// name of `handouts/handout-TIME.html`, `…-2.html`, … in the data directory.
    private func handoutFile(in directory: URL) throws -> (URL, FileHandle) {
        let candidates: [URL]
        if let handout {
            candidates = [URL(fileURLWithPath: (handout as NSString).expandingTildeInPath)]
        } else {
            let base = ClassHandout.defaultURL(in: directory)
            let stem = base.deletingPathExtension().path
            candidates = [base] + (2...20).map { URL(fileURLWithPath: "\(stem)-\($0).html") }
        }
        var exists = false
        for url in candidates {
            do { return (url, try ClassHandout.create(at: url)) } catch {
                exists = (error as? POSIXError)?.code == .EEXIST
                if !exists { break }
            }
        }
        let path = candidates[0].path
        throw ClassFailure(message: exists && handout != nil ? .handoutExists(path: path) : .cannotWriteHandout(path: path))
    }
}

struct ClassList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: ServerProgramHelp.classListAbstract.abstract)
    @OptionGroup var data: DataOption

    func run() async throws {
        let language = ClassLanguage.current
        let students = try await MarketDataDirectory.forClass(data.url).students()
        guard !students.isEmpty else {
            print(ClassMessage.noStudents.text(in: language))
            return
        }
        print(ClassMessage.listHeader.text(in: language))
        for student in students {
            print(
                ClassColumns.pad(student.studentNumber, 14) + ClassColumns.pad(student.name, 16)
                    + ClassColumns.pad(String(student.vendorID), 8) + student.identifier)
        }
    }
}

struct ClassResetSecret: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-secret", abstract: ServerProgramHelp.resetSecretAbstract.abstract)
    @Argument(help: ServerProgramHelp.student.argument) var student: String
    @OptionGroup var data: DataOption

    func run() async throws {
        let language = ClassLanguage.current
        let directory = try await MarketDataDirectory.forClass(data.url)
        let reset: EnrolledStudent
        do { reset = try await directory.resetSecret(of: student) } catch let problem as RosterProblem {
            throw ClassFailure(message: problem.message)
        }
        print(ClassMessage.secretReset(name: reset.student.name, number: reset.student.studentNumber).text(in: language))
        print("  identifier: \(reset.credentials.identifier)")
        print("  secret:     \(reset.credentials.secret.revealed)")
        print(ClassMessage.secretResetNote.text(in: language))
    }
}

/// Columns padded by terminal width (a Hangul syllable takes two).
enum ClassColumns {
    static func pad(_ text: String, _ columns: Int) -> String {
        text + String(repeating: " ", count: max(1, columns - TerminalText.width(text)))
    }
}
