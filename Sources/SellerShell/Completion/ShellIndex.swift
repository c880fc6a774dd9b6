import Foundation
import OpenMarketContract
import Synchronization
import TerminalText

/// What TAB completion and the prompt need, kept behind a mutex so the line editor's callback
/// can read it synchronously while the session actor updates it.
public final class ShellIndex: Sendable {
    private struct State {
        var server: URL?
        var vendor: String?
        var seen: [Int: String] = [:]
        var variables: [String] = []
        var recording: String?
    }

    private let state = Mutex(State())
    let profiles: ProfileStore
    /// The session's commands (immutable).
    public let registry: CommandRegistry

    init(profiles: ProfileStore, registry: CommandRegistry = .shell) {
        self.profiles = profiles
        self.registry = registry
    }

    /// The server the session is on, as last set (read without waiting for the session).
    public var server: URL? { state.withLock { $0.server } }

    func update(server: URL, vendor: String?) {
        state.withLock { state in
            state.server = server
            state.vendor = vendor
        }
    }

    func remember(_ products: [(Int, String)]) {
        state.withLock { state in
            for (id, name) in products { state.seen[id] = name }
        }
    }

    func forget(_ id: Int) { state.withLock { _ = $0.seen.removeValue(forKey: id) } }

    /// The session's variable names, for completing `$na⇥`.
    public func updateVariables(_ names: [String]) { state.withLock { $0.variables = names.sorted() } }

    /// The file a recording writes to (nil: none), shown in the prompt.
    public func setRecording(_ path: String?) { state.withLock { $0.recording = path } }

    var variableNames: [String] { state.withLock { $0.variables } }

    var seenProducts: [(id: Int, name: String)] {
        state.withLock { $0.seen.map { ($0.key, $0.value) }.sorted { $0.id < $1.id } }
    }

    /// `openmarket acme@127.0.0.1:8080> `, coloured when asked (with the `\u{1}` brackets libedit
    /// needs to know the colour codes take no room).
    public func prompt(color: Bool) -> String {
        let (server, vendor, recording) = state.withLock { ($0.server, $0.vendor, $0.recording) }
        let host = server.map { url in (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "") } ?? "?"
        // `[rec tour.om]`: a recording is on, and where it goes.
        let mark = recording.map { "[rec \(TerminalText.visible(String(($0 as NSString).lastPathComponent.prefix(30))))]" }
        guard color else { return "openmarket \(vendor.map { "\($0)@" } ?? "")\(host)\(mark.map { " " + $0 } ?? "")> " }
        func paint(_ text: String, _ code: String) -> String { "\u{1}\u{1B}[\(code)m\u{1}\(text)\u{1}\u{1B}[0m\u{1}" }
        return paint("openmarket", "1") + " " + (vendor.map { paint($0, "32") + "@" } ?? "") + paint(host, "36")
            + (mark.map { " " + paint($0, "31") } ?? "") + "> "
    }
}
