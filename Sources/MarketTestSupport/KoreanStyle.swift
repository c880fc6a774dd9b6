import Foundation
import OpenMarketContract

/// What a Korean catalogue's writer keeps the same in every sentence: it asks in -세요 as the
/// shell's own catalogue does (never -십시오 on the same screen), and it puts no particle that its
/// writer could not have chosen.
///
/// Where a Korean sentence puts a particle that its writer could not have chosen: right after a
/// value the program fills in (`'\(path)'을`, `#\(id)은`), after a number (`2을`), or after a
/// syllable it does not fit (`요소은`, `줄를`). `은/는`, `을/를`, `이/가` depend on the sound before
/// them, which a filled-in value does not tell; a sentence says `(입력: '…')`, `상품 #3`,
/// `\(n)개`, or `은(는)`. Every catalogue test runs its samples through ``problems(_:)``.
public enum KoreanStyle {
    /// The places in `message`'s Korean where a particle follows a number, a value the message
    /// was given (quoted or not), or a syllable of the other kind, and an ending in -십시오;
    /// empty when there are none.
    public static func problems(_ message: some Spoken) -> [String] {
        let korean = message.text(in: .ko)
        var found: [String] = []
        let end = #"(?=\s|$|[.,:;)?!])"#
        let particle = "(을|를|은|는|이|가|로|과|와)"
        // A number, not the digits of a name (`UTF-8로`, `CP949로` are read as their names).
        let number = "(?<![A-Za-z0-9-])[0-9]+(?:[.:][0-9]+)*"
        if korean.range(of: number + "['\"]?\(particle)\(end)", options: .regularExpression) != nil {
            found.append("a particle after a number: \(korean)")
        }
        for value in filledIn(message) where !value.isEmpty {
            let escaped = NSRegularExpression.escapedPattern(for: value)
            if korean.range(of: "(?<![A-Za-z0-9_])" + escaped + "['\"]?" + particle + end, options: .regularExpression) != nil {
                found.append("a particle after '\(value)': \(korean)")
            }
        }
        found += mismatched(korean)
        if korean.contains("십시오") { found.append("-십시오 where the shell asks in -세요: \(korean)") }
        // Korean ends a sentence with a full stop; `; ` between two is an English habit.
        if korean.range(of: "[다요]; ", options: .regularExpression) != nil { found.append("'; ' between sentences: \(korean)") }
        return found
    }

    /// A syllable without a final consonant before `은`/`을`, or one with it before `를`,
    /// written as a particle (`요소은`, `줄를`).
    static func mismatched(_ korean: String) -> [String] {
        let scalars = Array(korean.unicodeScalars)
        var found: [String] = []
        for index in scalars.indices.dropFirst() {
            let value = scalars[index].value
            let before = scalars[index - 1].value
            guard (0xAC00...0xD7A3).contains(before) else { continue }
            let ends = index + 1 == scalars.count || !(0xAC00...0xD7A3).contains(scalars[index + 1].value)
            guard ends else { continue }
            let hasFinal = (before - 0xAC00) % 28 != 0
            // 은 or 을 after a syllable with no final consonant, 를 after one with it.
            if ((value == 0xC740 || value == 0xC744) && !hasFinal) || (value == 0xB97C && hasFinal) {
                found.append("'\(Unicode.Scalar(before)!)\(scalars[index])' in: \(korean)")
            }
        }
        return found
    }

    /// The texts and numbers a message was given (its associated values, nested ones too).
    public static func filledIn(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let number as Int: return [String(number)]
        case let number as Decimal: return ["\(number)"]
        default:
            return Mirror(reflecting: value).children.flatMap { filledIn($0.value) }
        }
    }
}
