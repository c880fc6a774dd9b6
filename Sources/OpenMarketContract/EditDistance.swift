/// How far one short name is from another, in single-letter edits: what a slip is told by (a
/// catalog's `prce` for `price`, a script's `${mug.stok}` for `stock`). Written here, not taken
/// from a library: ArgumentParser's own suggestion distance is internal to it, and the names
/// compared are a few letters, where the plain dynamic programme is enough.
public enum EditDistance {
    /// Levenshtein distance over scalars.
    public static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The name of `names` a slip of `typed` is most likely meant to be: one edit away (two for a
    /// name longer than five letters), `typed` itself not among them; nil when none is.
    public static func slip(_ typed: String, of names: [String]) -> String? {
        let key = Array(typed.unicodeScalars)
        guard key.count >= 3, !names.contains(typed) else { return nil }
        let allowed = key.count > 5 ? 2 : 1
        return names.first { between(key, Array($0.unicodeScalars)) <= allowed }
    }
}
