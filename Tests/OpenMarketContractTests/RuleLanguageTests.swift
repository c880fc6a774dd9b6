import Foundation
import OpenMarketContract
import Testing

/// The contract's rule violations are typed (issue 40): the rule is a ``Rule`` with its facts,
/// said in the reader's language, the field named in the API's words in every language.
@Suite("Rules in the reader's language")
struct RuleLanguageTests {
    @Test func aNumberThatDoesNotParseIsSaidInKorean() {
        var changes = ProductChanges()
        let problem = ProductField.price.parse("abc", into: &changes)
        #expect(problem == RuleViolation("price", .notANumber("abc")))
        #expect(problem?.text(in: .ko) == "price: 'abc'은(는) 숫자가 아닙니다")
        #expect(problem?.text(in: .en) == "price: 'abc' is not a number")
        Language.$current.withValue(.ko) {
            #expect(problem.map { "\($0)" } == "price: 'abc'은(는) 숫자가 아닙니다")
        }
    }

    @Test func everyContractRuleKeepsItsFactsInKorean() {
        let name = ProductRules.checkName("ab")
        #expect(name?.english == "name: must be 3 to 100 characters (it has 2)")
        #expect(name?.korean == "name: 3자에서 100자 사이로 써야 합니다(지금 2자)")
        let discount = ProductRules.checkDiscount(20, price: 10)
        #expect(discount?.subject == "discounted_price")
        // The list's 판매가 column is price − discount; the discount is compared with the price (가격).
        #expect(discount?.korean == "discounted_price: 가격 10보다 클 수 없습니다(지금 20)")
        let control = ProductRules.checkName("Mug\u{1B}name")
        #expect(control?.english == "name: must not contain control characters (found U+001B at character 4)")
        #expect(control?.korean.contains("4번째 글자가 U+001B") == true)
        #expect(UploadRules.checkCount(6)?.korean == "images: 사진은 5장까지만 올릴 수 있습니다(지금 6장)")
    }

    /// What a field accepts (the words of `register`'s questions) is said in the reader's language.
    @Test func whatAFieldAcceptsIsSaidInKorean() {
        #expect(ProductField.name.accepts == .characters(min: 3, max: 100))
        #expect(ProductField.name.rule == "3 to 100 characters")
        Language.$current.withValue(.ko) {
            #expect(ProductField.name.rule == "3자에서 100자")
            #expect(ProductField.price.rule == "0보다 큰 숫자")
            #expect(ProductField.image.rule == "JPEG, PNG, GIF 파일 1개에서 5개")
            #expect(ProductField.discount.rule == "0부터 가격까지의 숫자")
        }
    }

    /// The secret is `secret` in Korean as everywhere else, and a field that holds another
    /// login's secret is said to hold it (the field is not the secret).
    @Test func theSecretIsCalledSecretAndTheFieldHoldsIt() {
        let foreign = RuleViolation("name", .foreignSecret).korean
        #expect(
            foreign == "name: 이 로그인의 것이 아닌 secret이 들어 있습니다(다른 서버나 판매자의 secret입니다). 보내지 않았습니다. "
                + "이 서버에 로그인하세요('login' 또는 'use 프로필')")
        let outside = Rule.secretOutsideItsField.korean
        #expect(outside == "판매자 secret이 들어 있어 보내지 않았습니다(secret은 요청의 secret 필드로만 보냅니다)")
        #expect(!(foreign + outside).contains("비밀번호"))
    }

    /// What a file picked by mistake is, said in Korean too.
    @Test func whatAFileIsInsteadIsSaidInKorean() {
        let webp = Rule.image(.notAnImage(ImageFormat.unrecognised(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))))
        #expect(webp.english == "not a JPEG, PNG or GIF (the file is a WebP image)")
        #expect(webp.korean == "JPEG, PNG, GIF 파일이 아닙니다(WebP 이미지입니다)")
        #expect(ImageFormat.unrecognised(Array("hello".utf8)).korean == "텍스트로 시작하는 파일입니다")
    }

    /// A rule in Korean has no English sentence left in it: only the facts (numbers, field
    /// names, codes) are in Latin letters.
    @Test(arguments: [
        Rule.length(min: 3, max: 100, count: 2), .containsNUL, .notGreaterThanZero(0), .notANumber("12"),
        .notAWholeNumber("7"), .required, .imageRequired(min: 1), .image(.missing), .image(.empty),
        .notShrunk(bytes: 400_000, why: .gif), .notShrunk(bytes: 400_000, why: .resizeOff), .noFileMatches,
        .notOneOrMore(0), .outOfRange(low: 1, high: 1000, value: 0), .emptyText, .foreignSecret,
        .secretOutsideItsField, .wholeNumberFromZero(-1), .notZeroOrMore(-1), .partOverLimit(bytes: 400_000),
        .onlyWhiteSpace(count: 3), .commaNotThousands("12,50"),
        .pointBeforeThreeDigits(text: "5.000", whole: "5000", small: "5.00"),
        .currencySignDisagrees(text: "₩3,500", currency: "KRW", given: "USD"),
    ])
    func koreanHasNoEnglishWords(rule: Rule) {
        let words = rule.korean.split { !$0.isLetter }.filter { $0.unicodeScalars.allSatisfy { $0.isASCII } }
        let allowed: Set<Substring> = ["NUL", "U", "KB", "KiB", "login", "use", "secret", "no", "resize", "GIF", "KRW", "USD"]
        #expect(words.allSatisfy(allowed.contains), "\(rule.korean)")
        #expect(rule.korean != rule.english)
    }
}

/// A local file's problem is said in the reader's language, the file named as typed.
@Suite("Local files in the reader's language")
struct LocalFileLanguageTests {
    @Test func aMissingFileOrAFolderReadsKorean() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let missing = folder + "/openmarket-no-such-file-\(UInt64.random(in: 0...UInt64.max)).csv"
        #expect(throws: LocalFileError(path: missing, kind: .missing)) {
            try LocalFile.read(missing, limit: 10, what: "a catalog")
        }
        let error = LocalFileError(path: "rows.csv", kind: .missing)
        #expect(error.english == "rows.csv: no such file")
        #expect(error.korean == "rows.csv: 파일이 없습니다")
        // A file this user may not read is said in Korean, not `(permission denied)`.
        let locked = LocalFileError(path: "rows.csv", kind: .permissionDenied)
        #expect(locked.english == "rows.csv cannot be read (permission denied)")
        #expect(locked.korean == "rows.csv: 읽을 권한이 없습니다")
        #expect(Rule.image(.permissionDenied).korean == "읽을 권한이 없습니다")
        Language.$current.withValue(.ko) {
            #expect(error.message(shownAs: "~/rows.csv") == "~/rows.csv: 파일이 없습니다")
            #expect("\(LocalFileError(path: "/tmp", kind: .notRegular(.folder)))" == "/tmp: 일반 파일이 아니라 폴더입니다. 파일을 지정하세요")
        }
        do {
            _ = try LocalFile.read(folder, limit: 10, what: "a photo")
            Issue.record("a folder was read")
        } catch {
            #expect(error.kind == .notRegular(.folder))
            #expect(error.english.hasSuffix("is a folder, not a regular file: name a file"))
        }
    }
}
