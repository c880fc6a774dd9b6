import Foundation
import SellerShell

/// What one expanded line asks for: a shell command (maybe naming its product), or one of the
/// commands the scripting layer runs itself.
enum Statement {
    case command([Word], bindAs: String?)
    case setVariable(String, String)
    case expect(Expectation)
    case source(String)
    case record(String, all: Bool)
    case recordStop
    case listVariables

    /// The commands whose product `as NAME` can name.
    static let productCommands: Set<String> = ["show", "register", "patch", "stock", "delete"]

    static func parse(_ words: [Word]) throws(StatementError) -> Statement {
        guard let first = words.first else { return .command([], bindAs: nil) }
        let name = first.wasQuoted ? "" : first.text
        switch name {
        case "set" where words.count >= 2 && !["output", "trace"].contains(words[1].text):
            guard words.count == 3 else { throw .usage("set NAME VALUE (quote a value with spaces)") }
            if let problem = ScriptVariables.checkName(words[1].text) { throw .usage(problem) }
            return .setVariable(words[1].text, words[2].text)
        case "expect":
            return .expect(try Expectation(Array(words.dropFirst())))
        case "source", ".":
            guard words.count == 2 else { throw .usage("source FILE") }
            return .source(words[1].text)
        case "record":
            if words.count == 2, words[1].text == "stop", !words[1].wasQuoted { return .recordStop }
            let rest = words.dropFirst()
            let all = rest.contains { $0.text == "--all" && !$0.wasQuoted }
            let files = rest.filter { !($0.text == "--all" && !$0.wasQuoted) }
            if let flag = files.first(where: { $0.text.hasPrefix("--") && !$0.wasQuoted }) { throw .usage("unknown option \(flag.text)") }
            guard files.count == 1 else { throw .usage("record FILE [--all], or record stop") }
            return .record(files[0].text, all: all)
        case "vars":
            guard words.count == 1 else { throw .usage("vars takes no arguments") }
            return .listVariables
        default:
            // `… as NAME` at the end of a command names the product it returns.
            if words.count >= 3, words[words.count - 2].text == "as", !words[words.count - 2].wasQuoted {
                let bound = words[words.count - 1].text
                if let problem = ScriptVariables.checkName(bound) { throw .usage(problem) }
                let command = CommandNames.canonical(name)
                guard let command, productCommands.contains(command) else {
                    throw .usage("'as \(bound)' names a product, and '\(name)' returns none (show, register, patch, stock and delete do)")
                }
                return .command(Array(words.dropLast(2)), bindAs: bound)
            }
            return .command(words, bindAs: nil)
        }
    }
}

struct StatementError: Error {
    var message: String
    static func usage(_ message: String) -> StatementError { StatementError(message: message) }
}

/// `expect LEFT OP RIGHT`: numbers compare as numbers (`3400 == 3400.0`), anything else as text.
struct Expectation {
    enum Operator: String, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
    }

    var left: String
    var op: Operator
    var right: String

    init(_ words: [Word]) throws(StatementError) {
        let usage = "expect VALUE OP VALUE, with OP one of == != < <= > >= (e.g. expect ${mug.stock} == 5)"
        guard words.count == 3 else {
            if words.count > 3 { throw .usage("expect takes three words; quote a value with spaces. \(usage)") }
            throw .usage(usage)
        }
        guard let op = Operator(rawValue: words[1].text), !words[1].wasQuoted else {
            throw .usage("'\(words[1].text)' is not a comparison. \(usage)")
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
        "expected \(Self.show(left)) \(op.rawValue) \(Self.show(right))"
    }

    static func show(_ value: String) -> String { isNumber(value) ? value : "'\(value)'" }
}
