/// Marks the requests the shell sends for its own bookkeeping rather than for the command that
/// was typed (the resume journal's lookup of the newest id, say), so the trace and a dry run
/// can say why a request that the script never asked for is there. The mark is a task-local
/// value set around the call, read by the transports that show requests: nothing in the
/// request itself changes.
public enum Bookkeeping {
    /// Why the requests sent in the current task are bookkeeping; nil for ordinary requests.
    @TaskLocal public static var reason: String?

    /// The line shown above a bookkeeping request.
    public static func label(_ reason: String) -> String { "(bookkeeping: \(reason))" }

    /// The label of the current task's requests, if they are bookkeeping.
    public static var currentLabel: String? { reason.map(label) }
}
