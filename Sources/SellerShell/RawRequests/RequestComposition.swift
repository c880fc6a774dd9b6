import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract
import TerminalText

extension RawRequests {
    /// The request a raw command sends: the path on the session's market (a full URL only on
    /// that market: the login's identifier and secret go nowhere else), query items added, the
    /// `identifier` header first unless `auth` is off or an item sets it, then the header items,
    /// then the body — none; JSON from the fields; or, with any file, multipart with the fields
    /// as the `params` JSON part (the market's convention) and one part per file. Also answers
    /// where each file part was read from, for the exchange log.
    static func compose(
        _ method: HTTPMethod, path: String, items: [RequestItem], auth: Bool, client: MarketClient, base: LocalPaths
    ) throws(CommandFailure) -> (request: HTTPRequestData, sources: [PhotoSource]) {
        let url = try address(path, items: items, client: client)
        // An untrusted script's requests go only to the market it runs on (`--no-auth` too).
        do { try base.access.mayConnect(url) } catch { throw .failed(error.description) }
        var headers = HeaderFields()
        let typedHeaders = items.filter { $0.kind == .header }
        if auth, !typedHeaders.contains(where: { HeaderFields.sameName($0.key, "identifier") }) {
            guard let credentials = client.credentials, !credentials.identifier.isEmpty else {
                throw .failed(Message.rawNotLoggedIn(method: method.rawValue).text)
            }
            headers.add("identifier", credentials.identifier)
        }
        for item in typedHeaders where !item.value.isEmpty { headers.add(item.key, item.value) }

        let fields = try items.filter { [.text, .json, .textFile, .jsonFile].contains($0.kind) }.map {
            item throws(CommandFailure) in (item.key, try jsonValue(item, client: client, base: base))
        }
        let files = items.filter { $0.kind == .file }
        guard !fields.isEmpty || !files.isEmpty else {
            return (
                HTTPRequestData(method: method, url: url, headers: headers, maxResponseBytes: MarketClient.rawAnswerLimit), []
            )
        }
        let json = Data(("{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}").utf8)
        let typed = typedHeaders.contains { HeaderFields.sameName($0.key, "Content-Type") }
        if files.isEmpty {
            if !typed { headers.add("Content-Type", "application/json") }
            let request = HTTPRequestData(
                method: method, url: url, headers: headers, body: json, maxResponseBytes: MarketClient.rawAnswerLimit)
            return (request, [])
        }
        var parts: [MultipartBody.FormPart] = []
        var sources: [PhotoSource] = []
        if let params = try paramsPart(items, fieldCount: fields.count, client: client, base: base) {
            parts.append(params)
        } else if !fields.isEmpty {
            parts.append(MultipartBody.FormPart(name: "params", contentType: "application/json", data: json))
        }
        for file in files {
            for (part, path) in try fileParts(file, base: base) {
                parts.append(part)
                sources.append(PhotoSource(path: path))
            }
        }
        let body: MultipartBody
        do { body = try MultipartBody.form(parts) } catch { throw .failed(error.localizedDescription) }
        if !typed { headers.add("Content-Type", body.contentType) }
        let request = HTTPRequestData(
            method: method, url: url, headers: headers, body: body.data, maxResponseBytes: MarketClient.rawAnswerLimit,
            parts: body.parts, outline: body.outline)
        return (request, sources)
    }

    /// The URL: a path on the session's market, or a full URL on it.
    private static func address(_ path: String, items: [RequestItem], client: MarketClient) throws(CommandFailure) -> URL {
        let query = items.filter { $0.kind == .query }.map { URLQueryItem(name: $0.key, value: $0.value) }
        if !path.hasPrefix("/") {
            guard let given = URL(string: path), given.scheme == client.baseURL.scheme, given.host == client.baseURL.host,
                given.port == client.baseURL.port
            else {
                throw .usage(Message.rawOtherServer(client.baseURL.absoluteString).text)
            }
        }
        let relative: String
        if path.hasPrefix("/") {
            relative = path
        } else if let components = URLComponents(string: path) {
            relative =
                (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
                + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        } else {
            relative = "/"
        }
        do { return try client.url(forPath: relative, query: query) } catch { throw .usage(error.localizedDescription) }
    }

    /// One field's JSON text.
    /// With a file item, an item named `params` is the whole `params` part, its text as given
    /// (`params='{"name":…}'`, `params=@fields.json`, `params:=@fields.json`), as HTTPie sends a
    /// form field: not wrapped again inside a JSON object. Nil when there is no such item; other
    /// fields beside it have no part to go in, which is said.
    private static func paramsPart(
        _ items: [RequestItem], fieldCount: Int, client: MarketClient, base: LocalPaths
    ) throws(CommandFailure) -> MultipartBody.FormPart? {
        guard let item = items.first(where: { $0.key == "params" && [.text, .json, .textFile, .jsonFile].contains($0.kind) })
        else { return nil }
        guard fieldCount == 1 else {
            throw .usage(Message.paramsIsWholePart(item: item.text).text)
        }
        let text: String
        switch item.kind {
        case .text: text = item.value
        case .json: text = try checkedJSON(item.value, item: item.text)
        case .textFile where item.isSessionSecret:
            throw .usage(Message.secretIsInsideParams(item: item.text).text)
        case .textFile: text = try readText(item.value, item: item.text, base: base)
        default: text = try checkedJSON(try readText(item.value, item: item.text, base: base), item: item.text)
        }
        return MultipartBody.FormPart(name: "params", contentType: "application/json", data: Data(text.utf8))
    }

    private static func jsonValue(_ item: RequestItem, client: MarketClient, base: LocalPaths) throws(CommandFailure) -> String {
        switch item.kind {
        case .text: return quoted(item.value)
        case .json: return try checkedJSON(item.value, item: item.text)
        case .textFile where item.isSessionSecret:
            guard let secret = client.credentials?.secret.revealed, !secret.isEmpty else {
                throw .failed(Message.sessionHasNoSecret(item: item.text).text)
            }
            return quoted(secret)
        case .textFile: return quoted(try readText(item.value, item: item.text, base: base))
        case .jsonFile: return try checkedJSON(try readText(item.value, item: item.text, base: base), item: item.text)
        default: return "null"
        }
    }

    private static func checkedJSON(_ text: String, item: String) throws(CommandFailure) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        else {
            throw .usage(Message.notJSONAfterColonEquals(item: item).text)
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func readText(_ path: String, item: String, base: LocalPaths) throws(CommandFailure) -> String {
        // Where the context lets files be read (an untrusted script: only its own folder).
        let resolved: String
        do { resolved = try base.readable(path) } catch {
            throw .failed(Message.itemProblem(item: item, problem: error.description).text)
        }
        // Bounded before reading: a FIFO, a device or /proc/self/pagemap is refused unread.
        let data: Data
        do { data = try LocalFile.read(resolved, limit: 1024 * 1024, what: "a text item") } catch {
            throw .failed(Message.itemProblem(item: item, problem: error.message(shownAs: TerminalText.visible(path))).text)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .failed(Message.itemNotUTF8(item: item, path: TerminalText.visible(path)).text)
        }
        return text
    }

    /// The parts of `name@path` (a glob may name several files).
    /// The parts of one `name@PATH` item (a glob may name several files), each with its path.
    private static func fileParts(
        _ item: RequestItem, base: LocalPaths
    ) throws(CommandFailure) -> [(MultipartBody.FormPart, String)] {
        let expanded = base.absolute(item.value)
        var paths = [expanded]
        if !item.wasQuoted, PathExpansion.hasGlob(expanded) {
            do { paths = try PathExpansion.glob(expanded) } catch {
                throw .failed(Message.itemProblem(item: item.text, problem: error.description).text)
            }
            if paths.isEmpty { throw .failed(Message.noFileMatches(item.text).text) }
        }
        var parts: [(MultipartBody.FormPart, String)] = []
        for typed in paths {
            // Where the context lets files be read (an untrusted script: only its own folder).
            let path: String
            do { path = try base.access.readable(typed) } catch {
                throw .failed(Message.itemProblem(item: item.text, problem: error.description).text)
            }
            // Bounded before reading: a FIFO, a device or /proc/self/pagemap is refused unread.
            let data: Data
            do { data = try LocalFile.read(path, limit: 16 * 1024 * 1024, what: "a file item") } catch {
                throw .failed(
                    Message.itemProblem(item: item.text, problem: error.message(shownAs: TerminalText.visible(path))).text)
            }
            let type = ImageFormat(sniffing: data)?.mimeType ?? "application/octet-stream"
            parts.append(
                (
                    MultipartBody.FormPart(
                        name: item.key, filename: (path as NSString).lastPathComponent, contentType: type, data: data),
                    path
                ))
        }
        return parts
    }

    private static func quoted(_ text: String) -> String {
        guard let data = try? MarketJSON.encoder.encode([text]) else { return "\"\"" }
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
