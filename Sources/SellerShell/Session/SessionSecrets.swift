import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization

/// The secrets a session must never print, store or send outside a `secret` field: the login's
/// secret (it changes with `login`, `use`, `logout`) and any other the session was given
/// (`OPENMARKET_SECRET`). Shared by the shell, the scripting layer and the console wrapper,
/// behind a mutex because the line editor's thread reads it too.
public final class SessionSecrets: Sendable {
    private struct State {
        var login: String?
        var others: [String] = []
        /// Every spelling of every secret, made ready to be looked for when the secrets change,
        /// not per line printed.
        var search = SecretSearch(spellings: [])

        var all: [String] { (login.map { [$0] } ?? []) + others }

        mutating func respell() { search = SecretSearch(spellings: SecretMasking.spellings(of: all)) }
    }

    private let state = Mutex(State())

    public init() {}

    /// Another secret to protect besides the login's (empty text is ignored).
    public func protect(_ secret: String?) {
        guard let secret, !secret.isEmpty else { return }
        state.withLock { state in
            if !state.others.contains(secret) { state.others.append(secret) }
            state.respell()
        }
    }

    func setLogin(_ secret: Secret?) {
        let secret = secret?.revealed
        state.withLock { state in
            guard state.login != secret else { return }
            state.login = secret
            state.respell()
        }
    }

    /// Every protected secret.
    public var all: [String] { state.withLock { $0.all } }
    var extra: [String] { state.withLock { $0.others } }

    /// `text` with every secret masked.
    public func masked(_ text: String) -> String { search.masked(text) }

    /// Whether `text` holds a secret.
    public func occurs(in text: String) -> Bool { search.occurs(in: text) }

    /// Whether `bytes` hold a secret, as UTF-8 (a body, without making it text first).
    public func occurs(in bytes: Data) -> Bool { search.occurs(in: bytes) }

    /// The secrets' spellings as they stand, ready to be looked for (taken once for a text of
    /// many parts: a request's or an answer's headers).
    public var search: SecretSearch { state.withLock { $0.search } }
}

/// A console that masks the session's secrets in everything written to it, whatever produced
/// the text: a server echoing the secret in a product, a trace, an error, `vars`.
public final class MaskingConsole: ShellConsole, Sendable {
    let inner: any ShellConsole
    let secrets: SessionSecrets
    /// A script line's drawing waiting for the next line's request (`HeldOutput`): drawn before
    /// anything else is written, asked, paged or edited here, so nothing comes out of order.
    public let held = HeldOutput()

    public init(wrapping inner: any ShellConsole, secrets: SessionSecrets) {
        self.inner = inner
        self.secrets = secrets
    }

    public func write(_ text: String) {
        held.drawHeld()
        inner.write(secrets.masked(text))
    }
    public func note(_ text: String) {
        held.drawHeld()
        inner.note(secrets.masked(text))
    }
    public func note(_ text: String, kind: NoteKind) {
        held.drawHeld()
        inner.note(secrets.masked(text), kind: kind)
    }
    public func ask(_ prompt: String) -> String? {
        held.drawHeld()
        return inner.ask(secrets.masked(prompt))
    }
    public func askSecret(_ prompt: String) -> String? {
        held.drawHeld()
        return inner.askSecret(secrets.masked(prompt))
    }
    public var isInteractive: Bool { inner.isInteractive }
    public var columns: Int? { inner.columns }
    public func clearScreen() -> Bool {
        held.drawHeld()
        return inner.clearScreen()
    }
    public var photoCanvas: (any PhotoCanvas)? { inner.photoCanvas }
    public func history() -> [String] { inner.history().map(secrets.masked) }
    /// A line holding a protected secret never reaches the history.
    public func addToHistory(_ line: String) { if !secrets.occurs(in: line) { inner.addToHistory(line) } }
    public func askPath(_ prompt: String) -> String? {
        held.drawHeld()
        return inner.askPath(secrets.masked(prompt))
    }
    public func askKey(_ prompt: String) -> String? {
        held.drawHeld()
        return inner.askKey(secrets.masked(prompt))
    }
    public func editFile(at path: String) -> EditorOutcome {
        held.drawHeld()
        return inner.editFile(at: path)
    }
    public func page(_ text: String) {
        held.drawHeld()
        inner.page(secrets.masked(text))
    }
    public func beginScreenful(keeping lines: [String]) {
        held.drawHeld()
        inner.beginScreenful(keeping: lines.map(secrets.masked))
    }
    @discardableResult public func endScreenful() -> ScreenfulEnd {
        held.drawHeld()
        return inner.endScreenful()
    }
}
