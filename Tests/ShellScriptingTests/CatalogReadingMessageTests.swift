import CatalogFiles
import Testing

/// What reading a large catalog again can say (issue 41: its rows are streamed from the file)
/// reads as Korean in Korean and keeps the English facts.
@Suite("Korean and English catalog reading messages")
struct CatalogReadingMessageTests {
    @Test(arguments: CatalogReadingMessage.allCases)
    func everyMessageIsKoreanInKorean(_ message: CatalogReadingMessage) {
        #expect(SpokenCatalogCheck.problems(message) == [])
    }
}
