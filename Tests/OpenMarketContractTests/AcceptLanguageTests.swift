import OpenMarketContract
import Testing

/// `Language.preferred(byAcceptLanguage:)`: how the bundled market and its storefront choose
/// the language of what they say (RFC 9110 §12.5.4).
@Suite("Accept-Language chooses English or Korean")
struct AcceptLanguageChoiceTests {
    static func chosen(_ header: String?) -> Language? { Language.preferred(byAcceptLanguage: header) }

    @Test func theHighestQualityWinsAndATieGoesToTheRangeWrittenFirst() {
        #expect(Self.chosen("ko") == .ko)
        #expect(Self.chosen("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7") == .ko)
        #expect(Self.chosen("en;q=0.5, ko;q=0.8") == .ko)
        #expect(Self.chosen("en, ko") == .en)
        #expect(Self.chosen("ko, en") == .ko)
        #expect(Self.chosen(Language.ko.acceptLanguage) == .ko)
        #expect(Self.chosen(Language.en.acceptLanguage) == .en)
        #expect(Self.chosen("KO-kr") == .ko)
    }

    @Test func aQualityOfZeroRefusesALanguage() {
        #expect(Self.chosen("ko;q=0, en;q=0.1") == .en)
        #expect(Self.chosen("ko;q=0") == nil)
    }

    @Test func theWildcardStandsForEveryLanguageNoOtherRangeNames() {
        // English refused, anything else welcome: Korean.
        #expect(Self.chosen("en;q=0, *") == .ko)
        #expect(Self.chosen("fr, *;q=0.5, en;q=0.1") == .ko)
        // Only the wildcard: no language was asked for, the caller's default stays.
        #expect(Self.chosen("*") == nil)
        #expect(Self.chosen("fr, *;q=0.3") == nil)
    }

    @Test func aHeaderNamingNeitherOrMalformedLeavesTheDefault() {
        #expect(Self.chosen(nil) == nil)
        #expect(Self.chosen("") == nil)
        #expect(Self.chosen("fr-FR, de;q=0.5") == nil)
        #expect(Self.chosen(",,;q=1") == nil)
        // A quality that is no number from 0 to 1 makes its range unreadable, not preferred.
        #expect(Self.chosen("ko;q=2, en;q=0.5") == .en)
        #expect(Self.chosen("ko;q=abc") == nil)
    }

    @Test func thePlainRangeSpeaksForItsLanguageBeforeARegion() {
        #expect(Self.chosen("ko-KR;q=0.9, ko;q=0.1, en;q=0.5") == .en)
        #expect(Self.chosen("ko;q=0.1, ko-KR;q=0.9, en;q=0.5") == .en)
        #expect(Self.chosen("ko-KR;q=0.9, en;q=0.5") == .ko)
    }
}
