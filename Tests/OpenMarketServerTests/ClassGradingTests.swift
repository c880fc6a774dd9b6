import Foundation
import HTTPTypes
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Homework graded from what the market saw (Class/Assignment, Class/ClassGrading).
@Suite struct ClassGradingTests {
    @Test func readsTheExampleAssignment() throws {
        let assignment = try Assignment.parse(ScriptedClass.assignmentText)
        #expect(assignment.title == "과제 2: 조건부 요청")
        #expect(assignment.steps.map(\.id) == ClassStep.allCases.map(\.rawValue))
        #expect(
            assignment.steps[0].conditions == [.method("POST"), .route("/api/products"), .status(201), .photosAtLeast(2)])
        #expect(assignment.steps[0].label == "사진 2장으로 상품을 등록했다")
        #expect(assignment.steps[4].conditions == [.status(403), .own(false)])
    }

    /// The example assignment as a Windows editor or a Korean Excel saves it: `\r\n` line ends,
    /// with a byte order mark, or in CP949. Each reads as the UTF-8 file does (before, `\r\n` made
    /// the file one line, and every step after the first was lost without a word).
    @Test(arguments: ["crlf", "bom", "cp949"])
    func anAssignmentSavedOnWindowsReadsAsTheSame(saved: String) throws {
        let text = ScriptedClass.assignmentText
        let windows = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: "\r\n")
        let bytes: Data =
            switch saved {
            case "crlf": Data(windows.utf8)
            case "bom": Data([0xEF, 0xBB, 0xBF]) + Data(windows.utf8)
            default: try #require(try Self.cp949(windows))
            }
        let read = try Assignment.parse(try #require(KoreanExcelText.decode(bytes)?.text))
        let expected = try Assignment.parse(text)
        #expect(read.title == expected.title)
        #expect(read.steps.map(\.id) == expected.steps.map(\.id))
        #expect(read.steps.map(\.conditions) == expected.steps.map(\.conditions))
        #expect(read.steps.map(\.label) == expected.steps.map(\.label))
    }

    /// `text` in CP949, by iconv.
    static func cp949(_ text: String) throws -> Data? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cp949-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("utf8.txt")
        try Data(text.utf8).write(to: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "CP949", source.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    @Test func namesTheLineOfEachProblem() {
        let cases: [(String, ClassMessage)] = [
            ("title = x\nstep a = status=200\nstep a = GET", .assignmentStepRepeated(line: 3, name: "a")),
            ("step a = PATCH iff-match", .assignmentWordUnknown(line: 1, word: "iff-match")),
            ("# only a comment\nsteps", .assignmentLineUnknown(line: 2)),
            ("step a! = GET", .assignmentStepName(line: 1, name: "a!")),
            ("step a = | words only", .assignmentStepEmpty(line: 1)),
            ("title = nothing to do", .assignmentEmpty),
            ("step a = status=7xx", .assignmentWordUnknown(line: 1, word: "status=7xx")),
            // A slip of a route or a reason made a step nobody could do (every student scored 0).
            ("step a = PATCH /api/product/{id}", .assignmentWordUnknown(line: 1, word: "/api/product/{id}")),
            ("step a = error=changedSinceread", .assignmentWordUnknown(line: 1, word: "error=changedSinceread")),
            ("step a = error=", .assignmentWordUnknown(line: 1, word: "error=")),
            ("\nstep a = if-match no-if-match", .assignmentStepImpossible(line: 2, first: "if-match", second: "no-if-match")),
            ("step a = GET status=201 POST", .assignmentStepImpossible(line: 1, first: "GET", second: "POST")),
            ("step a = status=4xx own status=201", .assignmentStepImpossible(line: 1, first: "status=4xx", second: "status=201")),
        ]
        for (text, message) in cases {
            #expect(throws: AssignmentProblem(line: message == .assignmentEmpty ? 0 : Self.line(message), message: message)) {
                try Assignment.parse(text)
            }
        }
    }

    /// Every reason the activity record keeps is one `error=NAME` may ask for, and no other: the
    /// cases are read from MarketMessage.swift, so a case added to neither list fails here. And
    /// every route the activity record names is one a step may name.
    @Test func everyReasonTheMarketGivesIsOneAStepMayAskFor() throws {
        let source = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/OpenMarketServer/HTTP/MarketMessage.swift"),
            encoding: .utf8)
        let cases = source.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    case ") else { return nil }
            return String(line.dropFirst(9).prefix { $0.isLetter || $0.isNumber })
        }
        #expect(cases.count > 30)
        #expect(Set(cases) == MarketMessage.reasonNames.union(MarketMessage.refusedUnrecorded))
        #expect(MarketMessage.reasonNames.isDisjoint(with: MarketMessage.refusedUnrecorded))
        #expect(StepCondition(word: "error=statusPhrase") == nil)
        #expect(StepCondition(word: "error=changedSinceRead") == .error("changedSinceRead"))
        let paths: [(HTTPRequest.Method, String, ActivityRoute, Int?)] = [
            (.get, "/healthChecker", .healthChecker, nil), (.get, "/openapi.json", .openAPI, nil), (.get, "/api", .api, nil),
            (.get, "/", .root, nil), (.post, "/api/products", .products, nil), (.get, "/api/products/3", .product, 3),
            (.get, "/api/products/abc", .product, nil), (.delete, "/api/products/abc", .deleteToken, nil),
            (.post, "/api/products/3/archived", .archived, 3), (.post, "/api/products/3/secret", .secret, 3),
            (.delete, "/api/products/3/x", .productWithSecret, 3), (.get, "/products/3", .storefront, 3),
            (.get, "/images/1/2/a.jpg", .image, nil), (.get, "/images", .image, nil), (.get, "/nope/nope", .other, nil),
            (.get, "/products", .other, nil), (.get, "/api/products/3/secret/more", .other, nil),
        ]
        for (method, path, route, id) in paths {
            let found = ActivityRoute.of(method: method, path: path)
            #expect(found.route == route && found.productID == id, "\(path): \(found)")
        }
        // Every route a step may name is one a request can be recorded under, and a step takes each.
        #expect(Set(paths.map(\.2)) == Set(ActivityRoute.allCases))
        for route in ActivityRoute.allCases {
            #expect(StepCondition(word: route.rawValue) == .route(route.rawValue))
        }
    }

    static func line(_ message: ClassMessage) -> Int {
        switch message {
        case .assignmentStepRepeated(let line, _), .assignmentWordUnknown(let line, _), .assignmentStepName(let line, _):
            line
        case .assignmentLineUnknown(let line), .assignmentStepEmpty(let line), .assignmentStepImpossible(let line, _, _): line
        default: 0
        }
    }

    /// A change with a secret that did not verify never counts, even when the rest matches; a
    /// GET needs none.
    @Test func aChangeCountsOnlyWithTheStudentsOwnSecret() throws {
        let step = try Assignment.parse("step a = status=412").steps[0]
        let base = ActivityRecord(
            time: Date(), vendorID: 5, authenticated: true, method: "PATCH", route: "/api/products/{id}", status: 412)
        var forged = base
        forged.authenticated = false
        #expect(step.isDone(by: base) && !step.isDone(by: forged))
        let conditional = try Assignment.parse("step b = GET status=304 if-none-match").steps[0]
        var get = base
        (get.method, get.status, get.authenticated, get.ifNoneMatch) = ("GET", 304, false, true)
        #expect(conditional.isDone(by: get))
    }

    /// The issue's "Done when": a roster of 30 enrolled, 30 scripted students against one market
    /// (some doing each step, some not, some with planted mistakes), and `class grade` gives
    /// exactly the planted grades, printed, as CSV and as JUnit.
    @Test func gradesThirtyScriptedStudentsExactlyAsPlanted() async throws {
        let folder = try Fixtures.temporaryDirectory("class-grade")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = ScriptedClass.plan(30)
        try await TestMarket.with { market in
            let classmate = try await market.createProduct(name: "선생님 머그")
            let enrolment = try await market.running.data.enrol(plan.map(\.entry))
            #expect(enrolment.added.count == 30)
            let logins = Dictionary(uniqueKeysWithValues: enrolment.added.map { ($0.student.studentNumber, $0.credentials) })
            let started = ContinuousClock.now
            try await ScriptedClass.run(plan, credentials: logins, on: market.baseURL, classmate: classmate.id)
            print("class-grade: 30 scripted students took \(ContinuousClock.now - started)")

            let assignment = try Assignment.parse(ScriptedClass.assignmentText)
            let grades = try await market.running.data.grade(assignment)
            for (grade, student) in zip(grades, plan) {
                #expect(Set(grade.done.keys) == Set(student.steps.map(\.rawValue)), "\(student.entry.studentNumber)")
            }
            let later = try await market.running.data.grade(assignment, since: Date(timeIntervalSinceNow: 60))
            #expect(later.count == 30 && later.allSatisfy(\.done.isEmpty))
            try await market.running.data.activity.flush()
            try await Self.checkTheProgram(plan, folder: folder, data: market.directory, enrolled: enrolment.added)
        }
    }

    static func checkTheProgram(
        _ plan: [ScriptedStudent], folder: URL, data: URL, enrolled: [EnrolledStudent]
    ) async throws {
        let file = folder.appendingPathComponent("homework2.txt")
        try Data(ScriptedClass.assignmentText.utf8).write(to: file)
        let csv = folder.appendingPathComponent("grades.csv")
        let junit = folder.appendingPathComponent("grades.xml")
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            BuiltProducts.path(of: "openmarket-server"),
            [
                "class", "grade", file.path, "--data", data.path, "--since", "2000-01-01", "--report-csv", csv.path,
                "--report-junit", junit.path,
            ], environment: ["LANG": "ko_KR.UTF-8"])
        print("class-grade: openmarket-server class grade for 30 students took \(ContinuousClock.now - started)")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 33)
        let steps = ClassStep.allCases
        var expected = ["student_number,name,vendor_id," + steps.map(\.rawValue).joined(separator: ",") + ",done,steps"]
        for (student, enrolled) in zip(plan, enrolled) {
            let marks = steps.map { student.steps.contains($0) ? "1" : "0" }
            expected.append(
                "\(student.entry.studentNumber),\(student.entry.name),\(enrolled.student.vendorID),"
                    + marks.joined(separator: ",") + ",\(student.steps.count),5")
            let line = lines.first { $0.hasPrefix(student.entry.studentNumber) } ?? ""
            #expect(line.contains("5단계 중 \(student.steps.count)단계"), "\(line)")
        }
        #expect(try String(contentsOf: csv, encoding: .utf8) == expected.joined(separator: "\r\n") + "\r\n")
        let complete = plan.filter { $0.steps.count == 5 }.count
        #expect(lines[30] == "학생 30명 중 \(complete)명이 5단계를 모두 마쳤습니다")
        let missing = plan.reduce(0) { $0 + 5 - $1.steps.count }
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="150" failures="\#(missing)""#))
        // Some students do each step and some do not; some do all, one none.
        for step in steps {
            #expect(plan.contains { $0.steps.contains(step) } && plan.contains { !$0.steps.contains(step) })
        }
        #expect(complete > 0 && plan.contains { $0.steps.isEmpty })
    }

    /// `--since` that is not a time, an assignment with a mistake and a report that cannot be
    /// written are one line each naming what is wrong, in the reader's language.
    @Test func theProgramRefusesABadTimeABadAssignmentAndAnUnwritableReport() async throws {
        let folder = try Fixtures.temporaryDirectory("class-grade-refusals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = BuiltProducts.path(of: "openmarket-server")
        let data = folder.appendingPathComponent("market")
        let roster = folder.appendingPathComponent("roster.csv")
        try Data("김민준,2026001\n".utf8).write(to: roster)
        _ = try await ChildProcess.run(
            binary, ["class", "add", roster.path, "--data", data.path], environment: ["LANG": "C.UTF-8"])
        let good = folder.appendingPathComponent("good.txt")
        try Data(ScriptedClass.assignmentText.utf8).write(to: good)
        let time = try await ChildProcess.run(
            binary, ["class", "grade", good.path, "--since", "yesterday", "--data", data.path], environment: ["LANG": "C.UTF-8"])
        #expect(time.status == 1)
        #expect(
            time.stderr
                == "openmarket-server: 'yesterday' is not a time: give 2026-03-02, 2026-03-02T09:00 or 2026-03-02T09:00:00+09:00\n"
        )
        let bad = folder.appendingPathComponent("bad.txt")
        try Data("title = x\nstep a = PATCH iff-match\n".utf8).write(to: bad)
        let refused = try await ChildProcess.run(
            binary, ["class", "grade", bad.path, "--data", data.path], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "openmarket-server: 2번째 줄: 조건이 아닙니다(입력: 'iff-match'). docs/teaching.md의 \"Assignments\" 절을 보세요\n")
        let nowhere = folder.appendingPathComponent("no-such-folder/grades.csv").path
        let unwritten = try await ChildProcess.run(
            binary, ["class", "grade", good.path, "--report-csv", nowhere, "--data", data.path],
            environment: ["LANG": "ko_KR.UTF-8"])
        #expect(unwritten.status == 1 && unwritten.stdout.isEmpty)
        #expect(
            unwritten.stderr
                == "openmarket-server: 성적표를 \(nowhere) 파일에 쓸 수 없습니다. 폴더가 있는지, 그 폴더에 쓸 권한이 있는지 확인하세요\n")
        let graded = try await ChildProcess.run(
            binary, ["class", "grade", good.path, "--since", "2026-03-02T09:00", "--data", data.path],
            environment: ["LANG": "C.UTF-8"])
        #expect(graded.status == 0)
        #expect(
            graded.stdout.hasPrefix(
                "2026001       김민준          0/5 steps       missing: photos if-match met-412 delete met-403\n"))
        // An offset without seconds, as the help's "or with an offset" reads (it was not a time).
        let offset = try await ChildProcess.run(
            binary, ["class", "grade", good.path, "--since", "2026-03-02T09:00+09:00", "--data", data.path],
            environment: ["LANG": "C.UTF-8"])
        #expect(offset.status == 0, "\(offset.stderr)")
    }
}
