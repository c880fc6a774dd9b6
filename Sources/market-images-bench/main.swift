print("market-images-bench: not written yet")
