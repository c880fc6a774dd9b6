extension TerminalText {
    /// A URL as a person reads it on a screen, never as a program reads it: percent-encoded text
    /// that is not ASCII shown as its characters (`search=%ED%8C%8C%EB%9E%80` as `search=파란`;
    /// an encoded `&`, `=`, space or control stays encoded, so what is shown keeps the URL's
    /// parts), the server's part left out when it is `server` (the one the shell talks to), then
    /// cut in the middle with `…` to at most `columns`. Made safe for a terminal (`visible`).
    public static func shownURL(_ url: String, server: String? = nil, columns: Int? = nil) -> String {
        var shown = decodingText(url)
        if let server {
            let base = server.hasSuffix("/") ? String(server.dropLast()) : server
            if shown.hasPrefix(base), shown.utf8.dropFirst(base.utf8.count).first == UInt8(ascii: "/") {
                shown = String(decoding: shown.utf8.dropFirst(base.utf8.count), as: UTF8.self)
            }
        }
        shown = visible(shown)
        guard let columns, width(shown) > columns, columns >= 8 else { return shown }
        return cutInTheMiddle(shown, to: columns)
    }

    /// `text` in at most `columns`: its start and its end, `…` between.
    public static func cutInTheMiddle(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        let scalars = Array(text.unicodeScalars)
        let room = columns - 1
        var head = 0
        var used = 0
        while head < scalars.count, used + width(of: scalars[head]) <= (room + 1) / 2 {
            used += width(of: scalars[head])
            head += 1
        }
        var tail = scalars.count
        while tail > head, used + width(of: scalars[tail - 1]) <= room {
            used += width(of: scalars[tail - 1])
            tail -= 1
        }
        return String(String.UnicodeScalarView(scalars[..<head])) + "…"
            + String(String.UnicodeScalarView(scalars[tail...]))
    }

    /// Runs of `%XX` that are UTF-8 for text beyond ASCII, decoded; anything else as it was.
    static func decodingText(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            var run: [UInt8] = []
            var end = index
            while end + 2 < bytes.count, bytes[end] == UInt8(ascii: "%"),
                let byte = hexByte(bytes[end + 1], bytes[end + 2]), byte >= 0x80
            {
                run.append(byte)
                end += 3
            }
            if !run.isEmpty, let decoded = String(validating: run, as: UTF8.self),
                !decoded.unicodeScalars.contains(where: needsShowing)
            {
                out += decoded.utf8
                index = end
            } else if !run.isEmpty {
                out += bytes[index..<end]
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        func digit(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard let h = digit(high), let l = digit(low) else { return nil }
        return h << 4 | l
    }
}
