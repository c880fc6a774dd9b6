import ArgumentParser
import Foundation
import OpenMarketContract
import OpenMarketServer

/// `openmarket-server class board`: the teacher's board's address, with the token the market
/// keeps in its data directory (made now when it has none), and the assignment whose steps the
/// board shows (`--assignment FILE`). Only the operator of the market's machine can run it: the
/// token file is readable by its owner alone.
struct ClassBoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: ServerProgramHelp.boardAbstract.abstract)

    // The default said by the help itself (`HelpText.argument`).
    @Option(name: .customLong("port"), help: ServerProgramHelp.boardPort.argument) var portGiven: Int?
    var port: Int { portGiven ?? 8080 }
    @Option(name: .customLong("public-url"), help: ServerProgramHelp.classPublicURL.argument)
    var publicURL: String?
    @Option(help: ServerProgramHelp.boardAssignment.argument)
    var assignment: String?
    @OptionGroup var data: DataOption

    func validate() throws {
        guard (1...65535).contains(port) else {
            throw ValidationError(ServerProgramMessage.portRange(port))
        }
        if let publicURL, URL.httpURL(publicURL) == nil {
            throw ValidationError(ServerProgramMessage.publicURLNotHTTP)
        }
    }

    func run() async throws {
        let language = ClassLanguage.current
        let directory = try await MarketDataDirectory.forClass(data.url)
        if let assignment {
            let path = (assignment as NSString).expandingTildeInPath
            guard let bytes = FileManager.default.contents(atPath: path), let text = KoreanExcelText.decode(bytes)?.text
            else { throw ClassFailure(message: .cannotRead(path: path)) }
            do { _ = try Assignment.parse(text) } catch { throw ClassFailure(message: error.message) }
            try ClassBoardAssignment.keep(text, in: directory.url)
        }
        let token = try ClassBoardToken.load(in: directory.url)
        let base = publicURL.flatMap { URL.httpURL($0)?.absoluteString } ?? "http://127.0.0.1:\(port)"
        var lines = [ClassBoardText.boardAddress.text(in: language), "  " + token.address(base: base)]
        if publicURL == nil { lines.append(ClassBoardText.boardAddressNote.text(in: language)) }
        print(lines.joined(separator: "\n"))
    }
}
