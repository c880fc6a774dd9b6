import OpenMarketAPI

/// Marks the requests the shell sends for its own bookkeeping rather than for the command that
/// was typed (the resume journal's lookup of the newest id, say), so the trace and a dry run
/// can say why a request that the script never asked for is there. The mark is a note on the
/// request (`RequestNotes.bookkeeping`, set on the client it is sent with), read by the
/// transports that show requests: nothing sent changes.
public enum Bookkeeping {
    /// The line shown above a bookkeeping request.
    public static func label(_ reason: String) -> String { "(bookkeeping: \(reason))" }

    /// The label of `request`, if it is bookkeeping.
    public static func label(of request: HTTPRequestData) -> String? { request.notes.bookkeeping.map(label) }
}
