/// Cuts gpsd's byte stream into lines (`\n`, a `\r` before it dropped), in bounded memory: a
/// line longer than ``maximumLineLength`` (gpsd's longest objects are a few KiB) is dropped
/// whole and counted, so noise on the socket cannot grow the buffer.
struct GPSDLineSplitter {
  static let maximumLineLength = 65_536

  private var pending: [UInt8] = []
  private var discarding = false
  /// Lines dropped for being too long.
  private(set) var overlongLines = 0

  /// Adds `bytes` and hands `line` each line they complete, in order.
  mutating func append(_ bytes: some Collection<UInt8>, _ line: (ArraySlice<UInt8>) -> Void) {
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if !discarding {
          var end = pending.endIndex
          if end > 0, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
          line(pending[..<end])
        }
        pending.removeAll(keepingCapacity: true)
        discarding = false
      } else if !discarding {
        pending.append(byte)
        if pending.count > Self.maximumLineLength {
          overlongLines += 1
          discarding = true
          pending.removeAll(keepingCapacity: false)
        }
      }
    }
  }

  /// Forgets the unfinished line (the connection it came on is gone).
  mutating func reset() {
    pending.removeAll(keepingCapacity: false)
    discarding = false
  }
}
