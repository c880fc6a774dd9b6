import Foundation
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The document says what the market refuses of a name and a description (*decided*): not only
/// white space (Unicode's White_Space), besides no control character or no NUL. Its patterns
/// are read here by a regular expression engine and compared with `ProductRules` itself.
@Suite("OpenAPI: a name or a description of only white space")
struct OpenAPIBlankTextTests {
    @Test func theWhiteSpaceRangesAreUnicodesWhiteSpace() {
        let listed = Set(OpenAPISchemas.whiteSpace.flatMap { Array($0) })
        let unicode = Set((0...0x10FFFF as ClosedRange<UInt32>).filter { Unicode.Scalar($0)?.properties.isWhitespace == true })
        #expect(listed == unicode)
    }

    @Test func theNamesPatternAgreesWithTheRule() throws {
        let pattern = OpenAPISchemas.notBlank(refusing: OpenAPISchemas.controls)
        #expect(pattern.hasPrefix(#"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680"#), "\(pattern)")
        let regex = try NSRegularExpression(pattern: pattern)
        let names = [
            "   ", "\u{3000}\u{A0} ", " \u{2003}\u{202F}\u{205F} ", "Red \u{1B}mug", " a ", "\u{3000}우\u{3000}",
            "\u{200B}\u{200B}\u{200B}", "Big mug", "mug\u{85}xyz",
        ]
        for name in names {
            let matches = regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
            let refusedByTheRule =
                ProductRules.controlCharacter(in: name, allowing: []) != nil || ProductRules.isOnlyWhiteSpace(name)
            #expect(matches == !refusedByTheRule, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theDescriptionsPatternAgreesWithTheRule() throws {
        let regex = try NSRegularExpression(pattern: OpenAPISchemas.notBlank(refusing: [0...0]))
        let texts = ["          ", "\n\t \u{3000}\r\n   ", "Line one\nLine two", "  \u{0}  x  ", "\t\t\tx\t\t\t"]
        for text in texts {
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            let refusedByTheRule = text.unicodeScalars.contains("\u{0}") || ProductRules.isOnlyWhiteSpace(text)
            #expect(matches == !refusedByTheRule, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
