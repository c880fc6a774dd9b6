import OpenMarketContract

/// What the trace (`set trace on`, `--trace`) says around the exchanges it shows: the label of
/// a bookkeeping request, a request with no answer, and the bodies it does not print (their
/// size and type). Headers, bodies and status lines are the protocol's own text and stay as
/// sent. Each language is one exhaustive `switch` (`TraceMessage+English.swift`,
/// `TraceMessage+Korean.swift`).
public enum TraceMessage: Spoken, Equatable {
    /// The line above a request the shell sent for itself.
    case bookkeeping(BookkeepingReason)
    /// The same, for a reason a caller noted in its own words.
    case bookkeepingNoted(String)
    /// `← no response: …`, with the transport's failure.
    case noResponse(String)
    /// A multipart body not shown byte by byte.
    case multipartBody(bytes: Int, contentType: String)
    /// A body that is not text.
    case binaryBody(bytes: Int)
    /// After a text body cut at the trace's limit: how long it was.
    case cutBody(bytes: Int)
    /// One part of a multipart body (`name="images"; filename="a.jpg"`, its type and size).
    case part(label: String, contentType: String, bytes: Int)
}
