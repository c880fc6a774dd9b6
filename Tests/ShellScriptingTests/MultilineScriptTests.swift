import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import Testing

@testable import ShellScripting

@Suite("Descriptions with more than one line in scripts")
struct MultilineScriptTests {
    @Test func aQuoteLeftOpenContinuesOnTheNextLine() {
        let lines = ScriptReader.lines(
            of: """
                set a 'first # not a comment
                second'   # a comment
                patch 3 description="one
                  two \\" three
                four" name=$'x\\'
                y'
                health
                """)
        #expect(lines.map(\.number) == [1, 3, 7])
        #expect(lines[0].text == "set a 'first # not a comment\nsecond'")
        #expect(lines[1].text == "patch 3 description=\"one\n  two \\\" three\nfour\" name=$'x\\'\ny'")
        #expect(lines.allSatisfy { $0.problem == nil })
        #expect(lines[2].text == "health")
    }

    @Test func aContinuationBeforeAnOpenQuoteKeepsTheCommandsFirstLine() {
        let lines = ScriptReader.lines(of: "register name=Mug \\\n  description='two\nlines'\nhealth\n")
        #expect(lines.map(\.number) == [1, 4])
        #expect(lines[0].text == "register name=Mug   description='two\nlines'")
    }

    @Test func anEscapedDollarBeforeAQuoteIsAPlainQuote() {
        // `\$'…'` is `$` then '…' (no escapes): the `\'` inside ends that quote.
        let lines = ScriptReader.lines(of: "set a \\$'x\\' b\nhealth\n")
        #expect(lines.map(\.number) == [1, 2])
    }

    @Test func variablesAroundAnAnsiCQuoteExpandAsInBash() throws {
        let resolve = { (name: String) throws(ExpansionError) -> String in name == "x" ? "a b" : "?" }
        let words = try Expander.words(#"patch 1 description=$'it\'s $x' name=$x"#, resolve)
        #expect(words.map(\.text) == ["patch", "1", "description=it's $x", "name=a b"])
    }

    @Test func aQuoteNeverClosedNamesTheLineItOpenedOn() {
        let lines = ScriptReader.lines(of: "health\nset a b \\\n  c 'd\ne\nf\n")
        #expect(lines.count == 2)
        #expect(lines[1].number == 2)
        #expect(
            lines[1].problem
                == "set: unterminated ' quote, opened on line 3 and never closed: close it (a quoted value may span lines)")
    }

    @Test func aScriptSetsADescriptionOfTwoLines() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let lines = """
                register name=Mug description='A mug for tea, holds 300 ml.
                Dishwasher safe.' price=1000 currency=KRW image=coffee-small.jpg as mug
                patch $mug \\
                  name=$'Mug \\u2615'
                """
            let good = try f.script("two-lines-good.om", lines)
            #expect(await f.session(RecordingConsole()).runScript(path: good) == .ok)
            let mug = try #require(try await f.allProducts().first)
            let detail = try await f.product(id: mug.id)
            #expect(detail.description == "A mug for tea, holds 300 ml.\nDishwasher safe.")
            #expect(detail.name == "Mug ☕")
            // A quote never closed is found when the script is read: nothing of it runs.
            let script = try f.script("two-lines.om", lines + "\noops 'never\nclosed\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: script) == .usage)
            #expect(try await f.allProducts().count == 1, "a line ran although the script could not run whole")
            #expect(
                console.notes.contains("two-lines.om:5: oops: unterminated ' quote, opened on line 5 and never closed"),
                "\(console.notes)")
        }
    }

    /// A recorded `patch` whose value has a line break is written on one line with `$'…'` and
    /// replays, on another market, to the same value.
    @Test func aRecordedLineBreakReplaysToTheSameValue() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let photo = f.directory.appendingPathComponent("coffee-small.jpg").path
            let recording = f.directory.appendingPathComponent("lines.om").path
            let console = RecordingConsole()
            let session = f.session(console)
            for line in [
                "record \(recording)",
                "register name=Mug description='Holds tea, one line' price=10 currency=KRW image=\(photo) as mug",
                #"patch $mug description=$'first line\nsecond line\twith a tab, it\'s'"#,
                "record stop",
            ] {
                #expect(await session.execute(line).status == .ok, "\(line): \(console.notes)")
            }
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(text.contains(#"patch $mug description=$'first line\nsecond line\twith a tab, it\'s'"#), "\(text)")
            let other = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("other-market"))
            let replay = RecordingConsole()
            let status = await f.session(replay, market: other).runScript(path: recording)
            let replayed = try await f.allProducts(other)
            let client = MarketClient(baseURL: other.baseURL, timeout: .seconds(600))
            let detail = try await client.product(id: try #require(replayed.first).id).value
            await other.stop()
            #expect(status == .ok, "\(replay.notes)")
            #expect(detail.description == "first line\nsecond line\twith a tab, it's")
        }
    }
}
