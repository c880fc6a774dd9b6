import ArgumentParser
import Foundation
import OpenMarketServer
import TerminalText

/// `openapi`: prints the OpenAPI 3.1 document the market serves at `/openapi.json`.
struct PrintOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi", abstract: ServerProgramHelp.openapiAbstract.abstract)

    func run() throws {
        StandardStreams.write(String(decoding: OpenAPIDocument.json, as: UTF8.self))
    }
}
