import Foundation
import OpenMarketAPI
import TerminalText

/// `exchange N --as curl`: the exchange's request as a curl command to paste into bash: the
/// same method, URL, headers (not `Host` and `Content-Length`, which curl writes, nor a
/// multipart `Content-Type`, whose boundary curl chooses) and body. A JSON body, and the JSON
/// part of a multipart body, go from standard input (`printf`, a bash builtin, writes them), so
/// their bytes are the ones sent and the secret in them is never on curl's command line, where
/// `ps` shows it; each photo goes from its file on disk.
enum CurlCommand {
    static func text(for exchange: Exchange, secret: ExportSecret) throws(ExportProblem) -> String {
        let request = exchange.request
        var notes = ExportHeaders.conditionalNote(request)
        var lines: [String] = []
        var stdin: SentBytes?
        var command = ["curl", "-sS", "-i"]
        switch request.method {
        case "GET": break
        case "HEAD": command.append("--head")
        default: command += ["-X", request.method]
        }
        command.append(BashWords.quoted(request.url.absoluteString))
        lines.append(command.joined(separator: " "))
        let multipart = request.outline != nil
        for field in ExportHeaders.kept(request.headers, multipart: multipart) {
            lines.append("-H " + BashWords.quoted("\(field.name): \(field.value)"))
        }
        if let parts = request.parts, multipart {
            for (index, part) in parts.enumerated() {
                if let json = request.partJSON[index] {
                    guard stdin == nil else { throw ExportProblem(.oneStdinPart(tool: "curl")) }
                    stdin = json
                    lines.append("-F " + BashWords.quoted("\(part.name)=<-;type=\(part.contentType)"))
                } else {
                    let (line, note) = try filePart(part, number: index + 1, source: request.sources[index])
                    lines.append(line)
                    notes += note
                }
            }
        } else if let body = request.body, body.byteCount > 0 {
            stdin = try ExportHeaders.sent(of: body)
            lines.append("--data-binary @-")
        }
        notes += ExportHeaders.secretNote(stdin, secret)
        var out = notes.map(ExportHeaders.comment)
        let joined = lines.joined(separator: " \\\n  ")
        if let stdin {
            out.append("printf '%s' \(BashWords.quotedBody(stdin, secret: secret)) |\n  " + joined)
        } else {
            out.append(joined)
        }
        return out.joined(separator: "\n")
    }

    /// `-F 'images=@"/path/a.jpg";type=image/jpeg;filename="a.jpg"'`, and a note when the file
    /// on disk is not what was sent.
    static func filePart(
        _ part: MultipartBody.Part, number: Int, source: PhotoSource?
    ) throws(ExportProblem) -> (String, [String]) {
        let path = try ExportHeaders.sourcePath(of: part, number: number, source: source)
        var value = "\(part.name)=@\(formQuoted(path));type=\(part.contentType)"
        if let name = part.filename { value += ";filename=\(formQuoted(name))" }
        return ("-F " + BashWords.quoted(value), ExportHeaders.shrinkNote(part, source: source))
    }

    /// curl's quoting inside a `-F` value: double quotes, with `"` and `\` escaped, so a name
    /// with `;` or `,` stays one name.
    /// On Unicode scalars: a `"` followed by a combining mark is still a quote to curl.
    static func formQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }
}

/// What the exporters share: which headers go into a command, the body as text, notes.
enum ExportHeaders {
    /// The headers a command sends itself: all but the framing ones the tool writes (and a
    /// multipart `Content-Type`, whose boundary the tool chooses).
    static func kept(_ headers: HeaderFields, multipart: Bool) -> [HeaderField] {
        headers.fields.filter { field in
            let name = field.name.lowercased()
            if name == "host" || name == "content-length" { return false }
            if multipart, name == "content-type" { return false }
            return true
        }
    }

    /// The body as a command can carry it: whole, and text.
    static func sent(of body: KeptBody) throws(ExportProblem) -> SentBytes {
        guard !body.isCut else {
            throw ExportProblem(.bodyWasCut(total: body.byteCount, kept: body.data.count))
        }
        guard String(data: body.data, encoding: .utf8) != nil else {
            throw ExportProblem(.bodyIsBinary(bytes: body.byteCount))
        }
        return body.sent
    }

    /// The file on disk a multipart part was read from; a command can only send a file.
    static func sourcePath(of part: MultipartBody.Part, number: Int, source: PhotoSource?) throws(ExportProblem) -> String {
        guard let source else {
            throw ExportProblem(.partFromNoFile(number: number, name: part.filename ?? part.name))
        }
        return source.path
    }

    /// Says so when the body carried the secret and the export leaves it masked.
    static func secretNote(_ body: SentBytes?, _ secret: ExportSecret) -> [String] {
        guard let note = secret.note, body?.carriesSecret == true else { return [] }
        return [note]
    }

    /// Says what a conditional request answers when it runs again: `If-Match` holds the ETag
    /// the product had then, so once the product has changed the market answers 412.
    static func conditionalNote(_ request: Exchange.Request) -> [String] {
        if let tag = request.headers["If-Match"] {
            return [Message.conditionalIfMatch(tag: tag).text]
        }
        if let tag = request.headers["If-None-Match"] {
            return [Message.conditionalIfNoneMatch(tag: tag).text]
        }
        return []
    }

    /// A `# …` comment line for bash: a line break in it (a file name may hold one) would end
    /// the comment and make the rest a command, so control characters are shown as pictures.
    static func comment(_ note: String) -> String { "# " + TerminalText.visible(note) }

    /// Says so when the shell shrank a photo: the file on disk is not what was sent.
    static func shrinkNote(_ part: MultipartBody.Part, source: PhotoSource?) -> [String] {
        guard let source, let original = source.shrunkFromBytes else { return [] }
        let (from, to) = (ExchangeRendering.grouped(original), ExchangeRendering.grouped(part.byteCount))
        return [Message.shrunkPhoto(path: source.path, from: from, to: to).text]
    }
}

/// Why an exchange cannot be written as a command.
public struct ExportProblem: Error, Sendable {
    public var reason: String
    init(_ problem: Message) { self.reason = problem.text }
}

/// An exchange as a command to paste into bash: `exchange N --as FORM`, and the `bash-words`
/// fuzz target, which runs every form in a real bash.
public enum ExchangeExport {
    /// - Parameter environmentServer: the server `$OPENMARKET_SECRET` belongs to (see
    ///   `ExportSecret`); an exchange with another server keeps the secret masked.
    public static func text(
        for exchange: Exchange, as form: ExchangeCommand.Form, environmentServer: URL?
    ) throws(ExportProblem) -> String {
        let secret = ExportSecret(exchangeServer: exchange.request.url, environmentServer: environmentServer)
        return switch form {
        case .curl: try CurlCommand.text(for: exchange, secret: secret)
        case .httpie: try HTTPieCommand.text(for: exchange, secret: secret)
        case .raw: try RawRequestText.text(for: exchange, secret: secret)
        }
    }
}
