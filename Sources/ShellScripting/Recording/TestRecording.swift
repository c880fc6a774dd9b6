import Foundation
import OpenMarketContract
import SellerShell
import Synchronization

/// `record FILE --as-test`: the recording written as a test that `openmarket test` grades
/// against. After each command, `expect` lines inferred from its answer: a raw request's status,
/// and the fields it set as the answer has them (`expect ${response.body.price} == 6000`); a
/// product a command made or changed, the fields it set (`expect ${p1.stock} == 4`). What an
/// answer gave that a later line sends back (an `ETag`, a delete URI) becomes a variable set
/// right after that answer (`set etag1 ${response.headers.etag}`), and a product made in the
/// recording is named in a raw request's path too (`/api/products/$p1`), so that the test
/// replays on a market with other ids, tags and dates. The file is written when the recording
/// stops, since a value is known to be sent back only later.
final class TestRecording: Sendable {
    /// A command's lines, the variables set from its answer, its checks.
    private struct Block {
        var lines: [String]
        var sets: [String] = []
        var expects: [String] = []
    }

    /// A value an answer gave: the block it came in, how a script reads it there, the name
    /// prefix of its variable, and the variable once a later line sent it back.
    private struct Answered {
        var block: Int
        var source: String
        var prefix: String
        var name: String?
    }

    private struct State {
        var blocks: [Block] = []
        var answered: [String: Answered] = [:]
        var names: Set<String> = []
    }

    private let state = Mutex(State())

    /// How many commands are written.
    var count: Int { state.withLock { $0.blocks.count } }

    /// Adds the lines one command was written as.
    func append(_ lines: [String]) { state.withLock { $0.blocks.append(Block(lines: lines)) } }

    /// The whole script, each command followed by its variables and checks.
    func render() -> [String] {
        state.withLock { state in state.blocks.flatMap { $0.lines + $0.sets + $0.expects } }
    }

    /// A raw request's words as the test writes them: a value an earlier answer gave as its
    /// variable, a product made in the recording (`byID`) by its name in the path. Nil for any
    /// other command (written as the recorder writes it). `isUsed`: names the session or the
    /// recording has already.
    func words(of command: any ShellCommand, byID: [Int: String], isUsed: (String) -> Bool) -> [ScriptWord]? {
        guard command is any PlannedRawRequest else { return nil }
        return state.withLock { state in
            command.words.enumerated().map { index, word in
                if index == 1 { return Self.path(word, byID: byID, state: &state, isUsed: isUsed) }
                guard index > 1, let item = RequestItem(word), state.answered[item.value] != nil else { return .word(word) }
                let name = Self.variable(for: item.value, state: &state, isUsed: isUsed)
                return .reference(WordQuoting.quote(Word(item.key + item.kind.rawValue)) + "$" + name)
            }
        }
    }

    /// A raw request's path: an answered value (a delete URI) as its variable, or a product
    /// made in the recording by its name.
    private static func path(_ word: Word, byID: [Int: String], state: inout State, isUsed: (String) -> Bool) -> ScriptWord {
        if state.answered[word.text] != nil { return .reference("$" + variable(for: word.text, state: &state, isUsed: isUsed)) }
        let prefix = "/api/products/"
        guard word.text.hasPrefix(prefix), !word.text.contains("?") else { return .word(word) }
        let rest = word.text.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let id = Int(digits), let name = byID[id] else { return .word(word) }
        let after = String(rest.dropFirst(digits.count))
        return .reference(prefix + "$" + name + (after.isEmpty ? "" : WordQuoting.quote(Word(after))))
    }

    /// The variable an answered value is kept in, set after its answer the first time it is
    /// sent back.
    private static func variable(for value: String, state: inout State, isUsed: (String) -> Bool) -> String {
        guard var answered = state.answered[value] else { return "" }
        if let name = answered.name { return name }
        var counter = 1
        while isUsed("\(answered.prefix)\(counter)") || state.names.contains("\(answered.prefix)\(counter)") { counter += 1 }
        let name = "\(answered.prefix)\(counter)"
        state.names.insert(name)
        answered.name = name
        state.answered[value] = answered
        state.blocks[answered.block].sets.append("set \(name) \(answered.source)")
        return name
    }

    /// The checks after the command last appended, from its answer: a raw request's status and
    /// the fields its body set; a product made or changed (named `product` in the recording),
    /// the fields the command set.
    func expect(after command: any ShellCommand, outcome: CommandOutcome, product: String?) {
        state.withLock { state in
            guard !state.blocks.isEmpty else { return }
            let last = state.blocks.count - 1
            if let answer = outcome.answer {
                state.blocks[last].expects = Self.checks(of: answer, command: command)
                remember(answer, block: last, state: &state)
            } else if let result = outcome.product, let product, [.created, .changed].contains(result.effect),
                let document = JSONValue.parse(result.document)
            {
                state.blocks[last].expects = Self.fieldsSet(by: command).compactMap { key in
                    Self.check("${\(product).\(key)}", document.value(at: [key]))
                }
            }
        }
    }

    /// What a raw answer gave that a later line may send back: its `ETag`, and a delete URI.
    private func remember(_ answer: RawAnswer, block: Int, state: inout State) {
        if let etag = answer.headers["ETag"], !etag.isEmpty, state.answered[etag] == nil {
            state.answered[etag] = Answered(block: block, source: "${response.headers.etag}", prefix: "etag")
        }
        let body = String(decoding: answer.body, as: UTF8.self)
        let plain = answer.headers["Content-Type"]?.lowercased().hasPrefix("text/plain") == true
        if (200..<300).contains(answer.status), plain, body.hasPrefix("/"), !body.contains(where: \.isWhitespace) {
            state.answered[body] = Answered(block: block, source: "${response.body}", prefix: "uri")
        }
    }

    /// A raw answer's checks: the status, then each field its body set, as the answer has it.
    private static func checks(of answer: RawAnswer, command: any ShellCommand) -> [String] {
        var lines = ["expect ${response.status} == \(answer.status)"]
        guard (200..<300).contains(answer.status), let document = JSONValue.parse(answer.body) else { return lines }
        let keys = command.words.dropFirst(2).compactMap(RequestItem.init).filter { [.text, .json].contains($0.kind) }.map(\.key)
        let fields = Set(ProductField.allCases.map(\.wireName))
        lines += keys.filter(fields.contains).compactMap { check("${response.body.\($0)}", document.value(at: [$0])) }
        return lines
    }

    /// The wire names of the fields a shell command set (`register`, `patch`, `stock`).
    private static func fieldsSet(by command: any ShellCommand) -> [String] {
        let scalar: Set<String> = ["name", "description", "price", "currency", "discounted_price", "stock"]
        let fields: [ProductField] =
            switch command {
            case let register as Register: register.fields.order
            case let patch as Patch: patch.order
            case is Stock: [.stock]
            default: []
            }
        return fields.map(\.wireName).filter(scalar.contains)
    }

    /// `expect REFERENCE == VALUE` for a number or a text (quoted), nil for anything else.
    private static func check(_ reference: String, _ value: JSONValue?) -> String? {
        switch value {
        case .number(let number)?: "expect \(reference) == \(number)"
        case .string(let text)?: "expect \"\(reference)\" == \(WordQuoting.quote(Word(text, wasQuoted: true)))"
        case .bool(let flag)?: "expect \(reference) == \(flag)"
        default: nil
        }
    }
}
