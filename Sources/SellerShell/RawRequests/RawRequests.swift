import Foundation
import OpenMarketAPI
import OpenMarketContract

/// The raw request commands (`GET /api/products`, …): their specs, which words are one, and
/// the API's paths for completion.
public enum RawRequests {
    /// One command per method, in the order `help` lists them.
    public static let commands: [any ShellCommand.Type] = [
        RawGET.self, RawHEAD.self, RawPOST.self, RawPUT.self, RawPATCH.self, RawDELETE.self, RawOPTIONS.self,
    ].map(requestType(for:))

    /// `RawRequest<M>` for `method`'s type M, made from M's own witness table. Written out as
    /// `RawRequest<RawGET>.self`, each type is made from its mangled name, for which the Swift
    /// runtime checks `RawGET: RawMethod` by scanning every protocol conformance of the binary
    /// (12,000): `openmarket --version` made 38 scans, 31 this way (counted with a uprobe on
    /// the runtime's scan), about 50 µs each. Not inlined, so that the optimizer does not write
    /// the types out again. (The spec's flags still cost `RawGET`'s scan: their key paths.)
    @inline(never)
    static func requestType(for method: any RawMethod.Type) -> any ShellCommand.Type {
        func requestType<M: RawMethod>(_: M.Type) -> any ShellCommand.Type { RawRequest<M>.self }
        return requestType(method)
    }

    /// The command for these words when they are a raw request: an HTTP method (`PATCH`, or
    /// `patch` followed by a path) then a path. `patch 3 price=1` stays the `patch` command.
    public static func command(for words: [Word]) -> (any ShellCommand.Type)? {
        guard let first = words.first, !first.wasQuoted, let method = method(named: first.text) else { return nil }
        let typedUpper = first.text == method.rawValue
        guard typedUpper || (words.count > 1 && looksLikePath(words[1].text)) else { return nil }
        return commands.first { $0.commandNames.name == method.rawValue }
    }

    /// The method `word` names in any case (`patch`, `Get`), compared as ASCII letters: every
    /// line of a script asks, and uppercasing the word first (Unicode case mapping, a new string)
    /// showed in what a `show` line costs.
    static func method(named word: String) -> HTTPMethod? {
        let letters = word.utf8
        guard (3...7).contains(letters.count), let first = letters.first else { return nil }
        // A method's first letter, in either case (`show` is none): the other words are told
        // without comparing them with each method.
        switch first | 0x20 {
        case UInt8(ascii: "g"), UInt8(ascii: "p"), UInt8(ascii: "d"), UInt8(ascii: "h"), UInt8(ascii: "o"): break
        default: return nil
        }
        return HTTPMethod.allCases.first { method in
            method.rawValue.utf8.elementsEqual(letters) { upper, typed in
                upper == typed || (typed >= UInt8(ascii: "a") && typed <= UInt8(ascii: "z") && upper == typed - 32)
            }
        }
    }

    /// The methods closest to a mistyped `word` followed by a path (`GTE /api/products` → `GET`):
    /// as close as a command's name must be (`EditDistance.limit`), in upper case.
    static func methodSuggestions(for word: String) -> [String] {
        let typed = word.uppercased()
        return HTTPMethod.allCases.map(\.rawValue).filter { EditDistance.between(typed, $0) <= EditDistance.limit(for: typed) }
    }

    /// A path on the market (`/api/products`) or a full `http(s)://` URL.
    static func looksLikePath(_ text: String) -> Bool {
        text.hasPrefix("/") || text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// The contract's paths, for TAB after a method.
    public static let paths = ["/healthChecker", "/api/products", "/api/products/"]

    /// `/api/products/12…` → 12.
    static func productID(in path: String) -> Int? {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard let range = bare.range(of: "/api/products/") else { return nil }
        return Int(bare[range.upperBound...].prefix { $0.isNumber })
    }

    /// Each method's spec, in `HTTPMethod.allCases`' order: a list, since a dictionary keyed by
    /// method costs one more scan of the conformances at start (`HTTPMethod: Hashable`).
    private static let specs: [CommandSpec] = HTTPMethod.allCases.map(makeSpec)

    static func spec(for method: HTTPMethod) -> CommandSpec {
        HTTPMethod.allCases.firstIndex(of: method).map { specs[$0] } ?? makeSpec(method)
    }

    /// The method's command's name (`HEAD`) and alias (`head`; `get`, `patch` and `delete` are
    /// the shell's own commands).
    static func names(for method: HTTPMethod) -> CommandNames {
        let name = method.rawValue
        return CommandNames(name, aliases: [.head, .post, .put, .options].contains(method) ? [name.lowercased()] : [])
    }

    private static func makeSpec(_ method: HTTPMethod) -> CommandSpec {
        let names = names(for: method)
        let name = names.name
        let (summary, example, effect, repeats): (ShellHelp, String, CommandSpec.Effect, Bool) =
            switch method {
            case .get:
                (ShellHelp.requestGet, "GET /api/products search_value==mug items_per_page==5", .reads, true)
            case .head: (ShellHelp.requestHead, "HEAD /api/products/3", .reads, true)
            case .post:
                (
                    ShellHelp.requestPost,
                    "POST /api/products name=Mug description='A mug for coffee' price:=3500 currency=KRW secret=@secret images@mug.jpg",
                    .creates, false
                )
            case .put: (ShellHelp.requestPut, "PUT /api/products/3 price:=3500 secret=@secret", .changes, true)
            case .patch:
                (
                    ShellHelp.requestPatch, "PATCH /api/products/3 price:=3500 secret=@secret",
                    .changes, false
                )
            case .delete: (ShellHelp.requestDelete, "DELETE /api/products/3/TOKEN", .deletes, true)
            case .options: (ShellHelp.requestOptions, "OPTIONS /api/products/3", .reads, true)
            }
        return CommandSpec(
            name: name, aliases: names.aliases,
            summary: summary,
            usage: "\(name) PATH [ITEM…] [--no-auth] [--check-status] [--offline]", notes: Message.requestItemGuide,
            examples: [example], flags: RawRequest<RawGET>.options.map(\.flag), positional: [.apiPath], effect: effect,
            repeatsSafely: repeats, returnsProduct: true, rawWords: true)
    }
}
