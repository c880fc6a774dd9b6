/// What the caller says about a request beside the request itself, for the transports that wrap
/// the real one (one that keeps exchanges, one that shows them): never sent, and no part of the
/// request's equality. A `MarketClient` copies its `notes` into each request it sends, so a
/// caller notes once, on the client it sends with, what every one of its requests is for.
public struct RequestNotes: Sendable, Hashable {
    /// What the requests were sent for, as the caller names it (a shell: the line as typed).
    public var label: String?
    /// Why the caller sent the request for itself rather than for what it was asked to do; nil
    /// for an ordinary request.
    public var bookkeeping: String?
    /// The number a transport that keeps exchanges gave this one, for the transports inside it
    /// to show.
    public var number: Int?
    /// What the caller attached of its own, by key (as `ServiceContext` keeps values by type).
    /// A few at most (the shell attaches three): a list searched in order, not a dictionary,
    /// whose hashing and first growth every line's notes paid (perf record of a script).
    @usableFromInline var attachments: [(key: ObjectIdentifier, value: any Sendable)] = []
    /// Work the caller leaves for the time the request is in flight (a script's previous line
    /// drawn while the market answers this one): a transport that sends from a thread of its own
    /// runs it there once the request is on its way, at most once. A transport that does not is
    /// free to ignore it: the caller does the work itself later, so it must be safe to run on any
    /// thread, and more than once (doing nothing the second time).
    public var whileAwaiting: (@Sendable () -> Void)?
    /// Set by `HTTPRequestData.framed()`: what the request's framing headers were written for
    /// (its method and its body's length), so that a transport inside the one that framed it (an
    /// exchange log frames the request it keeps, and sends that) does not frame it again. A
    /// request whose method or body changed since is framed again. (Its `Host`, once there, is
    /// kept by any framing, as a `Host` the caller set is.)
    public var framedFor: FramedFor?

    /// What a request's `Content-Length` was written for.
    public struct FramedFor: Sendable, Equatable {
        public var method: HTTPMethod
        public var bodyLength: Int
    }

    public init(label: String? = nil, bookkeeping: String? = nil, number: Int? = nil) {
        self.label = label
        self.bookkeeping = bookkeeping
        self.number = number
    }

    /// The value the caller attached under `key`, a type of its own that names what it holds.
    /// Inlinable, so that it is specialized for each key where it is used: unspecialized, every
    /// line's notes looked up the metadata of its value's optional type at run time.
    @inlinable public subscript<Key: RequestNoteKey>(_ key: Key.Type) -> Key.Value? {
        get {
            let id = ObjectIdentifier(key)
            return attachments.first { $0.key == id }?.value as? Key.Value
        }
        set {
            let id = ObjectIdentifier(key)
            if let index = attachments.firstIndex(where: { $0.key == id }) {
                if let newValue { attachments[index].value = newValue } else { attachments.remove(at: index) }
            } else if let newValue {
                attachments.append((id, newValue))
            }
        }
    }

    /// Notes are not the request: two requests alike on the wire are alike whatever is noted.
    public static func == (_: RequestNotes, _: RequestNotes) -> Bool { true }

    public func hash(into _: inout Hasher) {}
}

/// A key for a value a caller attaches to `RequestNotes`: a type of the caller's own, so that
/// no other caller's value can be read or replaced by mistake.
public protocol RequestNoteKey {
    associatedtype Value: Sendable
}
