import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The roster in: `RosterFile`, `enrol`, the handout, reset-secret and list (Class/ClassRoster).
@Suite struct ClassRosterTests {
    @Test func readsKoreanNamesWithAHeaderQuotesAndABOM() throws {
        let text = "\u{FEFF}학번,이름\r\n2026001,김민준\r\n\"2026002\",\"이, 서연\"\r\n\r\n2026003,\"박\"\"지\"\"훈\"\r\n"
        let entries = try RosterFile.entries(Data(text.utf8))
        #expect(
            entries == [
                RosterEntry(name: "김민준", studentNumber: "2026001"), RosterEntry(name: "이, 서연", studentNumber: "2026002"),
                RosterEntry(name: "박\"지\"훈", studentNumber: "2026003"),
            ])
    }

    @Test func readsExcelsKoreanCSVAndAFileWithoutAHeader() throws {
        // "김민준,2026001\n" in CP949, as Korean Excel saves a CSV.
        let cp949: [UInt8] = [0xB1, 0xE8, 0xB9, 0xCE, 0xC1, 0xD8] + Array(",2026001\n".utf8)
        #expect(try RosterFile.entries(Data(cp949)) == [RosterEntry(name: "김민준", studentNumber: "2026001")])
    }

    @Test func refusesARepeatedNumberALineWithoutOneAndAnUnclosedQuote() {
        #expect(throws: RosterProblem.repeatedNumber("1", line: 3)) {
            try RosterFile.entries(Data("name,number\na,1\nb,1\n".utf8))
        }
        #expect(throws: RosterProblem.incomplete(line: 2)) { try RosterFile.entries(Data("a,1\nb\n".utf8)) }
        #expect(throws: RosterProblem.noStudents) { try RosterFile.entries(Data("이름,학번\n".utf8)) }
        #expect(throws: RosterProblem.unclosedQuote(line: 2)) {
            try RosterFile.entries(Data("이름,학번\n\"김민준,2026001\n이서연,2026002\n".utf8))
        }
    }

    /// A header the roster does not know is refused, not enrolled as a student named `Student`
    /// (there is no taking a student out); a number Excel shortened is refused with its line. A
    /// roster without a header still reads.
    @Test func refusesAnUnknownHeaderAndANumberExcelShortened() throws {
        #expect(throws: RosterProblem.unknownHeader(["Student", "Number"], line: 2)) {
            try RosterFile.entries(Data(",,\nStudent,Number\nKim,2026001\nLee,2026002\n".utf8))
        }
        // `ID` is a name for the number; a first student without a number is said so.
        #expect(try RosterFile.entries(Data("Name,Student ID\nKim,2026001\n".utf8)).count == 1)
        #expect(throws: RosterProblem.incomplete(line: 1)) { try RosterFile.entries(Data("김민준,\n이서연,2026002\n".utf8)) }
        #expect(throws: RosterProblem.shortenedNumber("2.026E+06", line: 3)) {
            try RosterFile.entries(Data("이름,학번\n김민준,2026001\n이서연,2.026E+06\n".utf8))
        }
        #expect(try RosterFile.entries(Data("Kim,2026001\nLee,A-2026002\n".utf8)).count == 2)
        #expect(
            RosterProblem.unknownHeader(["Student", "ID"], line: 1).message.english
                == "roster line 1 ('Student', 'ID') names its columns, none as the roster knows them: call them name "
                + "(or 이름, 성명) and student number (or number, 학번), or leave the line out")
    }

    /// Adding the roster again adds only the new student; two students of one name get vendor
    /// names told apart by their numbers; the handout holds each new student's secret, and that
    /// secret logs in.
    @Test func enrolsIdempotentlyAndTheHandoutsSecretsWork() async throws {
        try await TestMarket.with { market in
            let data = market.running.data
            let first = [
                RosterEntry(name: "김민준", studentNumber: "2026001"), RosterEntry(name: "김민준", studentNumber: "2026002"),
            ]
            let enrolled = try await data.enrol(first)
            #expect(enrolled.added.map(\.student.vendorName) == ["김민준 (2026001)", "김민준 (2026002)"])
            let again = try await data.enrol(first + [RosterEntry(name: "이서연", studentNumber: "2026003")])
            #expect(again.added.map(\.student.name) == ["이서연"])
            #expect(again.alreadyEnrolled.map(\.studentNumber) == ["2026001", "2026002"])
            #expect(again.otherName.isEmpty)
            let renamed = try await data.enrol([RosterEntry(name: "김민수", studentNumber: "2026001")])
            #expect(renamed.added.isEmpty && renamed.otherName.map(\.enrolled.name) == ["김민준"])
            #expect(renamed.otherName.map(\.roster.name) == ["김민수"])
            #expect(try await data.students().map(\.studentNumber) == ["2026001", "2026002", "2026003"])

            let html = ClassHandout.html(enrolled.added + again.added, market: "http://10.0.0.5:8080", language: .ko)
            #expect(html.components(separatedBy: "<section>").count == 4)
            #expect(html.contains("@page { size: A4"))
            for student in enrolled.added + again.added {
                #expect(html.contains(student.credentials.secret.revealed))
                #expect(html.contains("login \(student.student.identifier) --vendor-id \(student.student.vendorID) --save class"))
                let product = try await market.createProduct(as: student.credentials)
                #expect(product.vendor?.id == student.student.vendorID)
            }
            #expect(html.contains("$ openmarket --server http://10.0.0.5:8080"))
        }
    }

    @Test func resetSecretEndsTheOldOneAtOnce() async throws {
        try await TestMarket.with { market in
            let data = market.running.data
            let old = try await data.enrol([RosterEntry(name: "박지훈", studentNumber: "2026009")]).added[0]
            _ = try await market.createProduct(as: old.credentials)
            let new = try await data.resetSecret(of: "박지훈")
            #expect(new.credentials.secret.revealed != old.credentials.secret.revealed)
            let refused = await marketError { try await market.createProduct(as: old.credentials) }
            #expect(refused?.status == 401)
            _ = try await market.createProduct(as: new.credentials)
            await #expect(throws: RosterProblem.noSuchStudent("홍길동")) { try await data.resetSecret(of: "홍길동") }
        }
    }

    /// Without `--public-url` the handout gives 127.0.0.1:8080, and the program says so (before,
    /// nothing did, and the secrets are in that file only); with it, no note.
    @Test func withoutAPublicURLTheProgramSaysWhichAddressTheHandoutGives() async throws {
        let folder = try Fixtures.temporaryDirectory("class-add-address")
        defer { try? FileManager.default.removeItem(at: folder) }
        let roster = folder.appendingPathComponent("roster.csv")
        try Data("김민준,2026001\n".utf8).write(to: roster)
        let binary = BuiltProducts.path(of: "openmarket-server")
        let added = try await ChildProcess.run(
            binary, ["class", "add", roster.path, "--data", folder.appendingPathComponent("market").path],
            environment: ["LANG": "C.UTF-8"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stderr.contains("the handout gives the market as http://127.0.0.1:8080, which only this computer reaches"),
            "\(added.stderr)")
        let given = try await ChildProcess.run(
            binary,
            [
                "class", "add", roster.path, "--data", folder.appendingPathComponent("other").path, "--public-url",
                "http://10.0.0.5:8080",
            ],
            environment: ["LANG": "C.UTF-8"])
        #expect(given.status == 0 && !given.stderr.contains("note:"), "\(given.stderr)")
    }

    /// The program: `class add` writes the handout 0600 in a 0700 folder of the data directory
    /// and never over a file (saying so in the reader's language), `class list` shows no secret,
    /// adding again adds nobody, and a number enrolled under another name is kept and said.
    @Test func theProgramWritesTheHandoutForItsOwnerAlone() async throws {
        let folder = try Fixtures.temporaryDirectory("class-add")
        defer { try? FileManager.default.removeItem(at: folder) }
        let roster = folder.appendingPathComponent("roster.csv")
        try Data("이름,학번\n김민준,2026001\n이서연,2026002\n".utf8).write(to: roster)
        let data = folder.appendingPathComponent("market")
        let binary = BuiltProducts.path(of: "openmarket-server")
        let english = ["LANG": "C.UTF-8"]
        let added = try await ChildProcess.run(
            binary, ["class", "add", roster.path, "--data", data.path, "--public-url", "http://10.0.0.5:8080"],
            environment: english)
        #expect(added.status == 0, "\(added.stderr)")
        let handouts = data.appendingPathComponent("handouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: handouts.path)
        #expect(files.count == 1)
        let handout = handouts.appendingPathComponent(files[0])
        #expect(added.stdout.contains("2 students added, 0 already enrolled"))
        #expect(added.stdout.contains(handout.path))
        #expect(try FileManager.default.attributesOfItem(atPath: handout.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: handouts.path)[.posixPermissions] as? Int == 0o700)
        let html = try String(contentsOf: handout, encoding: .utf8)
        #expect(html.contains("김민준") && html.contains("이서연") && !added.stdout.contains("secret:"))

        let list = try await ChildProcess.run(
            binary, ["class", "list", "--data", data.path], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == 3 && list.stdout.hasPrefix("학번"))
        #expect(!list.stdout.contains("secret"))
        let again = try await ChildProcess.run(binary, ["class", "add", roster.path, "--data", data.path], environment: english)
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 students added, 2 already enrolled") && again.stdout.contains("nobody new"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: handouts.path) == files)
        let clash = folder.appendingPathComponent("roster2.csv")
        try Data("최하은,2026003\n".utf8).write(to: clash)
        let refused = try await ChildProcess.run(
            binary, ["class", "add", clash.path, "--data", data.path, "--handout", handout.path],
            environment: ["LANG": "ko_KR.UTF-8"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "openmarket-server: \(handout.path) 파일이 이미 있습니다. 안내문은 있는 파일을 덮어쓰지 않으니 새 파일 이름을 주세요\n")
        // Refused before anyone was enrolled: no secret was made that no handout shows.
        let listed = try await ChildProcess.run(binary, ["class", "list", "--data", data.path], environment: english)
        #expect(!listed.stdout.contains("최하은"))
        // A number enrolled under another name: kept as enrolled, and the teacher is told.
        let renamed = folder.appendingPathComponent("roster3.csv")
        try Data("김민수,2026001\n".utf8).write(to: renamed)
        let warned = try await ChildProcess.run(
            binary, ["class", "add", renamed.path, "--data", data.path], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(warned.status == 0)
        #expect(warned.stdout.hasPrefix("새 학생이 없습니다(이미 있는 학생 1명)\n"))
        #expect(warned.stderr == "명단의 김민수(2026001): 이 학번은 이미 김민준 학생으로 등록되어 있어 그대로 둡니다\n")
    }

    /// A folder without a market is one sentence in the reader's language, naming the folder.
    @Test func theProgramSaysAFolderHasNoMarketInTheReadersLanguage() async throws {
        let folder = try Fixtures.temporaryDirectory("class-no-market")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("nothing").path
        let binary = BuiltProducts.path(of: "openmarket-server")
        for command in [["list"], ["reset-secret", "2026001"], ["board"]] {
            let refused = try await ChildProcess.run(
                binary, ["class"] + command + ["--data", empty], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(refused.status == 1)
            #expect(
                refused.stderr
                    == "openmarket-server: \(empty)에 마켓이 없습니다(market.sqlite가 없습니다). 'openmarket-server --data \(empty)' 명령으로 새로 시작하세요\n"
            )
        }
    }
}
