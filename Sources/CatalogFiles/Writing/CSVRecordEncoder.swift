import CSV
import Foundation

/// RFC 4180 records through CSV.swift's `CSVWriter`, one at a time, each ending in CRLF.
final class CSVRecordEncoder {
    private let stream = DataOutputStream(toMemory: ())
    private let writer: CSVWriter
    private var started = false
    /// The character between cells: `,`, or `;` when writing back a file that used it.
    private let delimiter: Unicode.Scalar

    init(delimiter: Unicode.Scalar = ",") throws(CatalogProblem) {
        self.delimiter = delimiter
        do {
            writer = try CSVWriter(stream: stream, delimiter: String(delimiter), newline: .crlf)
        } catch {
            throw CatalogProblem(file: "-", .csvWriterFailed(String(describing: error)))
        }
    }

    /// One record's bytes, CRLF-terminated.
    func encode(_ cells: [String]) throws(CatalogProblem) -> Data {
        // CSVWriter doubles quotes with `replacingOccurrences`, which matches whole characters: a
        // quote carrying a combining mark ("\u{301}) would be written single and read back wrong.
        // Such a record is quoted here by hand at the scalar level, as RFC 4180 says.
        if cells.contains(where: { cell in cell.contains { $0 != "\"" && $0.unicodeScalars.contains("\"") } }) {
            let fields = cells.map {
                "\"" + String(String.UnicodeScalarView($0.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\""
            }
            return Data((fields.joined(separator: String(delimiter)) + "\r\n").utf8)
        }
        // Quoting is decided here on Unicode scalars: CSVWriter's own test is `String.contains`,
        // which compares whole characters, so a comma followed by a combining mark would slip by.
        let quoted = cells.map {
            $0.unicodeScalars.contains { $0 == "\"" || $0 == "," || $0 == delimiter || $0 == "\r" || $0 == "\n" }
        }
        do {
            try writer.write(row: cells, quotedAtIndex: { quoted[$0] })
        } catch {
            throw CatalogProblem(file: "-", .csvRecordFailed(String(describing: error)))
        }
        // CSVWriter writes the newline before every record after the first; it is moved to the end.
        var record = stream.take()
        if started { record.removeFirst(2) }
        started = true
        record.append(contentsOf: [0x0D, 0x0A])
        return record
    }
}

/// An `OutputStream` into a `Data` that can be emptied, so CSVWriter streams record by record.
private final class DataOutputStream: OutputStream {
    private var data = Data()
    private var status: Stream.Status = .notOpen

    required init(toMemory: ()) { super.init(toMemory: ()) }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var hasSpaceAvailable: Bool { true }

    override func write(_ buffer: UnsafePointer<UInt8>, maxLength length: Int) -> Int {
        data.append(buffer, count: length)
        return length
    }

    /// What was written since the last take.
    func take() -> Data {
        defer { data = Data() }
        return data
    }
}
