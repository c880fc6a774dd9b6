/// A vendor secret. However it is printed (interpolated, dumped, logged, described in an
/// error), it shows as `••••••`, so it cannot reach a trace, a message, a recording or a journal
/// by accident. `revealed` is for the one place it belongs, the request's `secret` field, and
/// for finding it in text to mask (`SecretMasking`).
public struct Secret: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// What every printed secret looks like.
    public static let mask = "••••••"

    /// The secret itself.
    public let revealed: String

    public init(_ revealed: String) { self.revealed = revealed }
    public init(stringLiteral value: String) { self.revealed = value }

    public var isEmpty: Bool { revealed.isEmpty }

    public var description: String { Self.mask }
    public var debugDescription: String { "Secret(\(Self.mask))" }
    /// No children: `dump` and the debugger's views print no more than the mask.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Saved as the plain string (in a 0600 profile), since that is what it is for.
    public init(from decoder: any Decoder) throws {
        revealed = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(revealed)
    }
}
