import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// Every bash quoting function and every exported command (`exchange N --as curl|httpie|raw`)
/// run by a real bash (issue 21: a `'` followed by a combining mark left a `$(…)` to run).
///
/// The input becomes a text (bytes as UTF-8, invalid sequences repaired, or each byte picked
/// from an alphabet of quotes, backslashes, `$`, backticks, `!`, line breaks, combining marks and
/// other characters that have broken quoting before). That text goes into the words and into a
/// JSON edit and a multipart create (a product's name and description, a photo's path), which
/// are exported in the three forms. bash then runs all of it, in the C locale or in GBK (whose
/// two-byte characters can swallow a backslash that follows UTF-8 text), with history
/// expansion on as in an interactive shell, `curl`, `http` and `cat` replaced by functions that
/// write down what they were given, and no command on `PATH`. Invariants: bash reads each word
/// (`BashWords.quoted`, `BashWords.ansiC`, and `WordQuoting.singleQuoted` when the text holds no
/// control character) back as exactly the text; curl gets each body on standard input (with `$OPENMARKET_SECRET` in
/// the top-level secret field and nowhere else) and the photo's path; HTTPie gets the edit as
/// request items that HTTPie 3 reads back as exactly the fields (the secret on standard input),
/// or the body on standard input when items cannot say it, and the create's items; the raw form
/// writes the request's bytes (its `Content-Length` counted by bash); and nothing else runs (bash
/// says nothing on standard error).
/// NUL is left out: no text field holds one, and the shell refuses it.
enum BashWordsTarget {
    static let secret = "s3cr3t-Ω'$(x)"
    static let alphabet: [String] = [
        "'", "\"", "\\", "$", "`", "!", "(", ")", "{", "}", ";", "&", "|", "<", ">", "#", "*", "?", "[", "~", "=", ":",
        "@", " ", "\n", "\r", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{301}", "\u{308}", "\u{20DD}",
        "\u{200D}", "\u{FEFF}", "\u{FE0F}", "안", "a", "x", "$(", "`x`", "'\u{301}", "\"\u{301}", "••••••",
        "\"secret\":\"••••••\"", "%s", "\\x41", "\\u0301", "!!", "-F", "\u{1F600}",
    ]

    @Sendable static func run(_ input: [UInt8]) {
        guard let mode = input.first else { return }
        let rest = input.dropFirst()
        let text =
            mode % 2 == 0
            ? String(decoding: rest, as: UTF8.self)
            : rest.map { alphabet[Int($0) % alphabet.count] }.joined()
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" }))
        // A text that holds the secret would be masked in the log, as the shell masks it.
        guard clean.utf8.count <= 4096, !secrets.occurs(in: clean) else { return }
        // Every other input in GBK, where a UTF-8 byte followed by `\` is one character.
        check(clean, locale: mode & 2 != 0 ? BashLocales.gbk ?? ["LC_ALL": "C"] : ["LC_ALL": "C"])
    }

    static func check(_ text: String, locale: [String: String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("om-fuzz-bash-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.path

        // `singleQuoted` alone only for text without control characters, as `BashWords.quoted`
        // uses it: a raw CR inside a multi-line `'…'` after a `$'\''` makes bash 5.2's history
        // scan parse a `$(` that is inside the quote (a finding of this target, not a bug of an
        // export, which writes such text in `$'…'`).
        var words = [BashWords.quoted(text), BashWords.ansiC(text)]
        if !text.unicodeScalars.contains(where: AnsiCQuoting.needsEscape) { words.append(WordQuoting.singleQuoted(text)) }
        let edit = jsonEdit(text)
        let create = multipartCreate(text)
        var script = [
            "set -o history -H",
            // Each call writes its arguments (NUL after each) and its standard input to files of its
            // own, numbered through a file: a call at the end of a pipeline runs in a subshell.
            #"count() { n=0; if [ -f "$OUT/$1.n" ]; then read -r n <"$OUT/$1.n"; fi; n=$((n + 1)); printf '%s\n' "$n" >"$OUT/$1.n"; }"#,
            #"curl() { count curl; printf '%s\0' "$@" >"$OUT/curl.$n"; IFS= read -r -d '' input; printf '%s' "$input" >"$OUT/curl.$n.in"; }"#,
            #"http() { count http; printf '%s\0' "$@" >"$OUT/http.$n"; IFS= read -r -d '' input; printf '%s' "$input" >"$OUT/http.$n.in"; }"#,
            #"cat() { if [ $# -gt 0 ]; then printf '<file:%s>' "$1"; fi; }"#,
            "printf '%s\\0' \(words.joined(separator: " ")) >\"$OUT/words\"",
        ]
        for exchange in [edit.exchange, create.exchange] {
            for form in ExchangeCommand.Form.allCases {
                var exported = try! ExchangeExport.text(for: exchange, as: form, environmentServer: url)
                if form == .raw {
                    // The raw form writes to a file instead of a socket: its bytes are what it sends.
                    exported = exported.replacingOccurrences(
                        of: "'/dev/tcp/127.0.0.1/9'", with: "\"$OUT/raw-\(exchange.number)\"")
                }
                script.append(exported)
            }
        }
        let ran = runBash(script.joined(separator: "\n") + "\n", out: out, locale: locale)
        invariant(ran.stderr.isEmpty, "bash said \(ran.stderr.debugDescription) for \(text.debugDescription)")
        let readBack = read(out, "words")
        invariant(
            readBack == Array(repeating: Array(text.utf8) + [0], count: words.count).flatMap { $0 },
            "the words of \(text.debugDescription) read back as \(String(decoding: readBack, as: UTF8.self).debugDescription)")

        // curl: the edit's body, then the create's JSON part from standard input and its photo.
        let editBody = Array(edit.bodyWithSecret.utf8)
        let curlEdit = arguments(read(out, "curl.1"))
        invariant(
            read(out, "curl.1.in") == editBody && curlEdit.suffix(2) == [Array("--data-binary".utf8), Array("@-".utf8)],
            "curl's body for \(text.debugDescription) is not the body")
        invariant(
            read(out, "curl.2.in") == Array(create.paramsWithSecret.utf8), "curl's params part for \(text.debugDescription)")
        // Compared as bytes: `String`'s `==` takes canonically equivalent texts as equal.
        let photo = arguments(read(out, "curl.2")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        invariant(
            curlFormFile(photo).map { Array($0.utf8) } == Array(create.path.utf8),
            "curl's -F \(photo.debugDescription) does not name \(create.path.debugDescription)")

        // HTTPie: the edit as request items (read as HTTPie reads them), or its body on standard
        // input when items cannot say it; the create's items.
        let httpEdit = arguments(read(out, "http.1")).map { String(decoding: $0, as: UTF8.self) }
        let urlAt = httpEdit.firstIndex(of: url.absoluteString) ?? httpEdit.count - 1
        var fields: [String: [UInt8]] = [:]
        for item in httpEdit[(urlAt + 1)...].compactMap(httpieItem) {
            switch item.separator {
            case "=": fields[item.key] = Array(item.value.utf8)
            case "=@" where item.value == "/dev/stdin": fields[item.key] = read(out, "http.1.in")
            case ":": break
            default: invariant(false, "HTTPie item \(item) for \(text.debugDescription)")
            }
        }
        if fields.isEmpty {
            invariant(read(out, "http.1.in") == editBody, "HTTPie's standard input for \(text.debugDescription)")
        } else {
            invariant(
                fields == ["name": Array(text.utf8), "description": Array(text.utf8), "secret": Array(secret.utf8)],
                "HTTPie's items \(httpEdit) for \(text.debugDescription)")
        }
        let items = arguments(read(out, "http.2"))
        invariant(
            items.contains(Array("params=@/dev/stdin".utf8)) && read(out, "http.2.in") == Array(create.paramsWithSecret.utf8),
            "HTTPie's params part for \(text.debugDescription)")
        invariant(
            items.contains(Array("images@\(create.path);type=image/jpeg".utf8)),
            "HTTPie's photo item for \(text.debugDescription)")

        // raw: the request's own bytes.
        invariant(read(out, "raw-1") == edit.wire, "the raw edit of \(text.debugDescription) is not the request's bytes")
        invariant(read(out, "raw-2") == create.wire, "the raw create of \(text.debugDescription) is not the request's bytes")
    }

    static let url = URL(string: "http://127.0.0.1:9/api/products/1")!

    /// The session's secrets: the exchanges are recorded as the shell records them.
    static let secrets: SessionSecrets = {
        let secrets = SessionSecrets()
        secrets.protect(secret)
        return secrets
    }()

    /// `PATCH` with a JSON body whose name and description are `text`, as the log keeps it.
    static func jsonEdit(_ text: String) -> (exchange: Exchange, bodyWithSecret: String, wire: [UInt8]) {
        let withSecret = json(["name": text, "description": text, "secret": secret])
        let headers: HeaderFields = [
            "Host": "127.0.0.1:9", "Content-Type": "application/json", "identifier": "id-1",
            "Content-Length": String(withSecret.utf8.count),
        ]
        let request = Exchange.Request(
            recording: HTTPRequestData(method: .patch, url: url, headers: headers, body: Data(withSecret.utf8)),
            secrets: secrets, bodyLimit: 1 << 20)
        return (Exchange(number: 1, request: request), withSecret, head(request) + Array(withSecret.utf8))
    }

    /// `POST` multipart: a `params` part whose name is `text`, and a photo at a path ending in `text`.
    static func multipartCreate(_ text: String) -> (exchange: Exchange, paramsWithSecret: String, path: String, wire: [UInt8]) {
        let path = "/tmp/om-fuzz/" + text
        let withSecret = json(["name": text, "secret": secret])
        let body = try! MultipartBody.form(
            [
                .init(name: "params", contentType: "application/json", data: Data(withSecret.utf8)),
                .init(name: "images", filename: "photo.jpg", contentType: "image/jpeg", data: Data([0xFF, 0xD8])),
            ], boundary: "B0und4ry")
        let headers: HeaderFields = [
            "Host": "127.0.0.1:9", "Content-Type": body.contentType, "identifier": "id-1",
            "Content-Length": String(body.data.count),
        ]
        let request = Exchange.Request(
            recording: HTTPRequestData(
                method: .post, url: URL(string: "http://127.0.0.1:9/api/products")!, headers: headers, body: body.data,
                parts: body.parts, outline: body.outline),
            secrets: secrets, bodyLimit: 1 << 20, sources: [PhotoSource(path: path)])
        var wire = head(request)
        for segment in body.outline {
            switch segment {
            case .bytes(let data): wire += Array(data)
            case .file: wire += Array("<file:\(path)>".utf8)
            }
        }
        return (Exchange(number: 2, request: request), withSecret, path, wire)
    }

    static func head(_ request: Exchange.Request) -> [UInt8] {
        let lines = ["\(request.method) \(request.target) HTTP/1.1"] + request.headers.map { "\($0.name): \($0.value)" }
        return Array((lines + ["Connection: close", "", ""]).joined(separator: "\r\n").utf8)
    }

    static func json(_ object: [String: String]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// curl's `-F 'images=@"PATH";type=…'`: the path between the double quotes, `\"` and `\\`
    /// unescaped, as curl reads it.
    static func curlFormFile(_ item: String) -> String? {
        let scalars = Array(item.unicodeScalars)
        let prefix = Array("images=@\"".unicodeScalars)
        guard scalars.starts(with: prefix) else { return nil }
        var out = String.UnicodeScalarView()
        var index = prefix.count
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == .doubleQuote { return String(out) }
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
            }
            out.append(scalars[index])
            index += 1
        }
        return nil
    }

    /// HTTPie 3's reading of a request item (`httpie/cli/argtypes.py`, `KeyValueArgType`): a
    /// `\` before one of its separator characters makes that character plain (a `\` before any
    /// other stays); the first separator found, the longest at that place, splits key from value.
    static func httpieItem(_ word: String) -> (key: String, separator: String, value: String)? {
        let separators = [":", ";", ":@", "==", "==@", "=", ":=", "@", "=@", ":=@"].map { Array($0.utf8) }
        let special = Set(":;@=".utf8)
        let bytes = Array(word.utf8)
        var tokens: [(bytes: [UInt8], escaped: Bool)] = [([], false)]
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                let next = index + 1 < bytes.count ? bytes[index + 1] : nil
                if let next, special.contains(next) {
                    tokens += [([next], true), ([], false)]
                } else {
                    tokens[tokens.count - 1].bytes += [UInt8(ascii: "\\")] + (next.map { [$0] } ?? [])
                }
                index += 2
            } else {
                tokens[tokens.count - 1].bytes.append(bytes[index])
                index += 1
            }
        }
        for (number, token) in tokens.enumerated() where !token.escaped {
            var found: [Int: [UInt8]] = [:]
            for separator in separators.sorted(by: { $0.count < $1.count }) {
                let text = token.bytes
                if let at = (0..<text.count).first(where: { text[$0...].starts(with: separator) }) { found[at] = separator }
            }
            guard let at = found.keys.min(), let separator = found[at] else { continue }
            let key = tokens[..<number].flatMap(\.bytes) + token.bytes[..<at]
            let value = Array(token.bytes[(at + separator.count)...]) + tokens[(number + 1)...].flatMap(\.bytes)
            return (
                String(decoding: key, as: UTF8.self), String(decoding: separator, as: UTF8.self),
                String(decoding: value, as: UTF8.self)
            )
        }
        return nil
    }

    /// One call's arguments, each ended by NUL.
    static func arguments(_ bytes: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        for byte in bytes {
            if byte == 0 {
                words.append(word)
                word = []
            } else {
                word.append(byte)
            }
        }
        return words
    }

    static func read(_ directory: String, _ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: directory + "/" + name) ?? Data())
    }

    static func runBash(_ script: String, out: String, locale: [String: String]) -> (status: Int32, stderr: String) {
        let file = out + "/script.sh"
        invariant(FileManager.default.createFile(atPath: file, contents: Data(script.utf8)), "cannot write \(file)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", file]
        process.environment = locale.merging(["PATH": "/nonexistent-om-fuzz", "OUT": out, "OPENMARKET_SECRET": secret]) {
            _, new in new
        }
        // bash's standard error goes to a file, read once it has exited: libFuzzer's timer
        // signals interrupt a read from a pipe (EINTR), which FileHandle does not retry.
        let errorPath = out + "/stderr"
        invariant(FileManager.default.createFile(atPath: errorPath, contents: nil), "cannot write \(errorPath)")
        let errors = FileHandle(forWritingAtPath: errorPath)!
        defer { try? errors.close() }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: read(out, "stderr"), as: UTF8.self))
    }
}
