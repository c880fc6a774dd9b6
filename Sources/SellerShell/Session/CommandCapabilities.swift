import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// What the session keeps of what its commands have seen: the exchanges sent (`exchange N`, the
/// exports), the products shown (completion offers their ids) and the secrets every output
/// masks. A command reaches them through `CommandContext.records`, not the whole session: each
/// is a store that is safe from any thread, so adding to it visits no actor.
public struct SessionRecords: Sendable {
    /// Every exchange of the session, numbered.
    public let exchanges: ExchangeLog
    /// Completion and prompt data: the product ids seen, with their names.
    public let index: ShellIndex
    /// The secrets masked everywhere and sent only as the `secret` field.
    public let secrets: SessionSecrets

    /// Remembers products for completion (`show 1⇥` offers ids with their names).
    public func remember(_ products: [Product]) {
        // Names are the server's text: completion hints show them made visible and cut short.
        index.remember(products.map { ($0.id, TextLayout.visible($0.name, limit: 60)) })
    }
}

/// Who "me" is, as far as a command may learn or ask it (`CommandContext.vendor`): a change of
/// one's own product tells the session its vendor; `whoami` asks how that is known. Logging in,
/// which changes the vendor outright, is the session's own (`login`).
public struct VendorKnowledge: Sendable {
    let session: ShellSession
    /// The session's settings when the command started: what it already knows.
    let settings: SessionSettings

    /// Learns the vendor from a product this login just wrote, visiting the session only when
    /// the product says something `settings` does not know yet (a script's `patch` lines visit
    /// it once, not each).
    public func learn(from product: Product) async {
        guard !settings.knowsVendor(of: product) else { return }
        await session.learnVendor(from: product)
    }

    /// How this login's vendor id is known; nil when it is not.
    public var standing: VendorStanding? {
        get async { await session.vendorStanding }
    }
}

extension ShellSession {
    /// What the session has seen and masks, as a command reaches it.
    public nonisolated var records: SessionRecords { SessionRecords(exchanges: exchanges, index: index, secrets: secrets) }
}

extension CommandContext {
    /// What the session has seen and masks (`SessionRecords`).
    public var records: SessionRecords { session.records }

    /// Who "me" is (`VendorKnowledge`).
    public var vendor: VendorKnowledge { VendorKnowledge(session: session, settings: settings) }
}
