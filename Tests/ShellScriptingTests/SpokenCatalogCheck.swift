import Foundation
import MarketTestSupport
import OpenMarketContract

/// What the scripting module's catalog tests read in a message: the cases a file declares, the
/// facts an English sentence holds, and whether text is Hangul.
enum SpokenCatalogCheck {
    /// The cases `file` (under `folder`) declares, read from the source.
    static func declaredCases(in file: String, folder: String = "Sources/ShellScripting/Language") throws -> Set<String> {
        let source = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("\(folder)/\(file)"), encoding: .utf8)
        var names: Set<String> = []
        for line in source.split(separator: "\n") where line.hasPrefix("    case ") {
            names.insert(String(line.dropFirst(9).prefix { $0.isLetter || $0.isNumber }))
        }
        return names
    }

    static func caseName(_ message: some Sendable) -> String {
        String(String(describing: message).prefix { $0 != "(" })
    }

    /// Numbers, 'quoted' words, `code` and URLs: what a translation keeps as it is.
    static func facts(_ text: String) -> [String] {
        var found: [String] = []
        for pattern in [#"[0-9]+"#, #"(?<![A-Za-z])'[^']+'"#, #"`[^`]+`"#, #"https?://[^\s)]*[^\s).,:]"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append(String(text[Range(match.range, in: text)!]))
            }
        }
        // A placeholder (`'record FILE'`) is said with a Korean word: the command stays.
        return found.filter { $0.range(of: #"[A-Z]{4,}"#, options: .regularExpression) == nil }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x3131...0x318E).contains(scalar.value)
    }

    /// The problems of one message: English without Hangul, Korean with it, the English's facts
    /// kept, no particle after a value filled in or a syllable it does not fit, -세요 (``KoreanStyle``).
    static func problems(_ message: some Spoken) -> [String] {
        let english = message.text(in: .en)
        let korean = message.text(in: .ko)
        var problems: [String] = []
        if english.isEmpty || korean.isEmpty { problems.append("empty: \(message)") }
        if english.unicodeScalars.contains(where: isHangul) { problems.append("English with Hangul: \(english)") }
        if !korean.unicodeScalars.contains(where: isHangul) { problems.append("not Korean: \(korean)") }
        for fact in facts(english) where !korean.contains(fact) {
            problems.append("\(fact) is lost in \(korean) (from \(english))")
        }
        return problems + KoreanStyle.problems(message)
    }
}
