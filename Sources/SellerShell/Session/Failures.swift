import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

extension ShellSession {
    /// A failed command as the person reads it: one line (then any detail lines) and a status.
    /// `prefix` goes in front of the first line (the command and its product, `delete 3: `, when
    /// nil); a command that lists each product's failure under its own `#3: ` gives "".
    func failureReport(_ error: any Error, _ command: any ShellCommand, prefix given: String? = nil) -> CommandReport {
        let prefix = given ?? command.failurePrefix
        switch error {
        case let failure as CommandFailure where failure.alreadyReported:
            // Already reported where it happened (a sourced script's own lines).
            return CommandReport(status: failure.status)
        case let failure as CommandFailure:
            var lines = Self.lines(for: failure, spec: type(of: command).spec)
            lines[0] = prefix + failure.message
            return CommandReport(
                status: failure.status, failure: lines, usage: Self.usage(for: failure, spec: type(of: command).spec))
        case let error as MarketError:
            // A server's text (its message, an excerpt of its body) through `visible`, as
            // product text is: bidi controls shown as <U+202E>, never acted on.
            let changing = mayHaveChanged(command)
            var (status, lines) = describe(error, prefix: prefix, changing: changing)
            if case .serverRefused(403, _) = error, let refuted = refuteGivenVendor() { lines.append(refuted) }
            var report = CommandReport(status: status, failure: lines.map { TerminalText.visible($0) })
            switch error {
            case .timedOut, .connectionLost, .cancelled:
                report.outcomeUnknown = true
                if changing { report.failure.append(Message.mayHaveBeenMade.text) }
            default: break
            }
            return report
        case is CancellationError:
            var report = CommandReport(
                status: .interrupted, failure: [(given ?? "\(type(of: command).spec.name): ") + Message.cancelled.text])
            report.outcomeUnknown = true
            if mayHaveChanged(command) { report.failure.append(Message.mayHaveBeenMade.text) }
            return report
        default:
            return CommandReport(status: .failed, failure: [prefix + TerminalText.visible(Self.readable(error))])
        }
    }

    /// After a 403: when the refused request was a change to a product this session read as
    /// the given vendor id's, that id is not this login's. It is forgotten (and dropped from the
    /// profile), and the line that says so is answered; nil when the refusal says nothing of it.
    func refuteGivenVendor() -> String? {
        guard let given = vendorID, vendorStanding == .given else { return nil }
        let exchanges = exchanges.exchanges
        guard let refused = exchanges.last(where: { $0.response?.status == 403 }),
            let id = Self.productID(refused.request.url), refused.request.method != "GET"
        else { return nil }
        // The product as last read before the refusal: whose it is, as the server said.
        let read = exchanges.last { exchange in
            exchange.number < refused.number && exchange.request.method == "GET" && exchange.response?.status == 200
                && Self.productID(exchange.request.url) == id && exchange.request.url.pathComponents.count == 4
        }
        guard let body = read?.response?.body.data, let product = try? MarketJSON.decoder.decode(Product.self, from: body),
            (product.vendor?.id ?? product.vendorID) == given
        else { return nil }
        let profile = profileName
        guard forgetGivenVendor() != nil else { return nil }
        return VendorMessage.refutedByRefusal(given: given, product: id, profile: profile).text
    }

    /// `/api/products/7` or `/api/products/7/…`: 7.
    static func productID(_ url: URL) -> Int? {
        let parts = url.pathComponents
        guard parts.count >= 4, parts[1] == "api", parts[2] == "products" else { return nil }
        return Int(parts[3])
    }

    /// A broken rule with its field named as the seller types it (`discount`, not the contract's
    /// `discounted_price`): the violation's subject is a field's wire name, looked up, not text.
    public static func typed(_ violation: RuleViolation) -> String {
        let field = ProductField.allCases.first { $0.wireName == violation.subject }
        return "\(field?.rawValue ?? violation.subject): \(violation.rule)"
    }

    /// The server's own message (text, not a typed violation) with the contract's field names
    /// (`discounted_price: …`) in the words the seller types (`discount: …`).
    static func inTypedWords(_ text: String) -> String {
        var result = text
        for field in ProductField.allCases where field.wireName != field.rawValue {
            result = result.replacingOccurrences(
                of: "\\b\(field.wireName)(?=:)", with: field.rawValue, options: .regularExpression)
        }
        return result
    }

    /// An error as a sentence: its own description or localized text, never a type dump.
    static func readable(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError { return (cocoa as NSError).localizedDescription }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        // Every error type of this package describes itself for a person.
        return String(describing: error)
    }

    /// Whether `command`, cut off (Ctrl-C, a timeout, a dropped connection), may have changed
    /// the market all the same: it makes changes, and its last request went out with no answer
    /// (the exchange log's last, not a read). Then "cancelled" alone, or "try again", would make
    /// the seller send it twice: a product made twice, a stock moved twice (found by trying the
    /// shell as a new user: `register` cut by Ctrl-C said "cancelled", and the product was there).
    func mayHaveChanged(_ command: any ShellCommand) -> Bool {
        switch type(of: command).spec.effect {
        case .creates, .changes, .deletes, .script: break
        case .none, .reads, .session: return false
        }
        guard let last = exchanges.exchanges.last else { return false }
        return last.response == nil && last.request.method != "GET" && last.request.method != "HEAD"
    }

    /// A failure's lines; `changing`: the command may have changed the market (`mayHaveChanged`),
    /// so a timeout does not say "try again" (the line after it says to look first).
    private func describe(_ error: MarketError, prefix: String, changing: Bool = false) -> (CommandStatus, [String]) {
        switch error {
        case .cannotConnect(_, _, let reason):
            return (
                .unreachable,
                [prefix + Message.cannotReach(server: client.baseURL.absoluteString, reason: reason).text]
            )
        case .timedOut(let host, let port, let after):
            let problem = Message.timedOut(server: "\(host):\(port)", after: MarketError.seconds(after)).text
            return (.unreachable, [prefix + (changing ? problem : Message.tryAgainOrConnect(problem).text)])
        case .connectionLost(let host, let port, let reason):
            let problem = Message.connectionLost(server: "\(host):\(port)", reason: reason).text
            return (.unreachable, [prefix + (changing ? problem : Message.tryAgainOrConnect(problem).text)])
        case .cancelled:
            return (.interrupted, [prefix + Message.cancelled.text])
        case .missingCredentials:
            return (.failed, [prefix + Message.notLoggedIn.text])
        case .invalidInput(let violations) where violations.count > 1:
            return (
                .failed,
                [prefix + Message.problemsNothingSent(count: violations.count).text] + violations.map { "  " + Self.typed($0) }
            )
        case .invalidInput(let violations):
            return (.failed, ["\(prefix)" + violations.map(Self.typed).joined(separator: "; ")])
        case .serverRefused(401, let message):
            return (
                .failed,
                [prefix + Message.refused401(message: Self.inTypedWords(message)).text]
            )
        case .serverRefused(let status, let message):
            // The server's refusals are its text: field names put in the seller's words.
            let refused = Message.serverRefused(
                status: status, reason: HTTPStatusPhrase.reason(status), message: Self.inTypedWords(message))
            return (.failed, [prefix + refused.text])
        case .preconditionFailed(let message):
            return (.failed, [prefix + Message.changedSinceRead(message: Self.inTypedWords(message)).text])
        default:
            return (.failed, ["\(prefix)\(Self.inTypedWords(error.description))"])
        }
    }
}

extension CommandReport {
    /// How a command that threw `error` ended, without the words: its status, and whether a
    /// request may have reached the server (a timeout, a dropped connection, Ctrl-C; a refused
    /// connection did not). `failureReport` says the same in words.
    public static func classify(_ error: any Error) -> (status: CommandStatus, outcomeUnknown: Bool) {
        switch error {
        case let failure as CommandFailure: (failure.status, false)
        case let error as MarketError:
            switch error {
            case .cannotConnect: (.unreachable, false)
            case .timedOut, .connectionLost: (.unreachable, true)
            case .cancelled: (.interrupted, true)
            default: (.failed, false)
            }
        case is CancellationError: (.interrupted, true)
        default: (.failed, false)
        }
    }
}
