/// A vendor name is already in use: names identify vendors to people, so each is given once.
public struct VendorNameTaken: Error, CustomStringConvertible, Sendable {
    public let name: String
    /// The vendor that has the name.
    public let id: Int

    /// In the reader's language (``ServerMessage/vendorNameTaken(name:id:)``).
    public var description: String { ServerMessage.vendorNameTaken(name: name, id: id).text }
}
