import Foundation
import Testing

@testable import OpenMarketContract

/// A journal's or change log's file problem (`another run of this script is using …`'s cause, a
/// symbolic link refused, a device named as a journal) is said in the reader's language; the
/// system's own words (`strerror`) stay as it gives them.
@Suite("A log file's problems in the reader's language")
struct JSONLinesLogLanguageTests {
    @Test func aSymbolicLinkIsSaidInKorean() {
        let error = JSONLinesLogError(.symbolicLink, path: "/tmp/a.journal", reason: "")
        #expect(
            Language.$current.withValue(.ko) { error.description }
                == "/tmp/a.journal은(는) 심볼릭 링크라서 따라가지 않습니다(링크를 지우면 그 자리에 파일을 만듭니다)")
        #expect(Language.$current.withValue(.ko) { error.why } == "심볼릭 링크라서 따라가지 않습니다(링크를 지우면 그 자리에 파일을 만듭니다)")
        #expect(
            error.description == "/tmp/a.journal is a symbolic link: it is never followed (remove it, and a file is made there)")
    }

    /// `/dev/null` named as a journal is no regular file: refused, in Korean under Korean.
    @Test func aDeviceIsNotARegularFileInKorean() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let said = Language.$current.withValue(.ko) { () -> String? in
            do {
                _ = try JSONLinesLog.readAll(descriptor, path: "/dev/null")
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(said == "/dev/null을(를) 읽을 수 없습니다: 일반 파일이 아닙니다")
    }

    @Test(arguments: [JSONLinesLogError.Kind.cannotOpen, .busy, .cannotRead, .cannotWrite])
    func everyKindKeepsThePathAndTheSystemsWords(kind: JSONLinesLogError.Kind) {
        let error = JSONLinesLogError(kind, path: "/tmp/x.log", reason: "Permission denied")
        #expect(error.korean.hasPrefix("/tmp/x.log"))
        #expect(error.korean.hasSuffix(": Permission denied"))
        #expect(error.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }
}
