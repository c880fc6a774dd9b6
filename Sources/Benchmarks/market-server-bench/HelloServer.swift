import Foundation
import Hummingbird

/// The ceiling for scripts/bench-server: the smallest Hummingbird server there is, one route
/// answering a fixed body, run the same way as the market so the two figures compare.
@main
struct HelloServer {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let port = arguments.count > 1 ? Int(arguments[1]) ?? 8081 : 8081
        let router = Router()
        router.get("/hello") { _, _ in "Hello" }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }
}
