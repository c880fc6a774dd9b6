import NIOCore

/// Runs the Swift jobs of the tasks that prefer it on one SwiftNIO event loop: the loop a
/// transport's connections live on (`HTTPTransport.taskExecutor`).
///
/// Written here because SwiftNIO makes an event loop an actor's `SerialExecutor`, not a
/// `TaskExecutor` for a task and its nonisolated code. A task that sends one request after
/// another and does a little work between them (a script's lines) then never leaves the loop:
/// a request is queued where it runs, and its answer resumes the task on the same thread,
/// where otherwise each request wakes the loop from the cooperative pool and each answer wakes
/// the pool from the loop.
///
/// Only for work that mostly waits on the loop's own I/O: what runs here holds the loop's other
/// connections up while it runs. A request started after such a task held the loop for long
/// (a question to a person, a slow pipe) waits for the loop to read its sockets first, so that a
/// connection the server closed meanwhile is seen closed (`AsyncHTTPClientTransport.send`).
public final class EventLoopTaskExecutor: TaskExecutor {
    public let loop: any EventLoop

    public init(loop: any EventLoop) { self.loop = loop }

    /// Whether the calling code runs on this executor's loop.
    public var isCurrent: Bool { loop.inEventLoop }

    /// The loop must outlive the tasks that prefer it: a loop that has shut down drops what it is
    /// given, and such a task would never resume (the process-wide client's loop never shuts down).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // From the loop's own thread `execute` only queues (no wake-up); from any other, it
        // wakes the loop once.
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
