import Foundation

/// Homework as the market can observe it: steps, each a condition on one request a student sent
/// (see docs/teaching.md, "Assignments"). A step is done when any of the student's requests
/// meets every condition of its line.
///
/// ```
/// # Homework 2: conditional edits
/// title = 과제 2: 조건부 수정
/// step photos   = POST /api/products status=201 photos>=2 | 사진 2장으로 상품을 등록했다
/// step if-match = PATCH status=202 if-match own        | If-Match로 가격을 바꿨다
/// step met-412  = status=412                           | 412를 만났다
/// step delete   = DELETE status=200 own                | 자기 상품을 지웠다
/// step met-403  = status=403 classmate                 | 친구 상품에서 403을 만났다
/// ```
public struct Assignment: Sendable, Hashable {
    public var title: String
    public var steps: [AssignmentStep]

    public init(title: String, steps: [AssignmentStep]) {
        self.title = title
        self.steps = steps
    }
}

/// One step: its id (what the gradebook's columns are named), its words for people, and the
/// conditions one request must meet.
public struct AssignmentStep: Sendable, Hashable {
    public var id: String
    public var label: String
    public var conditions: [StepCondition]

    /// Whether `record` does this step: every condition holds, and a request that changes
    /// something (not GET or HEAD) carried the student's own secret, unless the step says
    /// `unverified` (a 401 step).
    public func isDone(by record: ActivityRecord) -> Bool {
        let safe = record.method == "GET" || record.method == "HEAD"
        if !safe, !record.authenticated, !conditions.contains(.unverified) { return false }
        return conditions.allSatisfy { $0.holds(for: record) }
    }
}

/// One word of a step's line.
public enum StepCondition: Sendable, Hashable {
    case method(String)
    /// A route template, e.g. `/api/products/{id}`.
    case route(String)
    case status(Int)
    /// A class of statuses: 2 for `2xx`.
    case statusClass(Int)
    case photosAtLeast(Int)
    case ifMatch(Bool)
    case ifNoneMatch(Bool)
    /// The product was the student's own (true) or a classmate's (false).
    case own(Bool)
    /// The market's reason for a refusal, e.g. `changedSinceRead`.
    case error(String)
    /// Every part of a create declared its type.
    case typedParts
    /// The secret was not in the URL or a header.
    case secretInPlace
    /// Counts a request whose secret did not verify.
    case unverified

    func holds(for record: ActivityRecord) -> Bool {
        switch self {
        case .method(let method): record.method == method
        case .route(let route): record.route == route
        case .status(let status): record.status == status
        case .statusClass(let hundreds): record.status / 100 == hundreds
        case .photosAtLeast(let count): (record.photoCount ?? 0) >= count
        case .ifMatch(let present): record.ifMatch == present
        case .ifNoneMatch(let present): record.ifNoneMatch == present
        case .own(let own): record.ownProduct == own
        case .error(let code): record.errorCode == code
        case .typedParts: record.partsTyped == true
        case .secretInPlace: !record.secretMisplaced
        case .unverified: true
        }
    }
}

/// What is wrong with an assignment file, by line.
public struct AssignmentProblem: Error, Sendable, Equatable {
    public var line: Int
    public var message: ClassMessage
}

extension Assignment {
    /// Reads an assignment file: `# comments`, one `title = …` line, and `step ID = WORDS | label`
    /// lines. Every problem is named by its line.
    ///
    /// Lines are split at each `\n` scalar: split by `Character`, a Windows file's `\r\n` (one
    /// grapheme) was no line break at all, and its steps after the first were lost without a word.
    public static func parse(_ text: String) throws(AssignmentProblem) -> Assignment {
        var assignment = Assignment(title: "", steps: [])
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, scalars) in lines.enumerated() {
            let line = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
            let number = index + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw AssignmentProblem(line: number, message: .assignmentLineUnknown(line: number))
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if key == "title" {
                assignment.title = value
                continue
            }
            let keyWords = key.split(separator: " ", omittingEmptySubsequences: true)
            guard keyWords.count == 2, keyWords[0] == "step" else {
                throw AssignmentProblem(line: number, message: .assignmentLineUnknown(line: number))
            }
            let id = String(keyWords[1])
            guard id.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" })
            else { throw AssignmentProblem(line: number, message: .assignmentStepName(line: number, name: id)) }
            if assignment.steps.contains(where: { $0.id == id }) {
                throw AssignmentProblem(line: number, message: .assignmentStepRepeated(line: number, name: id))
            }
            assignment.steps.append(try step(id: id, value, line: number))
        }
        guard !assignment.steps.isEmpty else { throw AssignmentProblem(line: 0, message: .assignmentEmpty) }
        return assignment
    }

    private static func step(id: String, _ value: String, line: Int) throws(AssignmentProblem) -> AssignmentStep {
        let halves = value.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let label = halves.count > 1 ? halves[1].trimmingCharacters(in: .whitespaces) : ""
        var conditions: [(condition: StepCondition, word: String)] = []
        for word in halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
            guard let condition = StepCondition(word: word) else {
                throw AssignmentProblem(line: line, message: .assignmentWordUnknown(line: line, word: word))
            }
            if let earlier = conditions.first(where: { $0.condition.contradicts(condition) }) {
                throw AssignmentProblem(
                    line: line, message: .assignmentStepImpossible(line: line, first: earlier.word, second: word))
            }
            conditions.append((condition, word))
        }
        guard !conditions.isEmpty else { throw AssignmentProblem(line: line, message: .assignmentStepEmpty(line: line)) }
        return AssignmentStep(id: id, label: label.isEmpty ? id : label, conditions: conditions.map(\.condition))
    }
}

extension StepCondition {
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PATCH", "DELETE", "PUT", "OPTIONS"]

    /// One word of a step's line: `PATCH`, `/api/products/{id}`, `status=412`, `status=4xx`,
    /// `photos>=2`, `if-match`, `no-if-match`, `if-none-match`, `no-if-none-match`, `own`,
    /// `classmate`, `error=NAME`, `typed-parts`, `secret-in-place`, `unverified`. A route is one
    /// the activity record names (an `ActivityRoute`) and a reason one the market gives
    /// (`MarketMessage.reasonNames`): a slip of either (`/api/product/{id}`,
    /// `error=changedSinceread`) made a step nobody could do, and every student scored 0 on it.
    init?(word: String) {
        if Self.methods.contains(word) {
            self = .method(word)
        } else if word.hasPrefix("/") {
            guard ActivityRoute(rawValue: word) != nil else { return nil }
            self = .route(word)
        } else if word.hasPrefix("status="), let condition = Self.status(String(word.dropFirst(7))) {
            self = condition
        } else if word.hasPrefix("photos>="), let count = Int(word.dropFirst(8)), count >= 0 {
            self = .photosAtLeast(count)
        } else if word.hasPrefix("error="), MarketMessage.reasonNames.contains(String(word.dropFirst(6))) {
            self = .error(String(word.dropFirst(6)))
        } else if let plain = Self.plainWords[word] {
            self = plain
        } else {
            return nil
        }
    }

    private static let plainWords: [String: StepCondition] = [
        "if-match": .ifMatch(true), "no-if-match": .ifMatch(false), "if-none-match": .ifNoneMatch(true),
        "no-if-none-match": .ifNoneMatch(false), "own": .own(true), "classmate": .own(false),
        "typed-parts": .typedParts, "secret-in-place": .secretInPlace, "unverified": .unverified,
    ]

    /// Whether no one request can meet both this and `other`: two methods, routes, statuses or
    /// reasons, a status outside the other's class, or a header (or the product's owner) both
    /// asked for and refused.
    func contradicts(_ other: StepCondition) -> Bool {
        switch (self, other) {
        case (.method(let a), .method(let b)), (.route(let a), .route(let b)), (.error(let a), .error(let b)): a != b
        case (.status(let a), .status(let b)), (.statusClass(let a), .statusClass(let b)): a != b
        case (.status(let code), .statusClass(let hundreds)), (.statusClass(let hundreds), .status(let code)):
            code / 100 != hundreds
        case (.ifMatch(let a), .ifMatch(let b)), (.ifNoneMatch(let a), .ifNoneMatch(let b)), (.own(let a), .own(let b)):
            a != b
        default: false
        }
    }

    private static func status(_ text: String) -> StepCondition? {
        if let code = Int(text), (100...599).contains(code) { return .status(code) }
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 3, let first = Int(String(scalars[0])), (1...5).contains(first),
            scalars[1] == "x", scalars[2] == "x"
        {
            return .statusClass(first)
        }
        return nil
    }
}
