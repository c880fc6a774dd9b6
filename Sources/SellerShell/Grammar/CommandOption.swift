import OpenMarketContract
import TerminalText

/// One `--flag` of a command, declared once in the command's file, in its `options` list: its
/// name, what it takes, its one-line help, and the property its value lives in (a key path).
/// The spec's flags (`flags: options.map(\.flag)`, which help, TAB completion and the argument
/// check read), the parse (`arguments.apply(Self.options, to: &self)`) and the write-back as
/// words (`Self.options.words(of: self)`) all come from it, as swift-argument-parser's `@Option`
/// and `@Flag` do from a property declaration.
public struct CommandOption<Command>: Sendable {
    /// What the spec, help and completion say of it.
    public let flag: CommandSpec.Flag
    /// Sets the command's property from what was given; a bad value is a usage failure.
    private let read: @Sendable (inout Command, FlagValue) throws(CommandFailure) -> Void
    /// The words after the name that write the property back; nil when nothing is written (a
    /// bare flag that is off, a value not given, one a replay must not repeat).
    private let write: @Sendable (Command) -> [Word]?

    /// An option made of its parts; the factories (`flag`, `text`, `number`, `value`) cover the
    /// usual kinds.
    public init(
        _ flag: CommandSpec.Flag, read: @escaping @Sendable (inout Command, FlagValue) throws(CommandFailure) -> Void,
        write: @escaping @Sendable (Command) -> [Word]?
    ) {
        self.flag = flag
        self.read = read
        self.write = write
    }

    public var name: String { flag.name }

    /// Sets what `given` says on `command`.
    public func apply(_ given: FlagValue, to command: inout Command) throws(CommandFailure) {
        try read(&command, given)
    }

    /// The flag and its value as words, when the command holds one to write.
    public func words(of command: Command) -> [Word] {
        write(command).map { [Word(name)] + $0 } ?? []
    }
}

extension CommandOption {
    /// A flag that takes no value (`--yes`): when given it sets `keyPath` to `value` (one given a
    /// value, `--yes=no`, is refused before: `Arguments`); written back when the command holds
    /// `value` (`--no-resize` sets `resize` to false and is written while it is false).
    public static func flag(
        _ name: String, _ keyPath: WritableKeyPath<Command, Bool> & Sendable, setting value: Bool = true, help: any Spoken
    ) -> Self {
        Self(
            CommandSpec.Flag(name, help: help), read: { command, _ in command[keyPath: keyPath] = value },
            write: { $0[keyPath: keyPath] == value ? [] : nil })
    }

    /// `--last N`: only the newest N of a listing (`exchanges`, `changes`), N a count from 1.
    public static func last(_ keyPath: WritableKeyPath<Command, Int?> & Sendable, help: any Spoken) -> Self {
        .value(
            "--last", keyPath, kind: .number, placeholder: "N", help: help,
            parse: { text throws(CommandFailure) in
                guard let count = Int(text), count > 0 else {
                    throw .usage(Message.lastTakesACount(got: TerminalText.visible(String(text.prefix(40)))).text)
                }
                return count
            }, write: { Word(String($0)) })
    }

    /// A value read by `parse` (which refuses a bad one with its own message) into an optional
    /// property, and written back by `write` while the property holds one.
    public static func value<Value: Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Command, Value?> & Sendable, kind: CommandSpec.FlagKind = .name,
        placeholder: String, choices: [String] = [], range: ClosedRange<Int>? = nil, help: any Spoken,
        parse: @escaping @Sendable (String) throws(CommandFailure) -> Value, write: @escaping @Sendable (Value) -> Word
    ) -> Self {
        Self(
            CommandSpec.Flag(name, kind: kind, placeholder: placeholder, choices: choices, range: range, help: help),
            read: { command, given throws(CommandFailure) in
                command[keyPath: keyPath] = try parse(try Self.text(of: given, name))
            },
            write: { command in command[keyPath: keyPath].map { [write($0)] } })
    }

    /// A value read by `parse` into a property that holds `standard` when the flag is not given,
    /// written back by `write` when it holds anything else (`--jobs 8`, not `--jobs 4`).
    public static func value<Value: Sendable & Equatable>(
        _ name: String, _ keyPath: WritableKeyPath<Command, Value> & Sendable, unless standard: Value,
        kind: CommandSpec.FlagKind = .name, placeholder: String, choices: [String] = [], range: ClosedRange<Int>? = nil,
        help: any Spoken, parse: @escaping @Sendable (String) throws(CommandFailure) -> Value,
        write: @escaping @Sendable (Value) -> Word
    ) -> Self {
        Self(
            CommandSpec.Flag(name, kind: kind, placeholder: placeholder, choices: choices, range: range, help: help),
            read: { command, given throws(CommandFailure) in
                command[keyPath: keyPath] = try parse(try Self.text(of: given, name))
            },
            write: { command in command[keyPath: keyPath] == standard ? nil : [write(command[keyPath: keyPath])] })
    }

    /// Text taken as typed (`--search TEXT`, `--report FILE`), written back quoted.
    public static func text(
        _ name: String, _ keyPath: WritableKeyPath<Command, String?> & Sendable, kind: CommandSpec.FlagKind = .text,
        placeholder: String = "TEXT", help: any Spoken
    ) -> Self {
        .value(
            name, keyPath, kind: kind, placeholder: placeholder, help: help, parse: { $0 }, write: { Word($0, wasQuoted: true) })
    }

    /// A whole number in `range` (`--per-page N`); anything else is refused as
    /// `--per-page must be 1 to 1000 (got 'x')`.
    public static func number(
        _ name: String, _ keyPath: WritableKeyPath<Command, Int?> & Sendable, in range: ClosedRange<Int>, help: any Spoken
    ) -> Self {
        .value(
            name, keyPath, kind: .number, placeholder: "N", range: range, help: help,
            parse: { text throws(CommandFailure) in try wholeNumber(text, for: name, in: range) }, write: { Word(String($0)) })
    }

    /// `text` as a whole number in `range`, or `NAME must be A to B (got 'text')` with at most
    /// `shown` characters of it.
    public static func wholeNumber(
        _ text: String, for name: String, in range: ClosedRange<Int>, shown: Int = 40
    ) throws(CommandFailure) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw .usage(
                Message.numberOutOfRange(
                    name: name, low: range.lowerBound, high: range.upperBound,
                    got: TerminalText.visible(String(text.prefix(shown)))
                ).text)
        }
        return number
    }

    /// This option on a command that holds a `Command` at `path` (`search` takes `list`'s
    /// `--per-page` as it is).
    public func within<Outer>(_ path: WritableKeyPath<Outer, Command> & Sendable) -> CommandOption<Outer> {
        let (read, write) = (self.read, self.write)
        return CommandOption<Outer>(
            flag, read: { outer, given throws(CommandFailure) in try read(&outer[keyPath: path], given) },
            write: { write($0[keyPath: path]) })
    }

    /// Written back only when `condition` holds of the command (`--yes` only where it means
    /// something; never `login --save`, as a replay must not write profiles).
    public func writtenBack(when condition: @escaping @Sendable (Command) -> Bool) -> Self {
        let write = self.write
        return Self(flag, read: read, write: { condition($0) ? write($0) : nil })
    }

    /// The value given; a flag that takes one and came alone is refused (the argument check
    /// refuses it first, so this is for options read another way).
    private static func text(of given: FlagValue, _ name: String) throws(CommandFailure) -> String {
        guard let text = given.text else { throw .usage(Message.needsValue(name).text) }
        return text
    }
}

extension Array {
    /// Each option the command holds, with its value, as words, in the order declared.
    public func words<Command>(of command: Command) -> [Word] where Element == CommandOption<Command> {
        flatMap { $0.words(of: command) }
    }
}

extension Arguments {
    /// Sets on `command` each of `options` that was given, in the order they are declared (so the
    /// first bad value in that order is the one refused).
    public func apply<Command>(_ options: [CommandOption<Command>], to command: inout Command) throws(CommandFailure) {
        for option in options {
            guard let given = flags[option.name] else { continue }
            try option.apply(given, to: &command)
        }
    }

    /// For a command that takes its words as they come (`source FILE --step`, `GET PATH
    /// --no-auth`): each unquoted word that is one of `options` (flags that take no value) is set
    /// on `command` and taken out; the other words are answered, in order.
    public func takeOptions<Command>(
        _ options: [CommandOption<Command>], into command: inout Command
    ) throws(CommandFailure) -> [Word] {
        var rest: [Word] = []
        for word in positional {
            guard !word.wasQuoted, let option = options.first(where: { $0.name == word.text }) else {
                rest.append(word)
                continue
            }
            try option.apply(.bare, to: &command)
        }
        return rest
    }
}
