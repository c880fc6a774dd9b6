import Foundation
import OpenMarketContract
import TerminalText

/// What TAB completion and the prompt need, kept behind a lock so the line editor's callback
/// can read it synchronously while the session actor updates it.
public final class ShellIndex: @unchecked Sendable {
    private let lock = NSLock()
    // All guarded by `lock`.
    private var server: URL?
    private var vendor: String?
    private var seen: [Int: String] = [:]
    private var variables: [String] = []
    private var recording: String?
    let profiles: ProfileStore
    /// The session's commands (immutable).
    public let registry: CommandRegistry

    init(profiles: ProfileStore, registry: CommandRegistry = .shell) {
        self.profiles = profiles
        self.registry = registry
    }

    func update(server: URL, vendor: String?) {
        lock.withLock {
            self.server = server
            self.vendor = vendor
        }
    }

    func remember(_ products: [(Int, String)]) {
        lock.withLock {
            for (id, name) in products { seen[id] = name }
        }
    }

    func forget(_ id: Int) { lock.withLock { _ = seen.removeValue(forKey: id) } }

    /// The session's variable names, for completing `$na⇥`.
    public func updateVariables(_ names: [String]) { lock.withLock { variables = names.sorted() } }

    /// The file a recording writes to (nil: none), shown in the prompt.
    public func setRecording(_ path: String?) { lock.withLock { recording = path } }

    var variableNames: [String] { lock.withLock { variables } }

    var seenProducts: [(id: Int, name: String)] {
        lock.withLock { seen.map { ($0.key, $0.value) }.sorted { $0.id < $1.id } }
    }

    /// `openmarket acme@127.0.0.1:8080> `, coloured when asked (with the `\u{1}` brackets libedit
    /// needs to know the colour codes take no room).
    public func prompt(color: Bool) -> String {
        let (server, vendor, recording) = lock.withLock { (self.server, self.vendor, self.recording) }
        let host = server.map { url in (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "") } ?? "?"
        // `[rec tour.om]`: a recording is on, and where it goes.
        let mark = recording.map { "[rec \(TerminalText.visible(String(($0 as NSString).lastPathComponent.prefix(30))))]" }
        guard color else { return "openmarket \(vendor.map { "\($0)@" } ?? "")\(host)\(mark.map { " " + $0 } ?? "")> " }
        func paint(_ text: String, _ code: String) -> String { "\u{1}\u{1B}[\(code)m\u{1}\(text)\u{1}\u{1B}[0m\u{1}" }
        return paint("openmarket", "1") + " " + (vendor.map { paint($0, "32") + "@" } ?? "") + paint(host, "36")
            + (mark.map { " " + paint($0, "31") } ?? "") + "> "
    }
}
