import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import Testing

@testable import ShellScripting

/// The whole-script check asks what the run will: no more (the photos of lines a resumed run
/// skips) and no less (a variable holding the secret, a `register` without a required field).
@Suite struct ScriptCheckFixesTests {
    static let describe = "description='A product made by the check tests'"

    /// A run stopped after a `register` was sent; its photo was deleted since. `--resume` skips
    /// that line, so its photo is not read: the run goes on from the line that failed.
    @Test func resumeDoesNotReadThePhotosOfLinesAlreadyDone() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg", as: "a.jpg")
            func text(_ third: String) -> String {
                """
                set price 10
                register name=First \(Self.describe) price=$price currency=KRW image=a.jpg as first
                \(third)
                """
            }
            let path = try f.script("resume.om", text("patch $first stock=${first.colour}"))
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .usage, "\(console.notes)")
            try FileManager.default.removeItem(at: f.directory.appendingPathComponent("a.jpg"))
            try f.script("resume.om", text("patch $first stock=4"))
            let resumed = RecordingConsole()
            let status = await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true))
            #expect(status == .ok, "\(resumed.notes)")
            #expect(!resumed.notes.contains("a.jpg"), "\(resumed.notes)")
            #expect(try await f.allProducts().first { $0.name == "First" }?.stock == 4)
        }
    }
}

extension ScriptCheckFixesTests {
    /// A variable known before the run that holds the vendor secret fails its line when it runs:
    /// the check says so first, with that line, and nothing is sent.
    @Test func aKnownVariableHoldingTheSecretFailsTheCheck() async throws {
        try await ScriptCheckTests.withCountingServer { server, directory in
            let script = """
                set s a-secret-of-the-shop
                show 4
                patch 4 description=$s
                """
            let (status, notes, path) = try await ScriptCheckTests.run(script + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            #expect(notes.contains("\(path):3: patch: ${s} holds the vendor secret"), "\(notes)")
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
        }
    }
}

extension ScriptCheckFixesTests {
    /// A script's `register` without a required field or without a photo fails when it runs
    /// (no one is there to ask): the check names what each leaves out, and nothing is sent.
    @Test func aRegisterWithoutARequiredFieldOrAPhotoFailsTheCheck() async throws {
        try await ScriptCheckTests.withCountingServer { server, directory in
            let script = """
                show 4
                register name=Mug \(Self.describe) price=3000 image=mug.jpg
                register name=Cup \(Self.describe) price=3000 currency=KRW
                register name=Pot price=3000 image=mug.jpg
                register name=Jar \(Self.describe) price=3000 currency=KRW image=mug.jpg
                """
            let (status, notes, path) = try await ScriptCheckTests.run(script + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            #expect(notes.contains("\(path):2: register: currency= is required"), "\(notes)")
            #expect(notes.contains("\(path):3: register: image= is required"), "\(notes)")
            #expect(notes.contains("\(path):4: register: description= is required"), "\(notes)")
            #expect(notes.components(separatedBy: "register: currency= is required").count == 3, "\(notes)")
            #expect(!notes.contains("\(path):5:") && !notes.contains("\(path):1:"), "\(notes)")
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
        }
    }
}

extension ScriptCheckFixesTests {
    /// A JPEG over the upload limit that libvips cannot read says both (an import's rows are
    /// checked by the same probe): that it is too large, and that it cannot be shrunk, and why.
    @Test func aTooLargeDamagedPhotoSaysBothWhatIsWrongAndWhy() async throws {
        try await ScriptCheckTests.withCountingServer { server, directory in
            let big = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x41, count: UploadRules.maxImageBytes + 1000)
            try big.write(to: directory.appendingPathComponent("big.jpg"))
            let script = "register name=Mug \(Self.describe) price=3000 currency=KRW image=big.jpg\n"
            let (status, notes, path) = try await ScriptCheckTests.run(script, in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            let said = try #require(
                notes.split(separator: "\n").first { $0.hasPrefix("\(path):1: register: image 1 (big.jpg): ") })
            #expect(said.contains("limit per image, and it cannot be read to shrink it: "), "\(said)")
            #expect(!said.hasSuffix("cannot be read to shrink it: "), "\(said)")
            #expect(server.received.isEmpty)
        }
    }
}

extension ScriptCheckFixesTests {
    /// A script runs on its client's loop; the file it sources is checked before its lines run,
    /// its photos probed off that loop (as `register` reads them), which it would hold up.
    @Test func aSourcedFilesPhotosAreProbedOffTheClientsLoop() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let executor = try #require(AsyncHTTPClientTransport.shared.taskExecutor as? EventLoopTaskExecutor)
            let spy = SpyTransport(taskExecutor: executor) { request, timeout in try await SpyTransport.market(request, timeout) }
            try f.script("inner.om", "register name=Inner \(Self.describe) price=10 currency=KRW image=coffee-small.jpg\n")
            let path = try f.script("outer.om", "list --mine\nsource inner.om\n")
            let probes = Mutex<[Bool]>([])
            let console = RecordingConsole()
            let status = await PhotoCheck.$probing.withValue({ probes.withLock { $0.append(executor.isCurrent) } }) {
                await f.session(console, transport: spy).runScript(path: path)
            }
            #expect(status == .ok, "\(console.notes)")
            // The sourced file's check, the one photo probed (the outer script names none).
            #expect(probes.withLock { $0 } == [false], "on the loop: \(probes.withLock { $0 })")
        }
    }

    /// A run given `--var price=…` stops after using it; resumed without the `--var` (as the
    /// docs say to), the lines done are not run again, so the name they read is not asked for.
    @Test func aResumeNeedsNoVarThatOnlyDoneLinesRead() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg", as: "a.jpg")
            func text(_ second: String) -> String {
                "register name=First \(Self.describe) price=$price currency=KRW image=a.jpg as first\n\(second)\n"
            }
            let path = try f.script("var.om", text("patch $first stock=${first.colour}"))
            let first = RecordingConsole()
            #expect(await f.session(first, variables: ["price": "3500"]).runScript(path: path) == .usage, "\(first.notes)")
            try f.script("var.om", text("patch $first stock=4"))
            let resumed = RecordingConsole()
            let status = await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true))
            #expect(status == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts().first { $0.name == "First" }?.stock == 4)
        }
    }

    /// A command that goes to the market without returning a product itself may still name one
    /// `last` (an `import` runs a command a row): `$last` after it is not said undefined.
    @Test func lastAfterAnImportIsNotSaidUndefined() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("import.om", "import nothing-here.csv\nshow $last\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) != .ok)
            #expect(console.notes.contains("nothing-here.csv: no such file"), "\(console.notes)")
            #expect(!console.notes.contains("is undefined"), "\(console.notes)")
            let early = try f.script("early.om", "set x 1\nshow $last\n")
            let said = RecordingConsole()
            #expect(await f.session(said).runScript(path: early) == .usage)
            #expect(said.notes.contains("\(early):2: show: $last is undefined"), "\(said.notes)")
        }
    }

    /// A variable whose value is no product id is said as that: the `$` hint is for a name typed
    /// bare (`show abc` → `$abc`), and `show $id` holding `abc` suggested `$abc`, which the
    /// seller never wrote.
    @Test func aVariableHoldingNoProductIDIsNotToldToTakeADollar() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("held.om", "set id abc\nshow $id\ndelete price --yes\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .usage)
            #expect(
                console.notes.contains("\(path):2: show: 'abc' is not a product id (a whole number like 12)"), "\(console.notes)")
            #expect(!console.notes.contains("$abc"), "\(console.notes)")
            // Typed bare, the hints stay.
            #expect(console.notes.contains("\(path):3: delete: 'price' is a field, not a product id"), "\(console.notes)")
        }
    }
}

extension ScriptCheckFixesTests {
    /// A `delete` without `--yes` asks first, and `edit` needs a terminal: where no one is there
    /// to answer, each stopped the run at its line, after the lines before it were sent. The
    /// check names them (a variable's line too) and nothing is sent.
    @Test func aDeleteWithoutYesOrAnEditFailsTheCheckWhereNoOneAnswers() async throws {
        try await ScriptCheckTests.withCountingServer { server, directory in
            let script = """
                show 4
                register name=Mug \(Self.describe) price=3000 currency=KRW image=mug.jpg as mug
                delete $mug
                rm 4 5
                edit 4
                delete 4 --yes
                delete $mug 5 --yes
                """
            let (status, notes, path) = try await ScriptCheckTests.run(script + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            #expect(
                notes.contains(
                    "\(path):3: delete: asks before deleting, and a script stops to ask only under --step in a terminal: add --yes"
                ),
                "\(notes)")
            #expect(notes.contains("\(path):4: delete: asks before deleting"), "\(notes)")
            #expect(notes.contains("\(path):5: edit: needs a terminal to open an editor"), "\(notes)")
            for good in [1, 2, 6, 7] { #expect(!notes.contains("\(path):\(good):"), "\(notes)") }
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
        }
    }

    /// With someone to answer (a script run at the prompt), the check leaves a `delete` to ask
    /// when its line runs, as it did.
    @Test func withSomeoneToAnswerADeleteAsksWhenItsLineRuns() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg", as: "a.jpg")
            let path = try f.script(
                "ask.om",
                """
                register name=Kept \(Self.describe) price=10 currency=KRW image=a.jpg as kept
                delete $kept
                """)
            let console = RecordingConsole(interactive: true, answers: ["n"])
            let status = await f.session(console).runScript(path: path)
            #expect(status == .ok, "\(console.notes)")
            #expect(console.notes.contains("? delete #"), "\(console.notes)")
            #expect(try await f.allProducts().contains { $0.name == "Kept" })
        }
    }
}
