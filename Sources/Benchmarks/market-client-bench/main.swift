// Yardsticks for the shell's scripts and catalog imports: requests over the same HTTP stack as the
// shell (AsyncHTTPClient on NIO's shared event loops), with nothing else around them.
//
//   market-client-bench URL COUNT [ID...]
//       COUNT sequential GETs of product details on one kept-alive connection (ids default to 1):
//       the yardstick for `openmarket run` (scripts/bench-scripts). Last line:
//       `loop_ms=… requests_per_s=… first_ms=… bytes=…`.
//   market-client-bench products URL COUNT ID...
//       The same GETs through `MarketClient.product(id:)`, each decoded into a `Product`: the
//       client library with no shell around it (scripts/bench-scripts' second yardstick).
//   market-client-bench create URL COUNT CONCURRENCY PHOTO...
//       COUNT product creates (multipart, the photos on every one) through `MarketClient.create`,
//       CONCURRENCY in flight: the server's ceiling for parallel creates, the yardstick for
//       `openmarket import --jobs N` (scripts/bench-import). The demo vendor's credentials come
//       from OPENMARKET_IDENTIFIER and OPENMARKET_SECRET. Last line:
//       `loop_ms=… products_per_s=… created=… concurrency=… median_ms=… max_ms=…`.
import Foundation

let usage =
    "market-client-bench URL COUNT [ID...] | market-client-bench products URL COUNT ID... | market-client-bench create URL COUNT CONCURRENCY PHOTO..."

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("market-client-bench: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "create" {
    await runCreates(arguments: Array(arguments.dropFirst()))
} else if arguments.first == "products" {
    await runProductGets(arguments: Array(arguments.dropFirst()))
} else {
    await runGets(arguments: arguments)
}
