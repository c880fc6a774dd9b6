// Filled in by the benchmark work (scripts/bench-scripts).
print("market-client-bench: not written yet")
