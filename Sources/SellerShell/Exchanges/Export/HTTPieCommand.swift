import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `exchange N --as httpie`: the request as an HTTPie user writes it (`http`): a JSON object as
/// request items (`name='Mug'`, `price:=1200`), its secret as `secret=@/dev/stdin` read from
/// `printf '%s' "$OPENMARKET_SECRET" |` (so the secret is never on the command line, where `ps`
/// shows it); a multipart body as `--multipart` items: the JSON part as a text field read the
/// same way (`params=@/dev/stdin`) and each photo from its file (`images@/path/a.jpg;type=image/jpeg`).
/// HTTPie 3 has no `;type=` for a text field (it would send those words as part of the text):
/// the market reads `params` as JSON without one. A body that items cannot say exactly (not a
/// JSON object, a key with HTTPie's own signs, a value with `\` before one) goes from standard
/// input as it was sent.
///
/// Running it prints the request line and headers and the answer (`--print=Hhb`), never the
/// request body: with `$OPENMARKET_SECRET` read in, a projector would show the secret.
enum HTTPieCommand {
    static func text(for exchange: Exchange, secret: ExportSecret) throws(ExportProblem) -> String {
        let request = exchange.request
        var notes = ExportHeaders.conditionalNote(request)
        var items: [String] = []
        let multipart = request.outline != nil
        for field in ExportHeaders.kept(request.headers, multipart: multipart) {
            items.append(BashWords.quoted("\(field.name):\(field.value)"))
        }
        /// What goes to standard input: the secret alone, a JSON part, or the whole body.
        var stdin: SentBytes?
        var carried: SentBytes?
        /// Standard input holds the secret alone, for a `secret=@/dev/stdin` item.
        var secretAlone = false
        if let parts = request.parts, multipart {
            for (index, part) in parts.enumerated() {
                if let json = request.partJSON[index] {
                    guard stdin == nil else { throw ExportProblem(.oneStdinPart(tool: "HTTPie")) }
                    stdin = json
                    carried = json
                    items.append(BashWords.quoted("\(part.name)=@/dev/stdin"))
                } else {
                    let source = request.sources[index]
                    let path = try ExportHeaders.sourcePath(of: part, number: index + 1, source: source)
                    items.append(BashWords.quoted("\(part.name)@\(path);type=\(part.contentType)"))
                    notes += ExportHeaders.shrinkNote(part, source: source)
                }
            }
        } else if let body = request.body, body.byteCount > 0 {
            let sent = try ExportHeaders.sent(of: body)
            carried = sent
            if request.contentType?.lowercased().hasPrefix("application/json") == true,
                let members = HTTPieItems.items(of: sent, secret: secret)
            {
                items += members.words
                if members.readsSecret {
                    stdin = SentBytes([.secret])
                    secretAlone = true
                }
            } else {
                stdin = sent
            }
        }
        notes += ExportHeaders.secretNote(carried, secret)
        var command = ["http"]
        // Standard input is read as the body only when the whole body goes there.
        let bodyOnStdin = stdin != nil && !multipart && !secretAlone
        if !bodyOnStdin { command.append("--ignore-stdin") }
        if multipart { command.append("--multipart") }
        command.append("--print=Hhb")
        command += [request.method, BashWords.quoted(request.url.absoluteString)]
        let line = (command + items).joined(separator: " ")
        var out = notes.map(ExportHeaders.comment)
        out.append(stdin.map { "printf '%s' \(BashWords.quotedBody($0, secret: secret)) |\n  " + line } ?? line)
        return out.joined(separator: "\n")
    }
}

/// A JSON object as HTTPie request items, each one bash word: a string as `key=text`, anything
/// else as `key:=json`, the secret piece as `secret=@/dev/stdin` (or the mask, when the export
/// does not splice it). HTTPie 3 reads `:`, `;`, `=` and `@` as its separators unless a `\`
/// comes before them, and a `\` before any other character stays as it is; so each of those four
/// is written after a `\`, and a text holding `\` right before one of them cannot be said.
enum HTTPieItems {
    /// The characters a `\` makes plain, as the shell's own reader of request items has them.
    static let separators = RequestItem.special

    static func items(of body: SentBytes, secret: ExportSecret) -> (words: [String], readsSecret: Bool)? {
        // The body's bytes, the secret piece as an empty string whose place is remembered.
        var bytes: [UInt8] = []
        var secretAt: Set<Int> = []
        for piece in body.pieces {
            switch piece {
            case .bytes(let data): bytes += data
            case .secret: secretAt.insert(bytes.count)
            }
        }
        guard let members = JSONMembers.parse(bytes), !members.isEmpty,
            Set(members.map(\.key)).count == members.count
        else { return nil }
        var words: [String] = []
        var readsSecret = false
        for member in members {
            guard !member.key.isEmpty, member.key.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "_") || isAlnum($0)) })
            else { return nil }
            let value = bytes[member.value]
            if value.first == UInt8(ascii: "\""), secretAt.contains(member.value.lowerBound + 1) {
                if secret.splices {
                    words.append(BashWords.quoted("\(member.key)=@/dev/stdin"))
                    readsSecret = true
                } else {
                    words.append(BashWords.quoted("\(member.key)=\(Secret.mask)"))
                }
            } else if value.first == UInt8(ascii: "\"") {
                guard let text = try? JSONDecoder().decode(String.self, from: Data(value)),
                    let escaped = escaped(text)
                else { return nil }
                words.append(BashWords.quoted("\(member.key)=\(escaped)"))
            } else {
                guard let escaped = escaped(String(decoding: value, as: UTF8.self)) else { return nil }
                words.append(BashWords.quoted("\(member.key):=\(escaped)"))
            }
        }
        return (words, readsSecret)
    }

    private static func isAlnum(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `text` with a `\` before each separator; nil when a `\` already stands before one.
    static func escaped(_ text: String) -> String? {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if separators.contains(byte) {
                if out.last == UInt8(ascii: "\\") { return nil }
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The members of a JSON object, each value as the range of its bytes, read on UTF-8 bytes;
/// nil when the text is not one JSON object.
enum JSONMembers {
    struct Member {
        var key: String
        var value: Range<Int>
    }

    static func parse(_ bytes: [UInt8]) -> [Member]? {
        guard (try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any] else { return nil }
        var index = 0
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        /// Past the string that opens at `index`.
        func skipString() {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        }
        /// Past the value that starts at `index` (the text is known to be JSON).
        func skipValue() {
            switch bytes[index] {
            case UInt8(ascii: "\""): skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        skipString()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while index < bytes.count && depth > 0
            default:
                while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
        }
        var members: [Member] = []
        skipSpace()
        index += 1  // {
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return members }
            let keyStart = index
            skipString()
            guard let key = try? JSONDecoder().decode(String.self, from: Data(bytes[keyStart..<index])) else { return nil }
            skipSpace()
            index += 1  // :
            skipSpace()
            let valueStart = index
            skipValue()
            members.append(Member(key: key, value: valueStart..<index))
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return members }
            index += 1
        }
    }
}
