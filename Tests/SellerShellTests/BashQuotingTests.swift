import Foundation
import MarketTestSupport
import OpenMarketAPI
import Testing

@testable import SellerShell

/// Quoting on Unicode scalars, checked against a real bash (issue 21, item 1): a quote followed
/// by a combining mark is one Swift `Character` but still a quote to bash.
@Suite("Quoting for bash, on Unicode scalars")
struct BashQuotingTests {
    /// Every combining mark of U+0300–U+036F and a few others after each quote, plus what has
    /// broken quoting before: `!!` (history expansion), line breaks, ESC, a BOM, Korean.
    static let texts: [String] = {
        var marks = (0x300...0x36F).map { Unicode.Scalar($0)! }
        marks += [0x20DD, 0x200D, 0xFE0F, 0x0E31, 0x093F, 0x1AB0].map { Unicode.Scalar($0)! }
        var texts = marks.map { "Nice mug '\($0)$(echo RAN)'\($0) \"\($0)`echo RAN`\"\($0)" }
        texts += [
            "Sale!! now !$ ^a^b", "a\r\nb\n\u{2028}c", "\u{1B}[2J \u{7F} \u{85}", "\u{FEFF}빨간 노트", "", "'", "\\", "$HOME",
            "••••••", "\"secret\":\"••••••\"",
            // With history on, bash 5.2 read the `'` of `$'C:\\'` as escaped and parsed the next
            // word's `$(` (the bash-words fuzz target, CI of stop 35).
            "C:\\", "'$(\"$(echo RAN",
        ]
        return texts
    }()

    /// Runs `words` in bash (C locale unless `locale` says, history expansion on as an
    /// interactive shell has it) as arguments of `printf '%s\0'`, and answers what bash read.
    func bashReads(_ words: [String], locale: [String: String] = ["LC_ALL": "C"]) async throws -> [String] {
        let script = "set -o history -H\nprintf '%s\\0' " + words.joined(separator: " ") + "\n"
        let ran = try await ChildProcess.run(
            "/bin/bash", ["--norc", "--noprofile", "-c", script],
            environment: locale.merging(["PATH": "/nonexistent"]) { _, new in new }, timeout: .seconds(60))
        #expect(ran.stderr.isEmpty, "bash said: \(ran.stderr)")
        var read = ran.stdout.components(separatedBy: "\0")
        read.removeLast()
        return read
    }

    @Test func everyBashQuoterReadsBackAsTheTextAndRunsNothing() async throws {
        for quote in [BashWords.quoted, BashWords.ansiC, WordQuoting.singleQuoted] {
            let read = try await bashReads(Self.texts.map(quote))
            #expect(read == Self.texts)
            #expect(!read.contains { $0.contains("RAN") && !$0.contains("echo RAN") })
        }
    }

    /// In GBK (and GB18030, BIG5-HKSCS) a UTF-8 byte followed by `\` is one character: in a
    /// `$'…'` that kept Korean as it is, `안\'` lost its backslash and the quote ended there. The
    /// locale is built with `localedef` (Debian's `locales`, which scripts/test installs).
    @Test func everyBashQuoterReadsBackInALocaleWhoseCharactersSwallowABackslash() async throws {
        let locale = try #require(await BashLocales.builtGBK(), "localedef could not build zh_CN.GBK: install Debian's locales")
        let texts = Self.texts + ["e\u{301}안'$(echo RAN)안'", "\u{301}안\\'`echo RAN`", "가\n나\\"]
        for quote in [BashWords.quoted, BashWords.ansiC, WordQuoting.singleQuoted] {
            let read = try await bashReads(texts.map(quote), locale: locale)
            #expect(read == texts)
        }
    }

    static let home = URL(string: "http://127.0.0.1:9")!

    /// A PATCH to `url` with `body`, recorded as the shell's exchange log records it, the
    /// session protecting `secret`.
    static func recorded(
        _ body: String, secret: String, url: URL = URL(string: "http://127.0.0.1:9/api/products/1")!
    )
        -> Exchange
    {
        let secrets = SessionSecrets()
        secrets.protect(secret)
        return Exchange(
            number: 1,
            request: Exchange.Request(
                recording: HTTPRequestData(
                    method: .patch, url: url, headers: ["Content-Type": "application/json"], body: Data(body.utf8)),
                secrets: secrets, bodyLimit: 1024))
    }

    /// Issue 22, item 5: the log keeps the secret of the top-level `"secret"` field as a typed
    /// piece, never its bytes; the secret anywhere else is masked as text; shown, it is the mask.
    @Test func theLogKeepsTheSecretAsATypedPiece() throws {
        let body = #"{"description":"S3cret! and \"secret\":\"x\"","nested":{"secret":"S3cret!"},"secret" : "S3cret!"}"#
        let kept = try #require(Self.recorded(body, secret: "S3cret!").request.body)
        #expect(kept.sent.pieces.filter { $0 == .secret }.count == 1, "\(kept.sent.pieces)")
        for case .bytes(let data) in kept.sent.pieces {
            #expect(!String(decoding: data, as: UTF8.self).contains("S3cret!"), "the secret's bytes are kept")
        }
        #expect(
            String(decoding: kept.data, as: UTF8.self)
                == #"{"description":"•••••• and \"secret\":\"x\"","nested":{"secret":"••••••"},"secret" : "••••••"}"#)
    }

    /// Only the top-level `"secret"` of a body is the secret; the mask anywhere else (in a
    /// text, in a nested object) is text the request carried, and stays text.
    @Test func theSecretGoesBackOnlyWhereTheRequestCarriedIt() async throws {
        let body = #"{"description":"•••••• and \"secret\":\"••••••\"","nested":{"secret":"••••••"},"secret":"S3cret!"}"#
        let exchange = Self.recorded(body, secret: "S3cret!")
        let sent = try #require(exchange.request.body?.sent)
        let word = BashWords.quotedBody(sent, secret: ExportSecret(exchangeServer: Self.home, environmentServer: Self.home))
        #expect(word.components(separatedBy: BashWords.secretVariable).count == 2, "\(word)")
        let ran = try await ChildProcess.run(
            "/bin/bash", ["-c", "printf '%s' " + word], environment: ["OPENMARKET_SECRET": "S3", "LC_ALL": "C"],
            timeout: .seconds(60))
        #expect(
            ran.stdout == #"{"description":"•••••• and \"secret\":\"••••••\"","nested":{"secret":"••••••"},"secret":"S3"}"#)
    }

    /// Before issue 22, item 5, the exporter searched the logged text for `"secret":"••••••"`: a
    /// request that sent the mask itself as its secret was exported with the real secret in its
    /// place. Now only a typed piece becomes `"$OPENMARKET_SECRET"`.
    @Test func aMaskSentAsTextIsNeverExportedAsTheSecret() throws {
        let exchange = Self.recorded(#"{"secret":"••••••","stock":1}"#, secret: "S3cret!")
        #expect(exchange.request.body?.sent.carriesSecret == false)
        for form in ExchangeCommand.Form.allCases {
            let text = try ExchangeExport.text(for: exchange, as: form, environmentServer: Self.home)
            #expect(!text.contains("$OPENMARKET_SECRET"), "\(form): \(text)")
        }
    }

    /// `$OPENMARKET_SECRET` belongs to one server: an exchange with another keeps the mask, and
    /// the export says so (review of issue 21: pasting sent the secret to the other server).
    @Test func anExchangeWithAnotherServerKeepsTheSecretMasked() throws {
        let other = URL(string: "http://127.0.0.1:10/api/products/1")!
        let exchange = Self.recorded(#"{"secret":"S3cret!","stock":1}"#, secret: "S3cret!", url: other)
        for form in ExchangeCommand.Form.allCases {
            let text = try ExchangeExport.text(for: exchange, as: form, environmentServer: URL(string: "http://127.0.0.1:9")!)
            #expect(!text.contains("$OPENMARKET_SECRET\""), "\(form): \(text)")
            #expect(text.contains("# the secret stays •••••• here"), "\(form): \(text)")
            let home = try ExchangeExport.text(for: exchange, as: form, environmentServer: URL(string: "http://127.0.0.1:10")!)
            #expect(home.contains(BashWords.secretVariable), "\(form): \(home)")
        }
    }

    /// The shell's own splitter reads a line as bash does: by scalars, so `'` + U+0301 ends a
    /// quote. (One difference is on purpose: the shell also separates words at CR, so a script
    /// saved with CRLF line ends reads the same.)
    @Test func theSplitterReadsQuotesAsBashDoes() async throws {
        let lines = ["'a'\u{301}b", "\"x\"\u{301}y", "it\\'\u{301}s", "'\u{301}' \"\u{301}\""]
        for line in lines {
            let words = try WordSplitter.split(line).map(\.text)
            let script = "printf '%s\\0' " + line
            let ran = try await ChildProcess.run(
                "/bin/bash", ["--norc", "-c", script], environment: ["LC_ALL": "C"], timeout: .seconds(60))
            var read = ran.stdout.components(separatedBy: "\0")
            read.removeLast()
            #expect(words == read, "\(line.debugDescription): the shell read \(words), bash \(read)")
        }
    }

    /// Review of issue 21: `ൎ'` (a prefix letter and a quote) is one `Character` that is a
    /// letter, so a `key=value` word with it was written with the `'` bare and did not split
    /// again. Written back on scalars, every word splits into itself.
    @Test func aWordWrittenBackSplitsIntoItself() throws {
        let words = ["\u{0D4E}'=1", "a'\u{301}=b c", "name=it's", "*?[\u{301}'", "안녕=x'y"].map { Word($0, wasQuoted: true) }
        for word in words + [Word("sku*.jpg"), Word("ൎ=1")] {
            let line = WordQuoting.quote(word)
            #expect(try WordSplitter.split(line).map(\.text) == [word.text], "\(word.text.debugDescription) → \(line)")
        }
    }

    /// A Markdown code span holding backticks followed by combining marks stays one span.
    @Test func aNotebookCodeSpanCountsBackticksAsScalars() {
        let command = "patch 1 name=a`\u{301}`\u{301}` b"
        let span = LabNotebook.inlineCode(command)
        #expect(span.hasPrefix("``") && !span.hasPrefix("```"), "\(span)")
        #expect(LabNotebook.longestBacktickRun("``\u{301}`") == 2)
        #expect(LabNotebook.fence("a ```\u{301}` b").hasPrefix("````http"))
    }
}
