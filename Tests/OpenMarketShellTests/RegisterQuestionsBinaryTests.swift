import Foundation
import MarketTestSupport
import Testing

/// `register`'s questions in a real terminal on the bundled market (issue 40, item 5): every
/// field is asked, discount and stock included; each question is in the reader's language
/// alone; an empty answer to a question that needs one (the photo too) asks again instead of
/// dropping what was typed; Ctrl-C cancels and leaves the line so far for Up-arrow.
@Suite("openmarket: register asks every field, in one language", .serialized)
struct RegisterQuestionsBinaryTests {
    typealias Home = TestHome

    static func type(_ session: PTYSession, _ keys: String, expect output: String) throws {
        try ShellBinaryTests.type(session, keys, expect: output)
    }

    /// A HOME with one photo, `photos/only-photo.jpg`; its path.
    static func photo(in home: Home) throws -> String {
        let photos = home.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let file = photos.appendingPathComponent("only-photo.jpg")
        try Fixtures.imageData("coffee-small.jpg").write(to: file)
        return file.path
    }

    @Test func everyFieldIsAskedAndAnEmptyPhotoAnswerAsksAgain() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let photo = try Self.photo(in: home)
        let (transcript, recalled) = try await blocking {
            let session = try ShellBinaryTests.startShell(home)
            defer { session.terminate() }
            try Self.type(session, "register\r", expect: "name (3 to 100 characters): ")
            try Self.type(session, "\r", expect: "an answer is needed — type one, or press Ctrl-C to cancel")
            try session.expect("name (3 to 100 characters): ", timeout: .seconds(60))
            try Self.type(session, "Green mug\r", expect: "description (10 to 1000 characters): ")
            try Self.type(session, "A green mug for questions\r", expect: "price (a number greater than 0): ")
            try Self.type(session, "1500\r", expect: "currency (KRW or USD): ")
            try Self.type(session, "KRW\r", expect: "discount (a number from 0 to the price; Enter for none): ")
            try Self.type(session, "2000\r", expect: "try again (Ctrl-C cancels)")
            try session.expect("discount (", timeout: .seconds(60))
            try Self.type(session, "100\r", expect: "stock (a whole number from 0; Enter for 0): ")
            try Self.type(session, "7\r", expect: "image (path to a JPEG, PNG or GIF; globs work; TAB completes): ")
            try Self.type(session, "\r", expect: "an answer is needed")
            try session.expect("image (", timeout: .seconds(60))
            try Self.type(session, "\(photo)\r", expect: "registered")
            try session.expect("> ", timeout: .seconds(60))
            let transcript = session.transcript
            let recalled = try ShellBinaryTests.type(session, "\u{1b}[A", expect: "image=")
            return (transcript, recalled)
        }
        #expect(!transcript.contains("nothing was sent"), "\(transcript)")
        // Products 1 to 3 of a fresh local market are neighbour-shop's: ours is #4.
        #expect(transcript.contains("#4 Green mug"), "\(transcript)")
        #expect(recalled.contains("discount=100") && recalled.contains("stock=7"), "\(recalled)")
    }

    @Test func underKoreanEveryQuestionIsKoreanAndCtrlCKeepsTheLineForUpArrow() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let (questions, recalled) = try await blocking {
            let session = try ShellBinaryTests.startShell(home, ["--lang", "ko"])
            defer { session.terminate() }
            var questions = try ShellBinaryTests.type(session, "register\r", expect: "상품 이름(name, 3~100자): ")
            let answers: [(String, String)] = [
                ("초록 머그컵\r", "상품 설명(description, 10~1000자): "),
                ("초록색 머그컵입니다. 튼튼합니다.\r", "가격(price, 0보다 큰 수): "),
                ("1500\r", "통화(currency, KRW 또는 USD): "),
                ("KRW\r", "할인 금액(discount, 0부터 가격까지의 수, 없으면 그냥 Enter): "),
                ("\r", "재고(stock, 0 이상의 정수, 0이면 그냥 Enter): "),
                ("\r", "사진(image, JPEG, PNG, GIF 파일 경로. 글롭도 되고 TAB으로 완성됩니다): "),
                ("\r", "값을 입력해야 합니다"),
                ("", "사진(image, "),
            ]
            for (keys, question) in answers {
                questions += try ShellBinaryTests.type(session, keys, expect: question)
            }
            questions += try ShellBinaryTests.type(session, "\u{03}", expect: "등록을 취소했습니다")
            try session.expect("> ", timeout: .seconds(60))
            let recalled = try ShellBinaryTests.type(session, "\u{1b}[A", expect: "currency=KRW")
            return (questions, recalled)
        }
        for english in ["characters", "a number", "Enter for", "answer is needed", "try again", "cancelled", "image ("] {
            #expect(!questions.contains(english), "\(english): \(questions)")
        }
        #expect(recalled.contains("name=") && recalled.contains("초록 머그컵"), "\(recalled)")
        #expect(!recalled.contains("discount=") && !recalled.contains("stock="), "\(recalled)")
    }
}
