import Foundation
import OpenMarketContract
import SellerShell

/// `expect LEFT OP RIGHT`: checks the results so far (`expect ${mug.stock} == 5`); a script
/// stops when it is false. A dry run's answers are made up, so there it checks nothing.
struct Expect: ShellCommand {
    static let commandNames = CommandNames("expect")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.expect,
        usage: "expect VALUE ==|!=|<|<=|>|>= VALUE",
        examples: ["register … as mug", "expect ${mug.stock} == 5", "expect ${last.bargain_price} == 3400"],
        positional: [.word, .word, .word],
        tooManyWords: ScriptHelp.expectTooManyWords,
        effect: .none, recording: .asTyped, rawWords: true)

    var expectation: Expectation

    init(parsing arguments: Arguments) throws(CommandFailure) {
        expectation = try Expectation(arguments.positional)
    }

    var words: [Word] {
        [
            Word(Self.spec.name), Word(expectation.left, wasQuoted: true), Word(expectation.op.rawValue),
            Word(expectation.right, wasQuoted: true),
        ]
    }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        if !context.dryRun, !expectation.holds { throw CommandFailure.failed(expectation.failure) }
        return CommandOutcome()
    }
}

/// `expect LEFT OP RIGHT`: numbers compare as numbers (`3400 == 3400.0`), anything else as text.
struct Expectation {
    enum Operator: String, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
    }

    var left: String
    var op: Operator
    var right: String

    init(_ words: [Word]) throws(CommandFailure) {
        guard words.count == 3 else { throw .usage(ScriptMessage.expectUsage.text) }
        guard let op = Operator(rawValue: words[1].text), !words[1].wasQuoted else {
            throw .usage(ScriptMessage.notAComparison(words[1].text).text)
        }
        self.left = words[0].text
        self.op = op
        self.right = words[2].text
    }

    var holds: Bool {
        let posix = Locale(identifier: "en_US_POSIX")
        if let a = Decimal(string: left, locale: posix), let b = Decimal(string: right, locale: posix),
            Self.isNumber(left), Self.isNumber(right)
        {
            return compare(a, b)
        }
        return compare(left, right)
    }

    private func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }

    /// Decimal(string:) accepts a leading number in "12abc"; only whole numbers count here.
    static func isNumber(_ text: String) -> Bool {
        text.range(of: #"^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    var failure: String {
        ScriptMessage.expectFailed(left: Self.show(left), op: op.rawValue, right: Self.show(right)).text
    }

    static func show(_ value: String) -> String { isNumber(value) ? value : "'\(value)'" }
}
