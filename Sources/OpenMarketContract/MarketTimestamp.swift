import Foundation

/// A date as the market writes it: `yyyy-MM-dd'T'HH:mm:ss` in UTC without a zone suffix.
///
/// The public server sent date-only precision (`2022-11-15T00:00:00`) and older hosts added
/// fractions (`2022-01-03T00:00:00.00`), so parsing is lenient. The original text is kept, and a
/// value that does not parse keeps only its text: one odd date must not make a whole product, or a
/// whole page of products, fail to decode.
public struct MarketTimestamp: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text exactly as received (or as formatted when made from a `Date`).
    public let text: String

    /// The moment it names, when the text could be understood. Parsed on each use rather than
    /// when decoded: a page of products carries dozens of dates that are mostly only printed,
    /// and parsing them all was a tenth of the server's time per list request.
    public var date: Date? { Self.parse(text) }

    public init(text: String) {
        self.text = text
    }

    public init(date: Date) {
        self.text = Self.format(date)
    }

    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            self.init(text: string)
        } else if let seconds = try? container.decode(Double.self) {
            // Not in the contract, but a server sending epoch seconds should not break decoding.
            self.init(date: Date(timeIntervalSince1970: seconds))
        } else {
            self.init(text: "")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Formats a date the way the contract decides: UTC, seconds precision, no zone suffix.
    public static func format(_ date: Date) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d",
            c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The time of day after a date: `HH:mm[:ss[.fff]]` and an optional zone, all zero when absent.
    private struct TimeOfDay {
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds = 0
    }

    /// One pass over the bytes: the readers share the cursor `i`.
    private struct Cursor {
        let s: [UInt8]
        var i = 0

        init(_ text: String) {
            // Surrounding spaces are skipped by hand: trimmingCharacters(in:) bridges through NSString.
            var s = Array(text.utf8)
            while s.last == 0x20 { s.removeLast() }
            self.s = s
            while i < s.count, s[i] == 0x20 { i += 1 }
        }

        var atEnd: Bool { i == s.count }

        mutating func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var value = 0
            for k in i..<(i + digits) {
                guard (0x30...0x39).contains(s[k]) else { return nil }
                value = value * 10 + Int(s[k] - 0x30)
            }
            i += digits
            return value
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < s.count, s[i] == byte else { return false }
            i += 1
            return true
        }

        /// The digits after a decimal point as a fraction of a second; nil when there are none.
        mutating func fraction() -> Double? {
            var (fraction, scale, sawDigit) = (0.0, 0.1, false)
            while i < s.count, (0x30...0x39).contains(s[i]) {
                fraction += Double(s[i] - 0x30) * scale
                scale /= 10
                sawDigit = true
                i += 1
            }
            return sawDigit ? fraction : nil
        }

        /// `Z`, `±HH[:mm]` or nothing, in seconds east of UTC; nil when malformed.
        mutating func offset() -> Int? {
            if take(0x5A) || take(0x7A) { return 0 }  // "Z"
            guard i < s.count, s[i] == 0x2B || s[i] == 0x2D else { return 0 }
            let sign = s[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = number(2) else { return nil }
            _ = take(0x3A)
            let om = number(2) ?? 0
            return sign * (oh * 3600 + om * 60)
        }

        /// The time after the date's `T` or space, if there is one.
        mutating func time() -> TimeOfDay? {
            var time = TimeOfDay()
            guard take(0x54) || take(0x20) else { return time }  // "T" or " "
            guard let h = number(2), take(0x3A), let m = number(2) else { return nil }
            (time.hour, time.minute) = (h, m)
            if take(0x3A) {
                guard let sec = number(2) else { return nil }
                time.second = sec
                if take(0x2E) {
                    guard let fraction = fraction() else { return nil }
                    time.fraction = fraction
                }
            }
            guard let offset = offset() else { return nil }
            time.offsetSeconds = offset
            return time
        }
    }

    /// Accepts `yyyy-MM-dd`, optionally followed by `T` or a space and `HH:mm[:ss[.fraction]]`,
    /// optionally followed by `Z` or a `±HH:mm` offset. Written by hand because `DateFormatter`
    /// needs one format per variant and `ISO8601DateFormatter` rejects a missing zone.
    static func parse(_ text: String) -> Date? {
        var cursor = Cursor(text)
        guard let year = cursor.number(4), cursor.take(0x2D), let month = cursor.number(2), cursor.take(0x2D),
            let day = cursor.number(2), let time = cursor.time()
        else { return nil }
        guard cursor.atEnd, (1...12).contains(month), (1...31).contains(day), time.hour < 24, time.minute < 60,
            time.second < 61
        else { return nil }
        // The date is worked out by hand (days from the civil date, as in Howard Hinnant's
        // `days_from_civil`): a Calendar's `date(from:)` took most of a `show`'s rendering time.
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthDays[month - 1] else { return nil }  // rejects 2022-02-31
        let seconds =
            daysSince1970(year: year, month: month, day: day) * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: Double(seconds) + time.fraction - Double(time.offsetSeconds))
    }
}
