print("beacon-broadcast: not yet")
