import OpenMarketAPI

/// Marks the requests the shell sends for its own bookkeeping rather than for the command that
/// was typed (the resume journal's lookup of the newest id, say), so the trace and a dry run
/// can say why a request that the script never asked for is there. The mark is a note on the
/// request (`RequestNotes.bookkeeping`, set on the client it is sent with), read by the
/// transports that show requests: nothing sent changes.
///
/// The note holds a ``BookkeepingReason``'s raw value (what the exchange log keeps, a program's
/// word); the label is said from the typed reason, in the reader's language.
public enum Bookkeeping {
    /// The line shown above a bookkeeping request: the reason's words when the note is a
    /// ``BookkeepingReason``, else the caller's own words as noted.
    public static func label(_ reason: String) -> String {
        if let known = BookkeepingReason(rawValue: reason) { return TraceMessage.bookkeeping(known).text }
        return TraceMessage.bookkeepingNoted(reason).text
    }

    /// The label of `request`, if it is bookkeeping.
    public static func label(of request: HTTPRequestData) -> String? { request.notes.bookkeeping.map(label) }
}

/// Why the shell sends a request for itself. The raw value is what a request's notes and the
/// exchange log keep; the words are ``TraceMessage/bookkeeping(_:)``'s.
public enum BookkeepingReason: String, Sendable, CaseIterable {
    /// Before a run's first create, the newest id, so a resumed run can find what it made.
    case newestBeforeFirstCreate = "journal-newest-id"
}
