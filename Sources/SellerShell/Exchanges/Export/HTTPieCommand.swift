import Foundation
import OpenMarketAPI

/// `exchange N --as httpie`: the request as an HTTPie command (`http`). A JSON body goes from
/// standard input so its bytes are the ones sent (HTTPie's own `name=value` items would write
/// the JSON anew); a multipart body as `--multipart` items, the JSON part as a text field read
/// from standard input (`params=@/dev/stdin`: the secret in it is never on the command line,
/// where `ps` shows it) and each photo from its file (`images@/path/a.jpg;type=image/jpeg`).
enum HTTPieCommand {
    static func text(for exchange: Exchange, secret: ExportSecret) throws(ExportProblem) -> String {
        let request = exchange.request
        var notes: [String] = []
        var items: [String] = []
        let multipart = request.outline != nil
        for field in ExportHeaders.kept(request.headers, multipart: multipart) {
            items.append(BashWords.quoted("\(field.name):\(field.value)"))
        }
        var stdin: String?
        if let parts = request.parts, multipart {
            for (index, part) in parts.enumerated() {
                if let json = part.json {
                    guard stdin == nil else { throw ExportProblem("HTTPie can read only one part from standard input") }
                    stdin = String(decoding: json, as: UTF8.self)
                    items.append(BashWords.quoted("\(part.name)=@/dev/stdin"))
                } else {
                    let path = try ExportHeaders.sourcePath(of: part, number: index + 1)
                    items.append(BashWords.quoted("\(part.name)@\(path);type=\(part.contentType)"))
                    notes += ExportHeaders.shrinkNote(part, path: path)
                }
            }
        } else if let body = request.body, body.byteCount > 0 {
            stdin = try ExportHeaders.text(of: body)
        }
        var command = ["http"]
        // A multipart body's JSON part is read as a file (`@/dev/stdin`), not as the body.
        if stdin == nil || multipart { command.append("--ignore-stdin") }
        if multipart { command.append("--multipart") }
        // HTTPie prints the request body it sends with `B`: with `$OPENMARKET_SECRET` expanded, a
        // projector would show the secret. Such a body is sent, not printed.
        let sendsSecret = stdin.map(BashWords.carriesSecret) ?? false
        command.append(sendsSecret ? "--print=Hhb" : "--print=HhBb")
        if sendsSecret { notes.append("the request body is sent but not printed: it holds the secret") }
        notes += ExportHeaders.secretNote(stdin, secret)
        command += [request.method, BashWords.quoted(request.url.absoluteString)]
        let line = (command + items).joined(separator: " ")
        var out = notes.map(ExportHeaders.comment)
        out.append(stdin.map { "printf '%s' \(BashWords.quotedBody($0, secret: secret)) |\n  " + line } ?? line)
        return out.joined(separator: "\n")
    }
}
