import Foundation
import OpenMarketContract

/// The `revision` cell as text (its format is ``RowRevision``'s documentation).
extension RowRevision {
    /// The version this program writes and reads.
    static let version = "v1"

    /// The cell `export` writes.
    public var cell: String {
        var parts = [Self.version]
        if let id { parts.append("id=\(id)") }
        if let updatedAt { parts.append("at=" + Self.escaped(updatedAt)) }
        for field in Self.digestFields {
            if case .digest(let digest)? = fields[field] { parts.append("\(field.rawValue)=#" + Self.escaped(digest)) }
        }
        for field in Self.valueFields {
            if case .value(let value)? = fields[field] { parts.append("\(field.rawValue)=" + Self.escaped(value)) }
        }
        if !photos.isEmpty { parts.append("photos=" + photos.map(Self.escaped).joined(separator: ".")) }
        let body = parts.joined(separator: ";")
        return body + ";sum=" + Self.sum(body)
    }

    /// The revision a cell holds; nil when it is not one this program wrote (cut short, edited,
    /// a later version: ``Reading`` says which).
    public init?(cell: String) {
        guard case .revision(let revision) = Self.read(cell) else { return nil }
        self = revision
    }

    /// What a cell holds.
    enum Reading: Equatable {
        case revision(RowRevision)
        /// Written by a later version of the format (`v2;…`).
        case newer(String)
        /// Not a revision, or changed since it was written.
        case unreadable
    }

    /// Reads a cell (spaces around it left out).
    static func read(_ cell: String) -> Reading {
        let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first else { return .unreadable }
        guard first == version else {
            let isVersion =
                first.unicodeScalars.first == "v" && first.unicodeScalars.count > 1
                && first.unicodeScalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
            return isVersion ? .newer(first) : .unreadable
        }
        guard parts.count >= 2, let last = parts.last, last.hasPrefix("sum="),
            String(last.dropFirst(4)) == sum(parts.dropLast().joined(separator: ";"))
        else { return .unreadable }
        var revision = RowRevision()
        var seen: Set<String> = []
        for part in parts.dropFirst().dropLast() {
            guard let equals = part.firstIndex(of: "="), seen.insert(String(part[..<equals])).inserted,
                let value = unescaped(String(part[part.index(after: equals)...])),
                revision.take(key: String(part[..<equals]), value: value)
            else { return .unreadable }
        }
        return .revision(revision)
    }

    /// Sets the part `key`; false for a key the format does not have or a value it cannot hold.
    private mutating func take(key: String, value: String) -> Bool {
        switch key {
        case "id":
            guard let number = Int(value), number > 0 else { return false }
            id = number
        case "at": updatedAt = value
        case "photos":
            photos = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            return photos.allSatisfy(Self.isDigest)
        default:
            guard let field = ProductField(rawValue: key) else { return false }
            if Self.digestFields.contains(field) {
                guard value.hasPrefix("#"), Self.isDigest(String(value.dropFirst())) else { return false }
                fields[field] = .digest(String(value.dropFirst()))
            } else if Self.valueFields.contains(field) {
                fields[field] = .value(value)
            } else {
                return false
            }
        }
        return true
    }

    /// 12 lower-case hex digits.
    private static func isDigest(_ text: String) -> Bool {
        text.unicodeScalars.count == 12 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The check at the cell's end: 8 hex digits of SHA-256 of the text before it.
    static func sum(_ body: String) -> String { String(digest(body).prefix(8)) }

    /// The characters a value keeps as they are; every other UTF-8 byte is `%XX`.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/")]
                .contains(byte)
        }
    }

    static func escaped(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            if isKept(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hex([byte], digits: 2).uppercased()
            }
        }
        return out
    }

    /// A value as written; nil when a `%` is not followed by two hex digits, a character is
    /// not one a value keeps, or the bytes are not UTF-8.
    static func unescaped(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard utf8.count >= 2, let decoded = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                    return nil
                }
                bytes.append(decoded)
                utf8 = utf8.dropFirst(2)
            } else if isKept(byte) || byte == UInt8(ascii: "#") {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
