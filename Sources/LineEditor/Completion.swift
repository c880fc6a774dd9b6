import CEditLine
import Foundation
import TerminalText

/// What TAB does with a completer's answer, decided apart from libedit so it can be tested.
enum CompletionPlan: Equatable {
    /// Insert this text at the cursor.
    case insert(String)
    /// Replace the word before the cursor (candidates that spell it differently, e.g. by case).
    case replaceWord(String)
    /// Print these lines below the edited line, then redraw it.
    case list([String])
    case beep

    static func make(word: String, candidates: [Completion], columns: Int) -> CompletionPlan {
        var seen = Set<String>()
        let unique = candidates.filter { seen.insert($0.text).inserted }
        guard !unique.isEmpty else { return .beep }

        let common = commonPrefix(unique.map(\.text))
        let wordScalars = Array(word.unicodeScalars)
        let commonScalars = Array(common.unicodeScalars)
        // A finished word gets a space so the next one can be typed at once; a folder does not,
        // so completion can carry on inside it, and neither does a `key=` whose value comes next.
        let ending = unique.count == 1 && !common.hasSuffix("/") && !common.hasSuffix("=") ? " " : ""

        if commonScalars.starts(with: wordScalars) {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: commonScalars.dropFirst(wordScalars.count))
            let addition = String(rest) + ending
            if !addition.isEmpty {
                return .insert(addition)
            }
        } else if !common.isEmpty {
            return .replaceWord(common + ending)
        }
        return .list(listLines(unique, columns: columns))
    }

    /// The longest common prefix in whole characters, compared scalar by scalar so the text
    /// inserted is exactly what the candidates contain.
    static func commonPrefix(_ texts: [String]) -> String {
        guard var prefix = texts.first.map({ Array($0) }) else { return "" }
        for text in texts.dropFirst() {
            var length = 0
            for (a, b) in zip(prefix, text) {
                guard a.unicodeScalars.elementsEqual(b.unicodeScalars) else { break }
                length += 1
            }
            prefix.removeSubrange(length...)
        }
        return String(prefix)
    }

    /// Candidates with hints one per line (`12  우유병 텀블러`), so each hint stays next to its
    /// text; plain candidates in columns, ordered down then across like `ls`.
    static func listLines(_ candidates: [Completion], columns: Int) -> [String] {
        let textWidth = candidates.map { displayWidth($0.text) }.max() ?? 0
        if candidates.contains(where: { $0.hint != nil }) {
            return candidates.map { candidate in
                guard let hint = candidate.hint, !hint.isEmpty else { return candidate.text }
                return padded(candidate.text, to: textWidth) + "  " + hint
            }
        }
        let gap = 2
        // The last column is never used: writing there makes some terminals wrap early.
        let perRow = max(1, (max(columns, 1) - 1 + gap) / (textWidth + gap))
        let rows = (candidates.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            var line = ""
            var column = 0
            while row + column * rows < candidates.count {
                let text = candidates[row + column * rows].text
                let isLast = row + (column + 1) * rows >= candidates.count
                line += isLast ? text : padded(text, to: textWidth + gap)
                column += 1
            }
            return line
        }
    }

    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }

    /// Terminal columns: Hangul and other wide characters take two, combining marks none.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let width = Int(cel_wcwidth(scalar.value))
            if width >= 0 {
                return total + width
            }
            // wcwidth knows nothing outside a UTF-8 locale: the project's own table then.
            return total + TerminalText.width(of: scalar)
        }
    }
}

/// File-path candidates for a partial path (for `image=` completion): "dir/" suffix for folders,
/// hides dotfiles unless the word's last component starts with ".", expands a leading "~" to
/// look the folder up while the candidates keep the word's own spelling (`~/Pictures/`).
public func pathCandidates(_ word: String) -> [Completion] {
    let slash = word.lastIndex(of: "/")
    let folderPart = slash.map { String(word[...$0]) } ?? ""
    let namePrefix = slash.map { String(word[word.index(after: $0)...]) } ?? word

    if folderPart.isEmpty, namePrefix.hasPrefix("~") {
        // "~" alone names the home folder; "~user" lookups are left to the shell.
        return namePrefix == "~" ? [Completion("~/")] : []
    }

    let folder = folderPart.isEmpty ? "." : expandingTilde(folderPart)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let showHidden = namePrefix.hasPrefix(".")
    return
        names
        .filter { name in
            name.unicodeScalars.starts(with: namePrefix.unicodeScalars) && (showHidden || !name.hasPrefix("."))
        }
        .map { name in
            var isFolder: ObjCBool = false
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return Completion(folderPart + name + (isFolder.boolValue ? "/" : ""))
        }
        .sorted { $0.text < $1.text }
}

private func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    return home + path.dropFirst()
}
