import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import SellerShell
@testable import ShellScripting

/// Issues 24 and 40: `help` in Korean, keyed by command and flag. A command's summary is the case
/// of its module's help catalogue (``ShellHelp``, ``ScriptHelp``) named after the command, a
/// flag's help the case named after its command and the flag; each catalogue is one exhaustive
/// `switch` per language. What the compiler cannot check is checked here: that every command and
/// every flag has its own case, that no case is left over, and that the Korean reads as Korean.
@Suite("Korean help")
struct KoreanHelpTests {
    static var specs: [CommandSpec] { ScriptSession.registry.specs }

    /// Every help text of every command (its summary, its flags' help, the notes under its
    /// usage, what it says of too many words): `(what it is the help of, the text)`.
    static var texts: [(owner: String, help: any Spoken)] {
        specs.flatMap { spec in
            [(spec.name, spec.summary)] + spec.flags.map { ("\(spec.name) \($0.name)", $0.help) }
                + [spec.notes, spec.tooManyWords].compactMap { $0.map { (spec.name, $0) } }
        }
    }

    /// A help text's case name: `listPerPage` for `ShellHelp.listPerPage`, `catalogJobs` for
    /// `ScriptHelp.catalogJobs(range: 1...32, standard: 4)`.
    static func caseName(_ help: any Spoken) -> String {
        String(String(describing: help).prefix { $0 != "(" })
    }

    /// `--per-page` → `PerPage`, the way a case names a flag.
    static func camelCased(_ flag: String) -> String {
        flag.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    @Test func everyCommandAndFlagHasItsOwnCaseNamedAfterIt() {
        var summaries: [String: String] = [:]
        for spec in Self.specs {
            let summary = Self.caseName(spec.summary)
            // A module's own help catalogue names a summary after the command; a command's own
            // message enum (`ChangesMessage.helpSummary`) holds only its help.
            if spec.summary is ShellHelp || spec.summary is ScriptHelp {
                #expect(summary.lowercased().hasSuffix(spec.name.lowercased()), "\(spec.name): \(summary)")
            }
            let key = String(reflecting: type(of: spec.summary)) + "." + summary
            #expect(summaries.updateValue(spec.name, forKey: key) == nil, "\(spec.name) shares \(summary)")
            for flag in spec.flags {
                let help = Self.caseName(flag.help)
                #expect(help.hasSuffix(Self.camelCased(flag.name)), "\(spec.name) \(flag.name): \(help)")
                #expect(help != summary, "\(spec.name) \(flag.name)")
            }
        }
    }

    /// A flag renamed (or its English reworded) keeps its Korean: the help is its case, not the
    /// English sentence.
    @Test func aFlagsKoreanIsItsCasesNotItsEnglishs() {
        let renamed = CommandSpec.Flag("--page-size", kind: .number, placeholder: "N", help: ShellHelp.listPerPage)
        #expect(renamed.help.text(in: .ko) == "한 쪽에 보여 줄 상품 수입니다(1부터 1000까지)")
        let jobs = ScriptHelp.catalogJobs(range: 1...32, standard: 8)
        #expect(jobs.text(in: .en) == "requests in flight at once, 1 to 32 (default 8)")
        #expect(jobs.text(in: .ko).contains("32") && jobs.text(in: .ko).contains("기본 8"))
    }

    /// `help`'s list reads as one list: a summary or a flag's help starts in lower case (unless
    /// with a method, `GET`) and ends without a full stop, as `list products, newest first` does.
    @Test func everySummaryAndFlagHelpIsWrittenAsTheOthersAre() {
        for (owner, help) in Self.texts where !owner.contains(where: \.isUppercase) {
            let english = help.text(in: .en)
            let firstWord = english.prefix { $0 != " " }
            #expect(firstWord.allSatisfy(\.isUppercase) || !(english.first?.isUppercase ?? false), "\(owner): \(english)")
            #expect(!english.hasSuffix(".") && !help.text(in: .ko).hasSuffix("."), "\(owner): \(english)")
        }
    }

    @Test func everyCommandAndFlagReadsInKorean() {
        for (owner, help) in Self.texts {
            let (english, korean) = (help.text(in: .en), help.text(in: .ko))
            #expect(!english.isEmpty && korean != english, "\(owner)")
            #expect(korean.unicodeScalars.contains { Self.isHangul($0) }, "\(owner): not Korean: \(korean)")
            #expect(!english.unicodeScalars.contains { Self.isHangul($0) }, "\(owner): \(english)")
            for number in Self.matches(#"[0-9]+"#, in: english) {
                #expect(korean.contains(number), "\(owner): \(number) is lost in \(korean)")
            }
            // Latin letters in the Korean are what is typed or named as it is (commands, flags,
            // field names, formats), so the English has each such word too; or a placeholder of
            // the flag's synopsis (`PATH`).
            let englishWords = Set(Self.matches(#"[A-Za-z][A-Za-z0-9.]*"#, in: english))
            for word in Self.matches(#"[A-Za-z][A-Za-z0-9.]*"#, in: korean) where word.uppercased() != word {
                #expect(englishWords.contains(word), "\(owner): '\(word)' is English in \(korean)")
            }
        }
    }

    /// The cases each catalogue declares, read from its source: each must be some command's or
    /// flag's help.
    @Test func theCataloguesHoldNothingStale() throws {
        let used = Set(Self.texts.map { Self.caseName($0.help) })
        for file in ["SellerShell/Language/ShellHelp.swift", "ShellScripting/Language/ScriptHelp.swift"] {
            let source = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/\(file)"), encoding: .utf8)
            let declared = source.split(separator: "\n").filter { $0.hasPrefix("    case ") }.map {
                String($0.dropFirst(9).filter { $0 != "`" }.prefix { $0.isLetter || $0.isNumber })
            }
            #expect(declared.count > 10, "\(file)")
            #expect(Set(declared).subtracting(used).isEmpty, "not the help of any command: \(Set(declared).subtracting(used))")
        }
    }

    @Test func helpReadsInKoreanUnderKorean() throws {
        let stock = try #require(ScriptSession.registry.find("stock")?.spec)
        let english = stock.helpText
        let korean = Language.$current.withValue(.ko) { stock.helpText }
        #expect(english.contains("usage: stock") && english.contains("options:"), "\(english)")
        #expect(korean.contains("사용법: stock") && korean.contains("옵션:") && korean.contains("예:"), "\(korean)")
        #expect(korean.contains("stock — 상품 하나 이상의 재고를"), "\(korean)")
        #expect(korean.contains("  --yes  여러 상품을 바꿀 때 묻지 않습니다"), "\(korean)")
        #expect(!korean.contains(stock.summary.english), "\(korean)")
        let overview = Language.$current.withValue(.ko) { ScriptSession.registry.overview }
        #expect(overview.hasPrefix("명령:"), "\(overview)")
        #expect(overview.contains("이 파일의") || overview.contains("CSV, JSON Lines, JSON 파일로"), "\(overview)")
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x3131...0x318E).contains(scalar.value)
    }
}
