import AsyncHTTPClient
import NIOPosix
import OpenMarketAPI

/// The real transport on an event loop of its own, for a test that holds its loop on purpose
/// (`HTTPTransport.taskExecutor`): the process-wide client's loop is shared by every test
/// running at the same time, whose queued work would change what the test observes.
public enum PrivateLoopTransport {
    /// Runs `body` with the transport, then shuts its client and loop down.
    public static func with<T>(_ body: (AsyncHTTPClientTransport) async throws -> T) async throws -> T {
        try await MultiThreadedEventLoopGroup.withEventLoopGroup(numberOfThreads: 1) { group in
            try await HTTPClient.withHTTPClient(eventLoopGroup: group, configuration: AsyncHTTPClientTransport.configuration) {
                try await body(AsyncHTTPClientTransport(client: $0))
            }
        }
    }
}
