print("beacon-scan: not yet")
