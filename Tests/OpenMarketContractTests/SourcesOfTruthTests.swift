import Foundation
import OpenMarketContract
import Testing

/// The facts the project keeps in one place: byte sizes, XDG directories, durations, http(s) URLs.
@Suite("One source of truth per fact")
struct SourcesOfTruthTests {
    /// The one byte-size format, in binary units: the same file gets the same size in every
    /// message (the images module's fit report and the client's rule used to disagree).
    @Test func byteCountsAreBinaryAndRoundedAsPeopleReadThem() {
        #expect(ByteCountText.format(3_105_743) == "3.0 MB")
        #expect(ByteCountText.format(424_976) == "415 KB")
        #expect(ByteCountText.format(UploadRules.maxImageBytes) == "300 KB")
        #expect(ByteCountText.format(1_048_576) == "1.0 MB")
        #expect(ByteCountText.format(1_048_000) == "1023 KB")
        #expect(ByteCountText.format(1_048_500) == "1.0 MB")  // 1023.9 KiB rounds up to the next unit
        #expect(ByteCountText.format(1023) == "1023 bytes")
        #expect(ByteCountText.format(12 * 1_048_576) == "12 MB")
    }

    @Test func httpURLsNeedASchemeAndAHost() {
        #expect(URL.httpURL("http://10.0.0.5:8080")?.host == "10.0.0.5")
        #expect(URL.httpURL("https://market.example") != nil)
        #expect(URL.httpURL("ftp://market.example") == nil)
        #expect(URL.httpURL("127.0.0.1:8080") == nil)
        #expect(URL.httpURL("http://") == nil)
        // A scheme is case-insensitive; it comes back lowercase (a new user's `connect HTTP://…`).
        #expect(URL.httpURL("HTTP://127.0.0.1:8080/")?.absoluteString == "http://127.0.0.1:8080/")
        #expect(URL.httpURL("Https://market.example")?.scheme == "https")
    }

    @Test func xdgDirectoriesTakeOnlyAbsolutePaths() {
        let home = FileManager.default.homeDirectoryForCurrentUser
        #expect(XDGDirectories.dataHome(["XDG_DATA_HOME": "/srv/data"]).path == "/srv/data")
        #expect(XDGDirectories.dataHome(["XDG_DATA_HOME": "relative"]).path == home.appendingPathComponent(".local/share").path)
        #expect(XDGDirectories.stateHome([:]).path == home.appendingPathComponent(".local/state").path)
        #expect(XDGDirectories.configHome(["XDG_CONFIG_HOME": "/etc/x"]).path == "/etc/x")
        #expect(XDGDirectories.configHome([:]).path == home.appendingPathComponent(".config").path)
    }

    @Test func durationsInMillisecondsAndNanoseconds() {
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.microseconds(1500).milliseconds == 1.5)
        #expect(Duration.microseconds(2999).wholeMilliseconds == 2)
        #expect(Duration.seconds(2).wholeNanoseconds == 2_000_000_000)
    }
}
