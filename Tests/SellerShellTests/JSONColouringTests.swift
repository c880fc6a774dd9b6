import Foundation
import Testing

@testable import SellerShell

/// JSON bodies syntax-coloured on a terminal (issue 24, traces and the log).
@Suite("JSON bodies in colour")
struct JSONColouringTests {
    static func stripped(_ text: String) -> String { text.replacing(/\u{1B}\[[0-9]+m/, with: "") }

    @Test func keysStringsNumbersAndLiteralsEachGetTheirColour() {
        let text = """
            {
              "name" : "a: \\"quoted\\" , b",
              "price" : -12.5e3,
              "ok" : true,
              "gone" : null,
              "list" : [ false, 3 ]
            }
            """
        let coloured = JSONColouring.coloured(text)
        #expect(coloured.contains("\u{1B}[34m\"name\"\u{1B}[0m : \u{1B}[32m\"a: \\\"quoted\\\" , b\"\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[33m-12.5e3\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[35mtrue\u{1B}[0m") && coloured.contains("\u{1B}[35mnull\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[35mfalse\u{1B}[0m, \u{1B}[33m3\u{1B}[0m"))
        #expect(Self.stripped(coloured) == text)
    }

    @Test func colourChangesNoCharacterOfAnyDocument() throws {
        var generator = SystemRandomNumberGenerator()
        let texts = ["안녕", "\"", "\\", ":", "true", "-1", "••••••", "a\u{301}", "🍵", " ", ","]
        for _ in 0..<300 {
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let key = (0..<Int.random(in: 1...4, using: &generator)).map { _ in texts.randomElement(using: &generator)! }
                    .joined()
                object[key] =
                    [
                        key, Int.random(in: -1000...1000, using: &generator), Double.random(in: -1...1, using: &generator), true,
                        NSNull(), [key, 1],
                    ].randomElement(using: &generator)!
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            let text = String(decoding: data, as: UTF8.self)
            #expect(Self.stripped(JSONColouring.coloured(text)) == text, "\(text)")
        }
    }

    @Test func anAnswerIsColouredOnlyWhenAsked() {
        let answer = Exchange.Response(
            status: 200, headers: ["Content-Type": "application/json"], body: KeptBody(Data(#"{"id":3}"#.utf8), limit: 1024))
        #expect(ExchangeRendering.answer(answer, color: true).contains("\u{1B}[34m\"id\"\u{1B}[0m"))
        #expect(!ExchangeRendering.answer(answer).contains("\u{1B}"))
    }
}
