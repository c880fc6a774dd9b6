import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization
import TerminalText

/// Text layout for a terminal: widths as a terminal draws them, money as sellers write it.
public enum TextLayout {
    /// Cuts to at most `columns`, ending in `…` when something was cut. Measured on Unicode
    /// scalars, and at most 8 scalars a column: a base followed by a flood of zero-width
    /// combining marks is one `Character` that would otherwise pass whole.
    public static func truncate(_ text: String, to columns: Int) -> String {
        let scalarLimit = max(columns, 1) * 8
        guard TerminalText.width(text) > columns || text.unicodeScalars.count > scalarLimit else { return text }
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let w = TerminalText.width(of: scalar)
            if used + w > columns - 1 || out.count >= scalarLimit { break }
            out.append(scalar)
            used += w
        }
        return String(out) + "…"
    }

    /// Server text made safe for a terminal (`TerminalText.visible`).
    public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        TerminalText.visible(text, keepingNewlines: keepingNewlines)
    }

    /// `visible`, cut to at most `limit` Unicode scalars (a hostile server's megabyte description
    /// is not printed whole, even as one `Character` of a letter and a million combining marks).
    public static func visible(_ text: String, limit: Int, keepingNewlines: Bool = false) -> String {
        // A text of at most `limit` bytes has at most `limit` scalars: no need to count them.
        let scalars = text.unicodeScalars
        let cut =
            text.utf8.count > limit && scalars.count > limit
            ? String(String.UnicodeScalarView(scalars.prefix(limit))) + "…" : text
        return visible(cut, keepingNewlines: keepingNewlines)
    }

    /// A server date in local time with its zone (`2022-10-18 18:12 +09:00`, `… UTC`): the
    /// contract's dates are UTC without a zone. Text that is not a date is shown as it came.
    /// - Parameter zone: the zone to show it in; the process's (`TZ`) unless a caller says.
    public static func localTime(_ stamp: MarketTimestamp, in zone: TimeZone = .current) -> String {
        guard let date = stamp.date else { return visible(stamp.text, limit: 40) }
        let offset = ZoneOffsets.secondsFromGMT(zone, at: date)
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let (days, seconds) = local.quotientAndRemainder(dividingBy: 86_400)
        let (dayCount, secondOfDay) = seconds < 0 ? (days - 1, seconds + 86_400) : (days, seconds)
        let civil = civilDate(daysSince1970: dayCount)
        // Written as bytes: seven interpolations made as many strings on every date shown.
        var text: [UInt8] = []
        text.reserveCapacity(24)
        // Byte by byte: an array literal for each pair was made and copied in (perf record).
        func two(_ n: Int) {
            text.append(UInt8(ascii: "0") + UInt8(n / 10))
            text.append(UInt8(ascii: "0") + UInt8(n % 10))
        }
        text += String(civil.year).utf8
        text.append(UInt8(ascii: "-"))
        two(civil.month)
        text.append(UInt8(ascii: "-"))
        two(civil.day)
        text.append(UInt8(ascii: " "))
        two(secondOfDay / 3600)
        text.append(UInt8(ascii: ":"))
        two(secondOfDay % 3600 / 60)
        if offset == 0 {
            text += " UTC".utf8
        } else {
            text += (offset < 0 ? " -" : " +").utf8
            two(abs(offset) / 3600)
            text.append(UInt8(ascii: ":"))
            two(abs(offset) % 3600 / 60)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`). Written out rather than asked of `Calendar`: `dateComponents` cost more
    /// than the rest of a product's detail view, which every `show` line of a script draws. A
    /// test compares it with `Calendar` over four centuries.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether an amount has a part below the currency's smallest unit it is usually written in
    /// (for KRW, any fraction: the won has no minor unit).
    public static func hasFraction(_ amount: Decimal) -> Bool {
        var rounded = Decimal()
        var value = amount
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded != amount
    }

    /// `text` filled with spaces to `columns`; `showing` prints another form of it (the same
    /// text painted) while the width stays the text's own.
    public static func pad(_ text: String, to columns: Int, right: Bool = false, showing: String? = nil) -> String {
        let fill = String(repeating: " ", count: max(0, columns - TerminalText.width(text)))
        let shown = showing ?? text
        return right ? fill + shown : shown + fill
    }

    /// Columns aligned by the width each cell shows, two spaces apart, no trailing spaces; a
    /// `─` rule under the headers when `rule`. `paint(row, column, cell)` may colour a body
    /// cell after the widths are measured, so escape codes never count as columns.
    public static func table(
        _ headers: [String], _ rows: [[String]], rightAligned: Set<Int> = [], rule: Bool = true,
        paint: (Int, Int, String) -> String? = { _, _, _ in nil }
    ) -> String {
        var widths = headers.map { TerminalText.width($0) }
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalText.width(cell)) } }
        func line(_ cells: [String], row: Int?) -> String {
            cells.enumerated().map { i, cell in
                pad(cell, to: widths[i], right: rightAligned.contains(i), showing: row.flatMap { paint($0, i, cell) })
            }
            .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let top = [line(headers, row: nil)] + (rule ? [line(widths.map { String(repeating: "─", count: $0) }, row: nil)] : [])
        return (top + rows.enumerated().map { line($1, row: $0) }).joined(separator: "\n")
    }

    /// `₩3,500`, `$19.99`; other currencies as `JPY 100.00`: the contract's `MoneyText`, the
    /// one money format, which the storefront's pages print too.
    public static func money(_ amount: Decimal, _ currency: Currency) -> String { MoneyText.format(amount, currency) }

    /// `23144` → `23,144`.
    public static func grouped(_ number: Int) -> String {
        (number < 0 ? "-" : "") + MoneyText.grouped(String(number.magnitude))
    }
}

/// A zone's offset from UTC, asked of the zone once per stretch of time between two of its
/// transitions rather than for every date shown: the lookup (ICU's, under a lock) was a third of
/// what drawing a date cost, twice in every `show`. Dates between the same two transitions have
/// the same offset; a test compares every answer with the zone's own, in random order.
enum ZoneOffsets {
    private struct Span {
        var zone: TimeZone
        /// The earliest date asked about in this stretch, and the zone's next transition after it.
        var from: Date
        var until: Date
        var offset: Int
    }

    private static let spans = Mutex<[Span]>([])

    static func secondsFromGMT(_ zone: TimeZone, at date: Date) -> Int {
        let known = spans.withLock { spans in
            spans.first { $0.from <= date && date < $0.until && $0.zone == zone }?.offset
        }
        if let known { return known }
        let offset = zone.secondsFromGMT(for: date)
        let until = zone.nextDaylightSavingTimeTransition(after: date) ?? .distantFuture
        spans.withLock { spans in
            // The same next transition: no transition between `date` and that span's start, so
            // the span reaches back to `date`.
            if let index = spans.firstIndex(where: { $0.until == until && $0.zone == zone }) {
                spans[index].from = min(spans[index].from, date)
            } else {
                // A stretch is at most a year in a zone with daylight saving: enough for dates
                // across decades shown in any order (a list sorted by price).
                if spans.count >= 128 { spans.removeFirst() }
                spans.append(Span(zone: zone, from: date, until: until, offset: offset))
            }
        }
        return offset
    }
}
