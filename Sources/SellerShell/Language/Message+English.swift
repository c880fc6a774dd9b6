import OpenMarketContract

/// The English catalog: every ``Message`` in English (the fallback for other locales too).
extension Message {
    var english: String {
        switch self {
        case .heading(let heading): heading.english
        case .soldOut: "sold out"
        case .stockAndVerb(let stock, let verb): "stock \(stock) · \(verb.english)"
        case .noProducts: "no products"
        case .noProductsOnPage(let page): "no products on page \(page)"
        case .pageSummary(let page, let pages, let total, let next):
            "page \(page) of \(pages), \(Self.count(total, "product"))" + (next.map { " — 'list \($0)' for more" } ?? "")
        case .pastTheEnd(let page, let total, let pages, let perPage):
            "page \(page) is past the end: \(Self.count(total, "product")) fill \(Self.count(pages, "page")) of \(perPage)"
                + " — 'list \(pages)' shows the last"
        case .severalDone(let done, let total, let verb): "\(done) of \(total) \(verb.english)"

        case .cannotReach(let server, let reason):
            "cannot reach \(server) (\(reason)) — is the server running? try 'connect URL'"
        case .tryAgainOrConnect(let problem): "\(problem) — try again, or 'connect URL' to another server"
        case .cancelled: "cancelled"
        case .notLoggedIn: "not logged in — use 'login' (or 'use PROFILE') first"
        case .serverRefused(let status, let reason, let message):
            message.isEmpty
                ? "the server refused (\(status)\(reason.isEmpty ? "" : " \(reason)"))"
                : "the server refused (\(status)): \(message)"
        case .timedOut(let server, let after): "\(server) did not answer within \(after)"
        case .connectionLost(let server, let reason): "the connection to \(server) was lost (\(reason))"
        case .changedSinceRead(let message):
            "the product changed since it was read (412)" + (message.isEmpty ? "" : ": \(message)")
        case .problemsNothingSent(let count): "\(count) problems, nothing was sent:"
        case .refused401(let message):
            "the server refused (401): \(message) — check your login with 'whoami', or 'login' again"
        case .unknownCommand(let word, let guesses):
            "unknown command '\(word)'"
                + (guesses.isEmpty ? "" : "; did you mean \(guesses.map { "'\($0)'" }.joined(separator: " or "))?")
                + " ('help' lists commands)"
        case .usage(let usage): "usage: \(usage)"
        case .noSuchCommand(let name): "no command '\(name)'"

        case .helpCommandsHeading: "commands:"
        case .helpFooter:
            "'help COMMAND' shows usage and examples. Quotes and backslashes work as in a shell.\n"
                + "End a command with 'as NAME' to name its product; then $NAME is its id and ${NAME.price} a field."
        case .helpUsage(let usage): "usage: \(usage)"
        case .helpOptionsHeading: "options:"
        case .helpAliases(let aliases): "aliases: \(aliases)"
        case .helpExamplesHeading: "examples:"

        case .stepPrompt(let index, let total): "[\(index)/\(total)] Enter: send · s: skip · c: continue · q: quit"
        case .stepClosing(let name, let requests, let checks):
            "\(name): \(Self.count(requests, "request")), "
                + (checks == 0 ? "no checks" : "\(Self.count(checks, "check")) passed")
        case .stepStopped(let name, let line, let sent, let skipped, let notReached):
            "\(name): stopped at line \(line): \(sent) sent, \(skipped) skipped, \(notReached) not reached"
        case .stepNeedsTerminal(let file): "--step waits for a person at a terminal; running \(file) straight through"
        case .linesFailed(let failed, let total, let places):
            "\(failed) of \(total) line\(total == 1 ? "" : "s") failed: \(places)"
        case .resumed(let name, let skipped, let recovered):
            "resumed \(name): \(Self.count(skipped, "line")) already done"
                + (recovered > 0 ? ", \(recovered) found made before the interruption" : "")
        case .morePrompt: "── more: Enter · c: the rest without stopping ──"
        case .expectFailed(let left, let op, let right): "expected \(left) \(op) \(right)"

        case .noAnswer(let why): "no answer (\(why))"
        case .byteCount(let bytes): ByteCountText.format(bytes)
        case .dryRunMark: "(dry run: not sent, the answer made up)"
        case .exchangeHeading(let number): "exchange #\(number)"
        case .sentBy(let command): "sent by `\(command)`"
        case .notebookTitle: "# HTTP lab notebook"
        case .notebookInfo(let server, let written, let count):
            "Server: \(server) · written \(written) · \(Self.count(count, "exchange"))"
        case .notebookSentBy(let command): "Sent by \(command)"
        case .notebookRequest: "Request:"
        case .notebookAnswer: "Answer:"

        case .localMarketAt(let url, let vendor): "local market at \(url) (logged in as \(vendor))"
        case .localMarketData(let path): "its data: \(path)"
        case .localMarketStorefront(let url): "its storefront, as buyers see it: \(url)"
        }
    }

    /// `1 product`, `3 products`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

extension Message.Heading {
    var english: String {
        switch self {
        case .id: "id"
        case .name: "name"
        case .price: "price"
        case .discount: "discount"
        case .final: "final"
        case .stock: "stock"
        case .vendor: "vendor"
        case .created: "created"
        case .changed: "changed"
        case .description: "description"
        case .thumbnail: "thumbnail"
        case .image: "image"
        }
    }
}

extension Message.Verb {
    var english: String {
        switch self {
        case .registered: "registered"
        case .updated: "updated"
        case .changed: "changed"
        case .deleted: "deleted"
        }
    }
}
