import Foundation
import OpenMarketContract

/// What to complete: ready candidates, or a file path (which the line editor lists, since it
/// owns the file-name rules), re-prefixed with `prefix` (`image=`).
public enum CompletionAnswer: Sendable, Equatable {
    case candidates(word: String, [(text: String, hint: String?)])
    case path(word: String, pathPart: String, prefix: String)

    public static func == (a: CompletionAnswer, b: CompletionAnswer) -> Bool {
        switch (a, b) {
        case (.candidates(let w1, let c1), .candidates(let w2, let c2)):
            w1 == w2 && c1.map(\.text) == c2.map(\.text) && c1.map(\.hint) == c2.map(\.hint)
        case (.path(let w1, let p1, let x1), .path(let w2, let p2, let x2)): w1 == w2 && p1 == p2 && x1 == x2
        default: false
        }
    }
}

extension ShellIndex {
    /// TAB completion for the line up to the cursor, from the commands' specs: command names,
    /// flags, fields, file paths after `image=` and for path arguments, ids this session has
    /// seen (with names as hints), profile names, settings, variables.
    public func complete(_ lineBeforeCursor: String) -> CompletionAnswer {
        let word = String(lineBeforeCursor.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
        let before = String(lineBeforeCursor.dropLast(word.count))
        let previous = (try? WordSplitter.split(before)) ?? before.split(separator: " ").map { Word(String($0)) }
        if let dollar = word.lastIndex(of: "$") { return variable(in: word, at: dollar) }
        guard let commandWord = previous.first?.text else { return matching(registry.specs.map(\.name), word) }
        // Nothing typed yet after a method: a path comes next only after one in capitals (`PATCH ⇥`);
        // `patch ⇥` is the command, whose ids come next.
        let methodInCapitals = previous.count == 1 && commandWord.utf8.allSatisfy { !(97...122).contains($0) }
        if let raw = registry.rawRequest(previous + [Word(word.isEmpty && methodInCapitals ? "/" : word)]) {
            return rawRequest(word, position: previous.count - 1, spec: raw.spec)
        }
        guard let spec = registry.find(commandWord)?.spec else { return .candidates(word: word, []) }
        if word.hasPrefix(ProductField.image.key), spec.fields.contains(.image) {
            return .path(
                word: word, pathPart: String(word.dropFirst(ProductField.image.key.count)), prefix: ProductField.image.key)
        }
        if let field = spec.fields.first(where: { word.hasPrefix($0.key) }), let choices = field.choices {
            return matching(choices.map { field.key + $0 }, word)
        }
        if let answer = flagValue(word, after: previous, spec: spec) { return answer }
        // A flag or a field already on the line is not offered again (`image=` may repeat).
        let given = Set(
            previous.dropFirst().map { $0.text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0.text })
        let flags = spec.flags.map(\.name).filter { !given.contains($0) }
        if word.hasPrefix("-") { return matching(flags, word) }
        let position = previous.count - 1
        // `delete 3 4⇥`: ids go on being offered while every word so far is one and this one
        // is a number (an empty word after an id offers fields and flags, as before).
        let typedWords = previous.dropFirst()
        if spec.takesSeveralIDs, typedWords.allSatisfy({ Int($0.text) != nil }),
            typedWords.isEmpty || (!word.isEmpty && word.allSatisfy(\.isNumber))
        {
            let typed = Set(typedWords.compactMap { Int($0.text) })
            let ids = seenProducts.filter { !typed.contains($0.id) && String($0.id).hasPrefix(word) }
            return .candidates(word: word, ids.map { (String($0.id), $0.name) })
        }
        if position < spec.positional.count, let answer = positional(spec.positional[position], word, previous) {
            return answer
        }
        let fields = spec.fields.filter { $0 == .image || !given.contains($0.rawValue) }.map(\.key).filter { $0.hasPrefix(word) }
        return .candidates(word: word, fields.map { ($0, nil) } + (word.isEmpty ? flags.map { ($0, nil) } : []))
    }

    /// The value of a flag that takes one of a set, from its declaration: `list --format ⇥`,
    /// `list --sort -pr⇥`, `exchange 3 --as=cu⇥`.
    private func flagValue(_ word: String, after previous: [Word], spec: CommandSpec) -> CompletionAnswer? {
        if previous.count > 1, let last = previous.last, !last.wasQuoted, let flag = spec.flag(last.text),
            !flag.choices.isEmpty
        {
            return matching(flag.choices, word)
        }
        let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let flag = spec.flag(String(parts[0])), !flag.choices.isEmpty else { return nil }
        return matching(flag.choices.map { flag.name + "=" + $0 }, word)
    }

    private func positional(_ slot: CommandSpec.Slot, _ word: String, _ previous: [Word]) -> CompletionAnswer? {
        switch slot {
        case .productID, .productIDs:
            let ids = seenProducts.filter { String($0.id).hasPrefix(word) }
            return .candidates(word: word, ids.map { (String($0.id), $0.name) })
        case .path: return .path(word: word, pathPart: word, prefix: "")
        case .profile: return matching(profiles.names(), word)
        case .command: return matching(registry.specs.map(\.name), word)
        case .setting(let settings): return matching(settings.keys.sorted(), word)
        case .word:
            // The value of a setting (`set output ⇥`).
            guard previous.count >= 2, case .setting(let settings)? = registry.find(previous[0].text)?.spec.positional.first,
                let values = settings[previous[1].text]
            else { return nil }
            return matching(values, word)
        default: return nil
        }
    }

    /// After a method: the API's paths, with the ids seen (`/api/products/12`); then the
    /// items a request usually needs, and file paths after `images@`.
    private func rawRequest(_ word: String, position: Int, spec: CommandSpec) -> CompletionAnswer {
        if position == 0 {
            let products = seenProducts.map { ("/api/products/\($0.id)", Optional($0.name)) }
            let paths = RawRequests.paths.map { ($0, String?.none) } + products
            return .candidates(word: word, paths.filter { $0.0.hasPrefix(word) })
        }
        if let at = word.firstIndex(of: "@"), !word[..<at].contains("="), !word[..<at].contains(":") {
            let prefix = String(word[...at])
            return .path(word: word, pathPart: String(word[word.index(after: at)...]), prefix: prefix)
        }
        return matching(["secret=@secret"] + spec.flags.map(\.name), word)
    }

    private func matching(_ options: [String], _ word: String) -> CompletionAnswer {
        .candidates(word: word, options.filter { $0.hasPrefix(word) }.map { ($0, nil) })
    }

    /// `$na⇥` and `${na⇥` anywhere in a word (`price=${mug.price}`).
    private func variable(in word: String, at dollar: String.Index) -> CompletionAnswer {
        let start = word.index(after: dollar)
        let braced = word[start...].hasPrefix("{")
        let partial = word[(braced ? word.index(after: start) : start)...]
        let head = String(word[..<dollar]) + (braced ? "${" : "$")
        let names = variableNames.filter { $0.hasPrefix(partial) }
        return .candidates(word: word, names.map { (head + $0 + (braced ? "}" : ""), nil) })
    }
}
