/// How many single-character edits turn one word into another, counting a swap of two
/// neighbours as one (`lsit` → `list` is 1): the optimal string alignment distance.
///
/// Written here because it is a dozen lines and only ever compares a typed word with the
/// command names; no kept library offers it.
enum EditDistance {
    /// How far a typed word may be from a name for the name to be offered: none for one letter
    /// (`y` after a question, a stray `2`: every one-letter alias is one edit from it), one edit
    /// for a word of two or three letters, two for a longer one.
    static func limit(for typed: String) -> Int { typed.count <= 1 ? 0 : typed.count <= 3 ? 1 : 2 }

    /// The names closest to a mistyped `typed` (`prise` → `price`, `--mien` → `--mine`): within
    /// `limit(for:)`, only those at the least distance, at most three; none when nothing is close.
    static func closest(to typed: String, among names: [String]) -> [String] {
        let word = typed.lowercased()
        let scored = names.map { ($0, between(word, $0.lowercased())) }.filter { $0.1 <= limit(for: word) }
        guard let best = scored.map(\.1).min() else { return [] }
        return scored.filter { $0.1 == best }.map(\.0).sorted().prefix(3).map { $0 }
    }

    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
