import SellerShell

/// `WordSplitter.split` over any line. Invariants: without `$'…'` it never loses or invents a
/// character that is not its syntax (white space, quotes, backslash), counted in Unicode
/// scalars, because joining the pieces of a word may merge them into different grapheme
/// clusters (ᄀ''ᅡ is one word 가); `$'…'` turns escapes into characters, so there only the second
/// holds: every word, written back with `WordSplitter.quote` (as recordings do), splits into
/// the same words again.
enum WordSplitterTarget {
    static let syntax: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "'", "\"", "\\"]

    @Sendable static func run(_ input: [UInt8]) {
        let line = String(decoding: input, as: UTF8.self)
        guard let words = try? WordSplitter.split(line) else { return }
        // Searched on UTF-8 bytes, as the splitter reads scalars: `$'` followed by a combining
        // mark is not `$'` to `String.contains`, but it is an ANSI-C quote.
        if line.utf8.firstRange(of: "$'".utf8) == nil {
            let kept = words.flatMap { $0.text.unicodeScalars }.filter { !syntax.contains($0) }.map(\.value).sorted()
            let given = line.unicodeScalars.filter { !syntax.contains($0) }.map(\.value).sorted()
            invariant(kept == given, "split \(line.debugDescription) into \(words.map(\.text)), changing its characters")
        }
        let written = words.map { WordQuoting.quote($0.text) }.joined(separator: " ")
        let again = (try? WordSplitter.split(written))?.map(\.text)
        invariant(
            again == words.map(\.text),
            "\(words.map(\.text)) written back as \(written.debugDescription) splits into \(again ?? [])")
    }
}
