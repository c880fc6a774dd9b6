import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Why the bundled market cannot start or keep its files, and a vendor name taken, are
/// `ServerMessage` cases said in the reader's language: the shell shows them inside a Korean
/// `로컬 마켓을 시작할 수 없습니다: …` (before, the reason stayed English).
@Suite("The market's own problems in the reader's language")
struct ServerMessageTests {
    @Test func aBusyPortIsSaidInKorean() async throws {
        let (descriptor, port) = try Loopback.socket(listen: 16)
        defer { close(descriptor) }
        let data = try Fixtures.temporaryDirectory("server-message-busy")
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let running = try await MarketServer.start(
                MarketServerConfiguration(host: "127.0.0.1", port: port, dataDirectory: data))
            await running.stop()
            Issue.record("listened on a busy port")
        } catch let error as MarketServerError {
            let said = Language.$current.withValue(.ko) { error.sentence(portOption: "--local-port") }
            #expect(
                said == "127.0.0.1의 \(port)번 포트는 이미 쓰이고 있습니다(다른 openmarket-server인가요?). "
                    + "--local-port 옵션으로 다른 포트를 고르세요")
            #expect(error.sentence(portOption: "--port").hasPrefix("port \(port) on 127.0.0.1 is already in use"))
        }
    }

    @Test func aTakenVendorNameIsSaidInKorean() {
        let taken = VendorNameTaken(name: "corner-shop", id: 3)
        #expect(Language.$current.withValue(.ko) { taken.description } == "같은 이름의 판매자가 이미 있습니다('corner-shop', id 3). 다른 이름을 고르세요")
    }

    /// Every case has Korean of its own, keeping the English's paths, numbers and options.
    @Test(arguments: [
        ServerMessage.noMarket(path: "/tmp/m"), .portInUse(host: "127.0.0.1", port: 8080, portOption: "--port"),
        .noSuchAddress(host: "10.9.9.9"), .portNeedsRights(host: "127.0.0.1", port: 80, portOption: "--port"),
        .notAnAddress(host: "nowhere"), .cannotListen(host: "127.0.0.1", port: 8080, reason: "Bad file descriptor"),
        .stoppedAtOnce(host: "127.0.0.1", port: 8080), .cannotCreateDataDirectory(path: "/tmp/m", reason: "denied"),
        .cannotOpen(path: "/tmp/m/market.sqlite", reason: "locked"), .cannotReadImageRows(path: "/tmp/m", reason: "locked"),
        .cannotReadRememberedSecrets(path: "/tmp/m", reason: "locked"), .cannotWrite(path: "/tmp/m/key"),
        .cannotRead(path: "/tmp/m/key"), .vendorNameTaken(name: "corner-shop", id: 3),
    ])
    func everyCaseHasKorean(message: ServerMessage) {
        #expect(message.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(message.korean)")
        let facts = [
            "/tmp/m/market.sqlite", "/tmp/m/key", "/tmp/m", "127.0.0.1", "8080", "--port", "1024", "65535", "0.0.0.0",
            "Bad file descriptor", "denied", "locked", "corner-shop", "10.9.9.9", "nowhere", "market.sqlite",
        ]
        for fact in facts where message.english.contains(fact) {
            #expect(message.korean.contains(fact), "\(fact) in \(message.korean)")
        }
        // No particle right after a port, a path or a name the market fills in (`8080는`, `/tmp/m를`).
        #expect(KoreanStyle.problems(message) == [])
    }
}
