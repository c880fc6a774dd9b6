import ShellScripting

/// `ScriptArguments.parse`: the words after `openmarket test` and `openmarket run` (the program's
/// own arguments), split from the input at NUL bytes; byte 0 picks the verb. Nothing is run.
/// Invariants: it never traps; what it accepts has files, none of them an option (a word
/// starting with `-` is a file only after `--`), and a time limit within its bounds; what it
/// refuses is said in one line, the words' control characters made visible.
enum ScriptArgumentsTarget {
    @Sendable static func run(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let verb: ScriptArguments.Verb = first & 1 == 0 ? .test : .run
        let words = input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        do {
            let parsed = try ScriptArguments.parse(verb, words)
            invariant(!parsed.files.isEmpty, "\(words) parsed with no files")
            let afterEnd = words.firstIndex(of: "--").map { Set(words[($0 + 1)...]) } ?? []
            for file in parsed.files where file.hasPrefix("-") && file != "-" {
                invariant(afterEnd.contains(file), "option \(file.debugDescription) taken as a file from \(words)")
            }
            if let limit = parsed.timeLimit { invariant((1...86_400).contains(limit), "time limit \(limit) from \(words)") }
            invariant(verb == .test || parsed.files.count == 1, "run took \(parsed.files.count) files from \(words)")
        } catch {
            let text = error.description
            invariant(
                !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "refusal \(text.debugDescription) holds a control character")
        }
    }
}
