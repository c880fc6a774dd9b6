import Foundation
import OpenMarketContract

/// The handout: one A4 page per student with the market's address, their vendor id, identifier
/// and secret, and the exact lines that log them in. HTML with print CSS (`@page { size: A4 }`,
/// a page break after each student): every browser prints it to A4 or to a PDF, so no PDF
/// library is kept for it.
public enum ClassHandout {
    /// The handout's HTML for `students` on the market at `market` (the address the class uses).
    public static func html(_ students: [EnrolledStudent], market: String, language: Language) -> String {
        let say = { (message: ClassMessage) in escape(message.text(in: language)) }
        var html = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8">
            <title>\(say(.handoutTitle))</title>
            <style>
            @page { size: A4; margin: 20mm; }
            body { font-family: "Noto Sans KR", "Malgun Gothic", "Apple SD Gothic Neo", sans-serif; font-size: 12pt; }
            section { page-break-after: always; break-after: page; }
            section:last-child { page-break-after: auto; break-after: auto; }
            h1 { font-size: 20pt; margin: 0 0 4mm; }
            h2 { font-size: 16pt; margin: 0 0 8mm; font-weight: normal; }
            dl { display: grid; grid-template-columns: 35mm 1fr; gap: 3mm 4mm; }
            dt { font-weight: bold; }
            code, pre { font-family: "DejaVu Sans Mono", "D2Coding", monospace; font-size: 12pt; }
            dd code.secret { font-size: 16pt; letter-spacing: 0.5mm; }
            pre { border: 0.3mm solid #444; padding: 4mm; white-space: pre-wrap; word-break: break-all; }
            </style></head><body>

            """
        for enrolled in students {
            html += page(enrolled, market: market, say: say)
        }
        return html + "</body></html>\n"
    }

    /// The two lines a student types: the shell on this market, then `login` with their
    /// identifier and vendor id, kept as a profile. The secret is asked for, never on a line.
    public static func loginLines(_ student: Student, market: String) -> [String] {
        ["openmarket --server \(market)", "login \(student.identifier) --vendor-id \(student.vendorID) --save class"]
    }

    private static func page(_ enrolled: EnrolledStudent, market: String, say: (ClassMessage) -> String) -> String {
        let student = enrolled.student
        let lines = loginLines(student, market: market)
        return """
            <section>
            <h1>\(say(.handoutTitle))</h1>
            <h2>\(escape(student.name)) · \(escape(student.studentNumber))</h2>
            <dl>
            <dt>\(say(.handoutMarket))</dt><dd><code>\(escape(market))</code></dd>
            <dt>\(say(.handoutVendorID))</dt><dd><code>\(student.vendorID)</code></dd>
            <dt>\(say(.handoutIdentifier))</dt><dd><code>\(escape(student.identifier))</code></dd>
            <dt>\(say(.handoutSecret))</dt><dd><code class="secret">\(escape(enrolled.credentials.secret.revealed))</code></dd>
            </dl>
            <h3>\(say(.handoutLogin))</h3>
            <pre>$ \(escape(lines[0]))
            &gt; \(escape(lines[1]))</pre>
            <p>\(say(.handoutLoginSteps))</p>
            <p>\(say(.handoutKeepSecret))</p>
            </section>

            """
    }

    /// Text escaped for HTML, scalar by scalar.
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Makes the handout's file, readable by its owner alone (0600), never over an existing one
    /// (`O_EXCL`, so a second roster's handout cannot replace the first's unseen), before any
    /// student is enrolled: a file that cannot be written stops `class add` while no secret has
    /// been made yet. Its folder is made 0700.
    public static func create(at url: URL) throws -> FileHandle {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Where a handout goes when the teacher names no file: `handouts/` in the market's data
    /// directory (0700, as the directory), named by the time.
    public static func defaultURL(in directory: URL, now: Date = Date()) -> URL {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
        return directory.appendingPathComponent("handouts/handout-\(stamp).html")
    }
}
