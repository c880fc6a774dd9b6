import Foundation
import Testing

@testable import OpenMarketContract

@Suite("Market timestamps parsed by hand agree with the Gregorian calendar")
struct TimestampTests {
    @Test func everyDayFrom1899To2101ParsesToTheCalendarsMoment() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var date = try #require(calendar.date(from: DateComponents(year: 1899, month: 12, day: 25)))
        let end = try #require(calendar.date(from: DateComponents(year: 2101, month: 1, day: 3)))
        var checked = 0
        while date < end {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let text = String(format: "%04d-%02d-%02dT13:07:42", c.year!, c.month!, c.day!)
            #expect(MarketTimestamp.parse(text) == date.addingTimeInterval(13 * 3600 + 7 * 60 + 42), "\(text)")
            date = date.addingTimeInterval(86_400)
            checked += 1
        }
        #expect(checked > 73_000)
    }

    @Test(arguments: ["2022-02-29T00:00:00", "2100-02-29", "2023-04-31", "2023-13-01", "2023-00-10", "2023-01-32"])
    func aDayTheMonthDoesNotHaveIsNotADate(text: String) {
        #expect(MarketTimestamp.parse(text) == nil)
    }

    @Test func leapDaysZonesAndFractionsAreKept() {
        #expect(MarketTimestamp.parse("2000-02-29T00:00:00Z") == Date(timeIntervalSince1970: 951_782_400))
        #expect(MarketTimestamp.parse("2024-02-29T09:00:00+09:00") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(MarketTimestamp.parse("1970-01-01T00:00:00.25") == Date(timeIntervalSince1970: 0.25))
        #expect(MarketTimestamp.parse("1969-12-31T23:59:59") == Date(timeIntervalSince1970: -1))
    }
}
