import Dispatch
import Foundation
import Synchronization

// One libFuzzer executable for every target; OPENMARKET_FUZZ_TARGET picks which one runs
// (scripts/fuzz sets it). One binary rather than one per target because each link pulls in the
// whole server (Hummingbird, NIO, SQLite, BoringSSL), and five links cost CI more than five files.
//
// SwiftPM links an executable with its own `main` (`openmarket_fuzz_main`), so libFuzzer's
// `LLVMFuzzerTestOneInput` is exported here and `Main.main` below hands the command line to
// `LLVMFuzzerRunDriver`: whichever `main` the linker keeps, libFuzzer runs the same way.

/// The targets by the name scripts/fuzz and OPENMARKET_FUZZ_TARGET use; each file holds one.
let fuzzTargets: [String: @Sendable ([UInt8]) -> Void] = [
    "multipart": MultipartTarget.run,
    "content-disposition": ContentDispositionTarget.run,
    "product-json": ProductJSONTarget.run,
    "word-splitter": WordSplitterTarget.run,
    "script-expander": ScriptExpanderTarget.run,
    "catalog-reader": CatalogReaderTarget.run,
    "bash-words": BashWordsTarget.run,
    "script-arguments": ScriptArgumentsTarget.run,
]

/// The target this process runs, chosen once from the environment.
let selectedTarget: @Sendable ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["OPENMARKET_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets[name] else {
        let known = fuzzTargets.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("openmarket-fuzz: set OPENMARKET_FUZZ_TARGET to one of: \(known)\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    _ = selectedTarget  // an unknown target stops here, before libFuzzer starts
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    selectedTarget(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
    }
}

/// A broken invariant: stops the process like a crash, so libFuzzer keeps the input.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// Runs async code under test from libFuzzer's synchronous callback (the calling thread is
/// libFuzzer's, not one of the concurrency pool's, so blocking it cannot starve the task).
func runBlocking<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await operation()
        box.value.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return box.value.withLock { $0! }
}

private final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}
