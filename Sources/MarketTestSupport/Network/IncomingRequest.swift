import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request read whole off a blocking socket, body included (by `Content-Length`),
/// for test servers that must pass it on byte for byte (`ThrottlingProxy`).
///
/// Read by hand, like `MisbehavingServer`'s requests, because these servers live on raw
/// `Loopback` sockets and a test must see exactly what a client sent.
struct IncomingRequest: Sendable {
    var method: String
    /// The path and query, as sent.
    var target: String
    /// The header lines in order, as sent.
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// The request said `Transfer-Encoding` (a chunked body), which these servers do not read.
    var isChunked: Bool

    /// The path without the query.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The first header of that name, whatever its case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The largest head read; a longer one ends the connection.
    static let maxHeadBytes = 64 * 1024

    /// Reads one request; nil when the client hung up, sent something that is not a request,
    /// or `shouldStop` turned true first.
    static func read(from connection: Int32, shouldStop: () -> Bool) -> IncomingRequest? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headEnd: Int?
        while headEnd == nil {
            guard received.count < maxHeadBytes, let count = readSome(connection, into: &buffer, shouldStop: shouldStop)
            else { return nil }
            let searchFrom = max(0, received.count - 3)
            received += buffer[0..<count]
            headEnd = firstIndex(of: [13, 10, 13, 10], in: received, from: searchFrom)
        }
        guard let headEnd, var request = parseHead(received[..<headEnd]) else { return nil }
        request.body = Array(received[(headEnd + 4)...])
        if request.isChunked { return request }
        let length = Int(request.header("Content-Length") ?? "0") ?? 0
        while request.body.count < length {
            guard let count = readSome(connection, into: &buffer, shouldStop: shouldStop) else { return nil }
            request.body += buffer[0..<count]
        }
        request.body = Array(request.body.prefix(length))
        return request
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>) -> IncomingRequest? {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ").map(String.init)
        guard requestLine.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let chunked = headers.contains { $0.name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame }
        return IncomingRequest(method: requestLine[0], target: requestLine[1], headers: headers, body: [], isChunked: chunked)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle)
        {
            return index
        }
        return nil
    }

    /// Waits for bytes in slices of 100 ms, so `shouldStop` is seen; nil on hang-up or stop.
    private static func readSome(_ connection: Int32, into buffer: inout [UInt8], shouldStop: () -> Bool) -> Int? {
        while !shouldStop() {
            var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let count = Glibc.read(connection, &buffer, buffer.count)
            return count > 0 ? count : nil
        }
        return nil
    }

    /// Writes every byte, without SIGPIPE when the client has gone; false if it has.
    static func write(_ bytes: [UInt8], to connection: Int32, shouldStop: () -> Bool) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if shouldStop() { return false }
            var pollFD = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}
