import Foundation
import OpenMarketContract

/// The text `edit ID` opens in the editor: comment lines saying what to do, one `key: value`
/// line per field, and the description last as a block of lines indented by two spaces.
///
/// A one-line value is written as it is, unless it holds a control character, starts or ends
/// with white space, or starts with `$'`: then it is written `$'…'` with escapes (as the shell's
/// own quoting), so a name from the server holding a line break cannot start a field of its
/// own. Written by hand: the format is a dozen lines of rules that no package offers.
public struct ProductDocument: Sendable, Equatable {
    /// The fields in the order written, description last.
    public static let fields: [ProductField] = [.name, .price, .currency, .discount, .stock, .thumbnail, .description]

    /// Each field's value, typed (`price` → 3400); a field left out of a saved document is unset.
    public var values: ProductChanges

    public init(values: ProductChanges) { self.values = values }

    /// The product's editable fields as the document shows them.
    public init(_ product: Product) {
        let thumbnail = product.images?.first { $0.thumbnailURL == product.thumbnail || $0.url == product.thumbnail }
        values = ProductChanges(
            name: product.name, description: product.description, thumbnailID: thumbnail?.id, price: product.price,
            currency: product.currency, discountedPrice: product.discountedPrice, stock: product.stock)
    }

    /// A field's value as the document writes it (`3400`); nil when it has none.
    public func text(_ field: ProductField) -> String? { field.value(in: values)?.plainText }

    /// Why a document cannot be read; each names its line.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line of the document it is about (1-based), when it is about one.
        public var line: Int?
        public var text: String
        public var description: String { line.map { Message.documentLine(line: $0, problem: text).text } ?? text }
        init(_ line: Int?, _ text: String) { (self.line, self.text) = (line, text) }
    }

    /// Every problem of one document.
    public struct Problems: Error, Sendable, Equatable {
        public var all: [Problem]
    }

    // MARK: Writing

    /// The document for `product`, with `errors` as `# error:` lines on top.
    public static func render(_ product: Product, errors: [String] = []) -> String {
        let images = (product.images ?? []).map { String($0.id) }.joined(separator: ", ")
        let notes: [(field: ProductField, note: String)] = [
            (.currency, Message.eitherOf(Currency.accepted.map(\.rawValue)).text),
            (.thumbnail, images.isEmpty ? Message.documentNoImages.text : Message.documentImageIDs(images).text),
            (.description, Message.documentDescriptionBelow.text),
        ]
        var lines = errors.map { "# error: " + oneLine($0) }
        lines += Message.editHeader(id: product.id).text.components(separatedBy: "\n")
        let document = ProductDocument(product)
        for field in fields {
            if let note = notes.first(where: { $0.field == field })?.note { lines.append("# \(field.rawValue): \(note)") }
            lines.append(document.line(field))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name: value`, or the description's block.
    func line(_ field: ProductField) -> String {
        let value = text(field) ?? ""
        guard field == .description else { return "\(field.rawValue): \(Self.encode(value))" }
        return (["description:"] + Self.lines(of: value).map { "  " + $0 }).joined(separator: "\n")
    }

    static func encode(_ value: String) -> String {
        let plain =
            !value.unicodeScalars.contains(where: AnsiCQuoting.needsEscape) && !value.hasPrefix("$'")
            && value.trimmingCharacters(in: .whitespaces) == value
        return plain ? value : AnsiCQuoting.encode(value)
    }

    /// Lines split at U+000A only (a `\r\n` stays `\r` + line break, so nothing is lost).
    static func lines(of text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// An error message on one comment line.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { AnsiCQuoting.needsEscape($0) ? " " : $0 }))
    }

    // MARK: Reading

    /// The line (1-based) on which `field` is written in `text`; nil when it is not there.
    static func lineNumber(of field: ProductField, in text: String) -> Int? {
        for (offset, line) in lines(of: text).enumerated() where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == field.rawValue { return offset + 1 }
        }
        return nil
    }

    /// The field a rule is about, by its name on the wire or in the document.
    static func field(named subject: String) -> ProductField? {
        fields.first { $0.rawValue == subject || $0.wireName == subject }
    }

    /// Whether a saved document holds nothing but comments and blank lines (it cancels the edit).
    public static func isEmpty(_ text: String) -> Bool {
        lines(of: text).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.hasPrefix("#") }
    }

    /// Reads a saved document. A field left out keeps its value; every problem is reported, each
    /// with its line.
    public static func parse(_ text: String) -> Result<ProductDocument, Problems> {
        var values = ProductChanges()
        var seen: Set<ProductField> = []
        var problems: [Problem] = []
        var description: (line: Int, lines: [String])?
        for (offset, line) in lines(of: text).enumerated() {
            let number = offset + 1
            if var block = description {
                if line.hasPrefix("  ") || line.trimmingCharacters(in: .whitespaces).isEmpty {
                    block.lines.append(String(line.dropFirst(min(2, line.count))))
                    description = block
                } else if !line.hasPrefix("#") {
                    problems.append(Problem(number, Message.documentDescriptionIndented.text))
                }
                continue
            }
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            switch field(in: line, number: number) {
            case .failure(let problem): problems.append(problem)
            case .success((let field, _)) where !seen.insert(field).inserted:
                problems.append(Problem(number, Message.documentGivenTwice(field: field.rawValue).text))
            case .success((.description, let value)):
                description = (number, value.isEmpty ? [] : [value])
            case .success((let field, let value)):
                switch decode(value) {
                case .success(let decoded):
                    if let problem = read(decoded, as: field, into: &values) { problems.append(Problem(number, "\(problem)")) }
                case .failure(let error): problems.append(Problem(number, "\(field.rawValue): \(error)"))
                }
            }
        }
        if let block = description { values.description = trimmedBlock(block.lines) }
        return problems.isEmpty ? .success(ProductDocument(values: values)) : .failure(Problems(all: problems))
    }

    /// A one-line value parsed into its field (an empty thumbnail: none).
    private static func read(_ text: String, as field: ProductField, into values: inout ProductChanges) -> RuleViolation? {
        if field == .thumbnail, text.isEmpty { return nil }
        return field.parse(text, into: &values)
    }

    /// A block's lines without the empty ones at its end (editors add and remove those freely).
    static func trimmedBlock(_ lines: [String]) -> String {
        Array(lines.reversed().drop { $0.isEmpty }.reversed()).joined(separator: "\n")
    }

    /// `key: value` on one line, the key one of `fields`.
    private static func field(in line: String, number: Int) -> Result<(ProductField, String), Problem> {
        let known = fields.map(\.rawValue).joined(separator: ", ")
        guard let colon = line.firstIndex(of: ":") else {
            return .failure(Problem(number, Message.documentExpectedField(known: known).text))
        }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard let field = ProductField(rawValue: key.lowercased()), fields.contains(field) else {
            let guesses = EditDistance.closest(to: key, among: fields.map(\.rawValue))
            return .failure(Problem(number, Message.unknownField(oneLine(key), known: known, guesses: guesses).text))
        }
        // A line saved with CRLF ends in `\r`: not part of the value.
        return .success((field, line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// A one-line value as written: bare, or `$'…'` with escapes.
    private static func decode(_ value: String) -> Result<String, WordSplitError> {
        guard value.hasPrefix("$'") else { return .success(value) }
        let chars = Array(value.unicodeScalars)
        var position = 2
        do throws(WordSplitError) {
            let text = try AnsiCQuoting.decode(chars, from: &position)
            guard position == chars.count else { return .failure(.unterminatedQuote("'")) }
            return .success(text)
        } catch {
            return .failure(error)
        }
    }

    /// The fields whose value differs from `original`'s, in document order, with their values.
    /// A description that ended with line breaks reads back without them: not a change.
    public func changes(from original: ProductDocument) -> ParsedFields {
        var before = original.values
        before.description = before.description.map { Self.trimmedBlock(Self.lines(of: $0)) }
        var changed = ParsedFields()
        for field in Self.fields where field.value(in: values) != nil && !field.hasSameValue(in: values, as: before) {
            field.copy(from: values, into: &changed.changes)
            changed.order.append(field)
        }
        return changed
    }
}
