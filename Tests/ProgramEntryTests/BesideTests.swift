import ArgumentParser
import CThreadPlacement
import Foundation
import Testing

@testable import ProgramEntry

/// The thread a program's start-up work runs on beside its main one.
@Suite struct BesideTests {
    private struct Seen: Sendable {
        var core: Int32
        var coresAllowed: Int32
        var isCallersThread: Bool
    }

    /// Runs `Beside.start` from a thread of its own (a test's task may hop between threads) and
    /// answers the core that thread was on and what the work saw.
    private func start() async -> (callersCore: Int32, seen: Seen) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let caller = pthread_self()
                let core = ctp_current_core()
                Beside.start {
                    let seen = Seen(
                        core: ctp_current_core(), coresAllowed: ctp_cores_allowed(),
                        isCallersThread: pthread_equal(pthread_self(), caller) != 0)
                    continuation.resume(returning: (core, seen))
                }
            }
        }
    }

    @Test func theWorkRunsOnAnotherThreadOnAnotherCoreWhereThereIsOne() async {
        let (callersCore, seen) = await start()
        #expect(!seen.isCallersThread)
        if ctp_cores_allowed() > 1, callersCore >= 0 {
            #expect(seen.core != callersCore, "started on the caller's core \(callersCore)")
        }
    }

    @Test func theWorkMayRunOnEveryCoreTheProcessMay() async {
        // Else the threads it starts (the concurrency pool's) would be kept off the main
        // thread's core for the whole run.
        let (_, seen) = await start()
        #expect(seen.coresAllowed == ctp_cores_allowed())
    }

    @Test func eachStartRunsItsWorkOnce() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await withCheckedContinuation { continuation in Beside.start { continuation.resume(returning: index) } }
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.sorted() == Array(0..<20))
    }
}

/// The conformance lookups made beside a program's first parse.
@Suite struct ParseWarmUpTests {
    @Test func everyArgumentParserTypeItNamesIsFound() {
        // A release of ArgumentParser that renames one of these leaves its lookups to the parse
        // (the start is slower, nothing else): the list then wants the new names, read from a
        // trace of the runtime's scans as docs/benchmarks.md says.
        let names = ParseWarmUp.parserTypes.map(\.name) + [ParseWarmUp.argumentSetProvider]
        for name in names {
            #expect(ParseWarmUp.parserType(name) != nil, "ArgumentParser has no type \(name)")
        }
    }

    @Test func thePropertiesProtocolIsTheOneEveryPropertyWrapperConformsTo() throws {
        let provider = try #require(ParseWarmUp.parserType(ParseWarmUp.argumentSetProvider))
        // Asked outside #expect, whose expansion does not open the metatype.
        let option = ParseWarmUp.isInstance(Option<String?>(), of: provider)
        let flag = ParseWarmUp.isInstance(Flag(), of: provider)
        let argument = ParseWarmUp.isInstance(Argument<[String]>(), of: provider)
        let string = ParseWarmUp.isInstance("a string", of: provider)
        #expect(option && flag && argument)
        #expect(!string)
    }

    @Test func lookingUpBeforeAParseChangesNothingTheParseGives() throws {
        ParseWarmUp.lookUp(for: Sample.self, codingKeys: Sample.codingKeys)
        let parsed = try Sample.parseAsRoot(["--name", "우유", "--count", "3", "--loud"])
        let sample = try #require(parsed as? Sample)
        #expect(sample.name == "우유" && sample.count == 3 && sample.loud)
    }

    private struct Sample: ParsableCommand {
        @Option var name: String?
        @Option var count: Int?
        @Flag var loud = false
        static var codingKeys: Any.Type { CodingKeys.self }
    }
}
