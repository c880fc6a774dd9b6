// Times MarketImages.fit on one image, for scripts/bench-images (which adds the CLI comparisons).
//
//   market-images-bench <image> [--limit BYTES] [--runs N] [--soak N] [--out FILE]
//
// --runs 1 makes one cold call, so an outside `/usr/bin/time` sees the whole cost of a fresh process.
// --soak N repeats the fit N more times and reports resident memory before and after, which shows
// whether libvips objects or buffers are leaking.

import Foundation
import MarketImages
import OpenMarketContract

struct Options {
    var path = ""
    var limit = 307_200
    var runs = 15
    var soak = 0
    var out: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--limit": limit = try Self.number(rest.popFirst(), for: argument)
            case "--runs": runs = max(1, try Self.number(rest.popFirst(), for: argument))
            case "--soak": soak = try Self.number(rest.popFirst(), for: argument)
            case "--out": out = rest.popFirst()
            default: path = argument
            }
        }
        guard !path.isEmpty else {
            throw Failure("usage: market-images-bench <image> [--limit BYTES] [--runs N] [--soak N] [--out FILE]")
        }
    }

    private static func number(_ text: String?, for option: String) throws -> Int {
        guard let text, let value = Int(text), value >= 0 else { throw Failure("\(option) needs a whole number") }
        return value
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func megabytes(kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }

func peakResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
}

/// Current (not peak) resident size, which is what grows when something leaks.
func residentKilobytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let data = try Data(contentsOf: URL(fileURLWithPath: options.path))
    let clock = ContinuousClock()

    // With several runs, one untimed call first keeps libvips's one-time start-up out of the figures.
    if options.runs > 1 { _ = try MarketImages.fit(data, underBytes: options.limit) }
    var times: [Double] = []
    var result: FitResult?
    for _ in 0..<options.runs {
        let elapsed = try clock.measure { result = try MarketImages.fit(data, underBytes: options.limit) }
        times.append(elapsed.milliseconds)
    }
    guard let result else { return }
    times.sort()

    print("result: \(result)  (\(result.image.data.count) bytes, limit \(options.limit))")
    let median = times[times.count / 2]
    if times.count > 1 {
        print(
            String(
                format: "time: median %.1f ms, min %.1f ms, max %.1f ms over %d warm runs",
                median, times[0], times[times.count - 1], times.count))
    } else {
        print(String(format: "time: %.1f ms for one cold call (includes libvips start-up)", median))
    }
    print("peak RSS: \(megabytes(kilobytes: peakResidentKilobytes()))")

    if options.soak > 0 {
        let before = residentKilobytes()
        for _ in 0..<options.soak { _ = try MarketImages.fit(data, underBytes: options.limit) }
        let after = residentKilobytes()
        print(
            "soak: RSS \(megabytes(kilobytes: before)) before and \(megabytes(kilobytes: after)) after \(options.soak) more fits")
    }
    if let out = options.out {
        try result.image.data.write(to: URL(fileURLWithPath: out))
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("market-images-bench: \(error)\n".utf8))
    exit(1)
}
