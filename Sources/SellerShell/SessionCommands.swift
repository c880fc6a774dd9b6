import Foundation
import OpenMarketAPI
import OpenMarketContract

extension SellerShell {
    func help(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 1)
        if let name = arguments.positional.first?.text {
            guard let spec = CommandCatalog.find(name) else { throw CommandFailure.usage("no command '\(name)'") }
            console.write(CommandCatalog.helpText(for: spec))
        } else {
            console.write(CommandCatalog.overview)
        }
    }

    func login(_ arguments: Arguments) async throws {
        // `login ID SECRET`: the second word can only be a secret typed where it does not
        // belong. Refused without repeating it (the generic "unexpected 'WORD'" would print it);
        // the REPL keeps such a line out of the history (`mayKeepInHistory`).
        if arguments.positional.count > 1 {
            throw CommandFailure.usage(
                "the secret is never typed on the command line (it would stay in the history and in 'ps'): "
                    + "type 'login IDENTIFIER' and enter it when asked, or set OPENMARKET_SECRET; what you typed was not kept")
        }
        try arguments.rejectUnknown(flags: ["--save"], maxPositional: 1)
        if arguments.has("--save"), arguments.value("--save") == nil { throw CommandFailure.usage("--save needs a profile name") }
        var identifier = arguments.positional.first?.text
        if identifier == nil {
            guard console.isInteractive, let answer = console.ask("identifier: "), !answer.isEmpty else {
                throw CommandFailure.usage("give the identifier: login IDENTIFIER")
            }
            identifier = answer
        }
        // The secret never comes from the command line (it would land in the history and in
        // `ps`): from the environment in scripts, otherwise asked without echo.
        let secret: String
        if let fromEnvironment = ProcessInfo.processInfo.environment["OPENMARKET_SECRET"], !fromEnvironment.isEmpty,
            !console.isInteractive
        {
            secret = fromEnvironment
        } else if let answer = console.askSecret("secret for \(identifier!.prefix(8))…: "), !answer.isEmpty {
            secret = answer
        } else {
            throw CommandFailure.failed("no secret given; set OPENMARKET_SECRET in scripts")
        }
        let credentials = VendorCredentials(identifier: identifier!, secret: secret)
        client.credentials = credentials
        vendorName = nil
        vendorID = nil
        refreshIndex()
        if let name = arguments.value("--save") {
            try profiles.save(name, .init(server: client.baseURL.absoluteString, identifier: credentials.identifier, secret: secret, vendorName: nil))
            console.note("logged in as \(credentials.identifier.prefix(8))…; saved as profile '\(name)' (mode 0600)")
        } else {
            console.note("logged in as \(credentials.identifier.prefix(8))… (the secret is checked on the first change you make)")
        }
    }

    func logout(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 0)
        client.credentials = nil
        vendorName = nil
        vendorID = nil
        refreshIndex()
        console.note("logged out")
    }

    func whoami(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 0)
        var lines = ["server      \(client.baseURL.absoluteString)"]
        if let credentials = client.credentials, !credentials.identifier.isEmpty {
            lines.append("identifier  \(credentials.identifier.prefix(8))…")
            lines.append("vendor      \(vendorName ?? "(learned from your first register or patch)")\(vendorID.map { " (#\($0))" } ?? "")")
        } else {
            lines.append("vendor      not logged in ('login' or 'use PROFILE')")
        }
        console.write(lines.joined(separator: "\n"))
    }

    func use(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 1)
        guard let name = arguments.positional.first?.text else { throw CommandFailure.usage("which profile? (\(profiles.names().joined(separator: ", ")))") }
        let profile = try profiles.load(name)
        client.credentials = VendorCredentials(identifier: profile.identifier, secret: profile.secret)
        vendorName = profile.vendorName
        vendorID = nil
        if let server = profile.server.flatMap(URL.init(string:)) { client.baseURL = server }
        refreshIndex()
        console.note("using profile '\(name)': \(profile.identifier.prefix(8))… on \(client.baseURL.absoluteString)")
    }

    func connect(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 1)
        guard let text = arguments.positional.first?.text else { throw CommandFailure.usage("connect to which URL?") }
        let withScheme = text.contains("://") ? text : "http://\(text)"
        guard let url = URL(string: withScheme), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CommandFailure.usage("'\(text)' is not an http(s) URL")
        }
        client.baseURL = url
        refreshIndex()
        // A short probe, not the request timeout: a server that accepts and never answers must
        // not hold the prompt for 30 s. The switch is made either way; the note says how the
        // probe went.
        var probe = client
        probe.timeout = min(client.timeout, Self.connectProbeTimeout)
        let answered: MarketError?
        do {
            _ = try await probe.health()
            answered = nil
        } catch {
            answered = error
        }
        switch answered {
        case nil: console.note("connected to \(url.absoluteString)")
        case .cancelled?: throw MarketError.cancelled
        case let error? where error.isUnreachable:
            console.note("switched to \(url.absoluteString), but it does not answer yet (\(error)); commands will try it again")
        case let error?:
            throw CommandFailure.failed("switched to \(url.absoluteString), but its health check failed: \(error)")
        }
    }

    /// How long `connect` waits for the new server's health check.
    static let connectProbeTimeout: Duration = .seconds(2)

    func set(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 2)
        let words = arguments.positional.map(\.text)
        switch (words.first, words.dropFirst().first) {
        case ("output", "json"): outputJSON = true
        case ("output", "table"): outputJSON = false
        case ("trace", "on"): tracer.isEnabled = true
        case ("trace", "off"): tracer.isEnabled = false
        default: throw CommandFailure.usage("set output table|json, or set trace on|off")
        }
    }

    func history(_ arguments: Arguments) throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 0)
        let entries = console.history()
        let width = String(entries.count).count
        console.write(entries.enumerated().map { "\(String($0.offset + 1).padding(toLength: width, withPad: " ", startingAt: 0))  \($0.element)" }.joined(separator: "\n"))
    }
}

/// What to complete: ready candidates, or a file path (which the line editor lists, since it
/// owns the file-name rules), re-prefixed with `prefix` (`image=`).
public enum CompletionAnswer: Sendable, Equatable {
    case candidates(word: String, [(text: String, hint: String?)])
    case path(word: String, pathPart: String, prefix: String)

    public static func == (a: CompletionAnswer, b: CompletionAnswer) -> Bool {
        switch (a, b) {
        case (.candidates(let w1, let c1), .candidates(let w2, let c2)):
            w1 == w2 && c1.map(\.text) == c2.map(\.text) && c1.map(\.hint) == c2.map(\.hint)
        case (.path(let w1, let p1, let x1), .path(let w2, let p2, let x2)): w1 == w2 && p1 == p2 && x1 == x2
        default: false
        }
    }
}

extension ShellIndex {
    /// TAB completion for the line up to the cursor: command names, flags, field names after
    /// `register`/`patch`, file paths after `image=`, ids this session has seen (with names as
    /// hints), profile names after `use`.
    public func complete(_ lineBeforeCursor: String) -> CompletionAnswer {
        let word = String(lineBeforeCursor.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
        let before = String(lineBeforeCursor.dropLast(word.count))
        let previous = (try? WordSplitter.split(before)) ?? before.split(separator: " ").map { Word(String($0)) }
        if let dollar = word.lastIndex(of: "$") {
            // `$na⇥` and `${na⇥` anywhere in a word (`price=${mug.price}`).
            let start = word.index(after: dollar)
            let braced = word[start...].hasPrefix("{")
            let partial = word[(braced ? word.index(after: start) : start)...]
            let head = String(word[..<dollar]) + (braced ? "${" : "$")
            let names = variableNames.filter { $0.hasPrefix(partial) }
            return .candidates(word: word, names.map { (head + $0 + (braced ? "}" : ""), nil) })
        }
        guard let commandWord = previous.first?.text else {
            let names = CommandCatalog.all.map(\.name).filter { $0.hasPrefix(word) }
            return .candidates(word: word, names.map { ($0, nil) })
        }
        guard let spec = CommandCatalog.find(commandWord) else { return .candidates(word: word, []) }
        if word.hasPrefix("image="), spec.fields.contains("image=") {
            return .path(word: word, pathPart: String(word.dropFirst(6)), prefix: "image=")
        }
        if ["source", "record"].contains(spec.name), !word.hasPrefix("-") {
            return .path(word: word, pathPart: word, prefix: "")
        }
        if spec.name == "use" { return .candidates(word: word, profiles.names().filter { $0.hasPrefix(word) }.map { ($0, nil) }) }
        if spec.name == "help" {
            return .candidates(word: word, CommandCatalog.all.map(\.name).filter { $0.hasPrefix(word) }.map { ($0, nil) })
        }
        if spec.name == "set" {
            let options = previous.count == 1 ? ["output", "trace"] : (previous.last?.text == "output" ? ["table", "json"] : ["on", "off"])
            return .candidates(word: word, options.filter { $0.hasPrefix(word) }.map { ($0, nil) })
        }
        if word.hasPrefix("-") { return .candidates(word: word, spec.flags.filter { $0.hasPrefix(word) }.map { ($0, nil) }) }
        let takesID = ["show", "patch", "stock", "delete"].contains(spec.name)
        if takesID, previous.count == 1 {
            let ids = seenProducts.filter { String($0.id).hasPrefix(word) }
            return .candidates(word: word, ids.map { (String($0.id), $0.name) })
        }
        let fields = spec.fields.filter { $0.hasPrefix(word) }
        return .candidates(word: word, fields.map { ($0, nil) } + (word.isEmpty ? spec.flags.map { ($0, nil) } : []))
    }
}
