import Testing

@testable import AgentMode

/// The words after `openmarket mcp`.
@Suite("Agent server: the options of openmarket mcp")
struct AgentServerOptionsTests {
    @Test("--max-deletes, --plan-minutes and --folder set the limits and the folder, also as --name=value")
    func parsesOptions() throws {
        let options = try AgentServerOptions.parse(["--max-deletes", "0", "--plan-minutes=2", "--folder", "photos"])
        #expect(options == AgentServerOptions(maxDeletes: 0, planMinutes: 2, folder: "photos"))
        #expect(options.limits.unconfirmedDeletes == 0)
        #expect(options.limits.planLifetime == .seconds(120))
        #expect(try AgentServerOptions.parse([]).limits == AgentLimits())
    }

    @Test("a value out of range, a missing value, an unknown option or a stray word is refused, saying which")
    func refusesWrongWords() {
        let cases: [([String], ServerMessage)] = [
            (["--max-deletes", "1001"], .maxDeletesRange(given: "1001")),
            (["--plan-minutes", "0"], .planMinutesRange(given: "0")),
            (["--plan-minutes", "soon"], .planMinutesRange(given: "soon")),
            (["--folder"], .needsValue("--folder")),
            (["--yes"], .unknownOption("--yes")),
            (["list"], .unexpectedWord("list")),
        ]
        for (words, expected) in cases {
            #expect(throws: AgentFailure.self) { try AgentServerOptions.parse(words) }
            do {
                _ = try AgentServerOptions.parse(words)
            } catch {
                #expect(error.message as? ServerMessage == expected, "\(words)")
            }
        }
    }
}
