"""The benchmark harness of cucpu (driven by benchmarks/run)."""
