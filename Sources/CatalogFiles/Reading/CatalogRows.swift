import Foundation
import OpenMarketContract
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalog's rows, in file order: held in memory (a small file, bytes, a test's rows), or
/// streamed from the file each time they are walked (a file of more than
/// `CatalogReader.holdRows` rows): then memory never holds them all, and each walk reads the
/// file again, through the descriptor opened for the first reading. The counts the import asks
/// for first (`count`, `withID`) and the checks of the file as a whole (`CatalogCheck`) are
/// those of that first reading. A file changed since is told by `changedSinceRead` after a
/// walk to its end, never guessed at.
public struct CatalogRows: Sequence, Sendable, Equatable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case held([CatalogRow])
        case file(CatalogFileSource)
    }

    private let storage: Storage
    /// How many rows there are.
    public let count: Int
    /// How many rows have an `id` cell.
    public let withID: Int
    /// `CatalogCheck`'s findings, when the first reading made them.
    let checked: CatalogCheck.Findings?

    /// Rows held in memory.
    public init(_ rows: [CatalogRow]) {
        self.init(rows, checked: nil)
    }

    public init(arrayLiteral rows: CatalogRow...) { self.init(rows) }

    init(_ rows: [CatalogRow], checked: CatalogCheck.Findings?) {
        storage = .held(rows)
        count = rows.count
        withID = rows.reduce(0) { $0 + ($1[.id] == nil ? 0 : 1) }
        self.checked = checked
    }

    /// Rows streamed from `source` at each walk.
    init(_ source: CatalogFileSource, count: Int, withID: Int, checked: CatalogCheck.Findings?) {
        storage = .file(source)
        self.count = count
        self.withID = withID
        self.checked = checked
    }

    public var isEmpty: Bool { count == 0 }

    /// Whether the rows are read from the file at each walk rather than held.
    public var isStreamed: Bool {
        if case .file = storage { return true }
        return false
    }

    /// Whether a walk to the end found the file other than it was first read (its size, its
    /// time of change, its rows): what was checked is then not what the file says.
    public var changedSinceRead: Bool {
        guard case .file(let source) = storage else { return false }
        return source.changed.withLock { $0 }
    }

    public var underestimatedCount: Int { count }

    public var first: CatalogRow? {
        var rows = makeIterator()
        return rows.next()
    }

    /// The last row (a streamed file is read to its end for it).
    public var last: CatalogRow? {
        if case .held(let rows) = storage { return rows.last }
        var last: CatalogRow?
        for row in self { last = row }
        return last
    }

    /// The row at `index` from 0 (a streamed file is read up to it).
    public subscript(index: Int) -> CatalogRow {
        if case .held(let rows) = storage { return rows[index] }
        precondition(index >= 0 && index < count)
        var rows = makeIterator()
        for _ in 0..<index { _ = rows.next() }
        return rows.next()!
    }

    /// The rows that `isIncluded`, held in memory.
    public func filter(_ isIncluded: (CatalogRow) throws -> Bool) rethrows -> CatalogRows {
        var kept: [CatalogRow] = []
        for row in self where try isIncluded(row) { kept.append(row) }
        return CatalogRows(kept)
    }

    public func makeIterator() -> Iterator {
        switch storage {
        case .held(let rows): Iterator(.held(rows.makeIterator()))
        case .file(let source): Iterator(.file(source.stream(), source, seen: 0))
        }
    }

    public static func == (left: CatalogRows, right: CatalogRows) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }

    /// The rows one at a time.
    public struct Iterator: IteratorProtocol {
        fileprivate enum Walk {
            case held(IndexingIterator<[CatalogRow]>)
            case file(CatalogRowStream, CatalogFileSource, seen: Int)
            case ended
        }

        private var walk: Walk

        fileprivate init(_ walk: Walk) { self.walk = walk }

        public mutating func next() -> CatalogRow? {
            switch walk {
            case .held(var rows):
                let row = rows.next()
                walk = .held(rows)
                return row
            case .file(var stream, let source, let seen):
                walk = .ended
                if let row = stream.next() {
                    walk = .file(stream, source, seen: seen + 1)
                    return row
                }
                source.endOfWalk(stream.finish(), rows: seen)
                return nil
            case .ended:
                return nil
            }
        }
    }
}

/// A catalog file kept open for its rows to be read again (`CatalogRows`), with what it was
/// when first read: a later reading that finds it other marks it `changed`. Closed when the
/// last rows that stream from it go.
final class CatalogFileSource: Sendable {
    /// What tells a file changed: its size and its time of change (and which file it is).
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    let descriptor: Int32
    let name: String
    let format: CatalogFormat
    let maxRows: Int
    let identity: Identity?
    /// The rows the first reading found; set once, right after it.
    let rows: Mutex<Int> = Mutex(0)
    let changed = Mutex(false)

    init(descriptor: Int32, name: String, format: CatalogFormat, maxRows: Int) {
        self.descriptor = descriptor
        self.name = name
        self.format = format
        self.maxRows = maxRows
        identity = Self.identity(of: descriptor)
    }

    deinit { close(descriptor) }

    /// The rows from the file's first byte.
    func stream() -> CatalogRowStream {
        let input = CatalogInput.file(descriptor, path: name, limit: LocalFile.maxCatalogBytes, what: "a catalog")
        return CatalogRowStream(input, name: name, format: format, maxRows: maxRows)
    }

    /// A walk read the file to its end: a problem that stopped it, another number of rows or
    /// another size or time of change means the file is no longer what was checked.
    func endOfWalk(_ end: (contents: CatalogContents, dropsRows: Bool), rows seen: Int) {
        let same = !end.dropsRows && seen == rows.withLock { $0 } && Self.identity(of: descriptor) == identity
        if !same { changed.withLock { $0 = true } }
    }

    static func identity(of descriptor: Int32) -> Identity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }
}
