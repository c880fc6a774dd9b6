/// A vendor name is already in use: names identify vendors to people, so each is given once.
public struct VendorNameTaken: Error, CustomStringConvertible, Sendable {
    public let name: String
    /// The vendor that has the name.
    public let id: Int

    public var description: String { "a vendor named '\(name)' already exists (id \(id)); choose another name" }
}
