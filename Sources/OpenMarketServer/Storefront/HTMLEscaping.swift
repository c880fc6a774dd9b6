import Mustache

/// Escapes text for HTML on Unicode scalars, for element content and quoted attribute values.
///
/// Written by hand to guard the template library: swift-mustache's own HTML escape (2.1.1) looks
/// characters up as Swift `Character`s, so a `"` followed by a combining mark (U+0301) is one
/// `Character` that is not in its table and passes unescaped, while an HTML parser still sees the
/// quote and ends the attribute. Here every `<`, `>`, `&`, `"` and `'` scalar is replaced,
/// whatever follows it; CR is written as a reference; other C0 controls but tab and line feed,
/// which HTML forbids in text, become U+FFFD.
public enum HTMLEscaping {
    public static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n": out.append(scalar)
            // A parser turns a bare CR into LF; as a reference it stays the CR it was.
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `escaped(text)` added to the end of `out`, without a string of its own: the text is
    /// scanned as UTF-8 (every character replaced is one ASCII byte, never part of a longer
    /// scalar) and copied a run at a time between the bytes replaced.
    public static func append(_ text: String, to out: inout String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement = replacement(for: utf8[index])
            let next = utf8.index(after: index)
            if let replacement {
                out += text[runStart..<index]
                out += replacement
                runStart = next
            }
            index = next
        }
        out += text[runStart..<index]
    }

    /// What `escaped` writes for one byte, nil for the byte itself.
    private static func replacement(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): nil
        case UInt8(ascii: "\r"): "&#13;"
        case 0..<0x20, 0x7F: "\u{FFFD}"
        default: nil
        }
    }
}

/// The content type every storefront template declares (`{{% CONTENT_TYPE: SAFE_HTML}}`), so
/// that `{{value}}` is escaped by `HTMLEscaping`, not by the library's own escape.
struct SafeHTMLContentType: MustacheContentType {
    static let name = "SAFE_HTML"

    func escapeText(_ text: String) -> String { HTMLEscaping.escaped(text) }
}
