extension Duration {
    /// The duration in milliseconds, with the fraction (`1.5` for 1,500 µs): for timings that
    /// are printed or logged. The one conversion the server, the client, the shell and the
    /// benchmarks use, instead of each taking `components` apart.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The duration in whole milliseconds, cut toward zero: for APIs that count in ms (`poll`).
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }

    /// The duration in whole nanoseconds, cut toward zero: for NIO's `TimeAmount`.
    public var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
