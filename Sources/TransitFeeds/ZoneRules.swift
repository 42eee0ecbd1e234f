/// A time zone's offsets from UTC, read from its TZif file (RFC 8536, the format of the system's
/// time zone database): the table of transitions, then, past the last one, the rule of the
/// file's footer (a POSIX `TZ` string, ``PosixZoneRule``).
///
/// Read here rather than through the C library's `localtime_r` with `TZ` set: that would change
/// the process's environment while other threads read it (a `posix_spawn` of a notifier, say).
struct ZoneRules: Sendable {
  /// Transition times (Unix seconds), ascending, and the offset (seconds east of UTC) from each.
  private let transitions: [Int64]
  private let offsetAfter: [Int32]
  /// The offset before the first transition (the first local time type's, RFC 8536 3.2).
  private let offsetBefore: Int32
  /// The rule past the last transition; `nil` when the file has none (the last offset holds).
  private let footer: PosixZoneRule?

  /// Why a file is no TZif file this reader takes.
  struct Malformed: Error {}

  init(tzif bytes: [UInt8]) throws(Malformed) {
    var reader = Reader(bytes: bytes)
    guard try reader.take(4) == Array("TZif".utf8) else { throw Malformed() }
    let version = try reader.take(1)[0]
    try reader.skip(15)
    var counts = try (0..<6).map { _ throws(Malformed) in try reader.count() }
    var timeSize = 4
    if version >= UInt8(ascii: "2") {
      // Skip the version 1 data block; the version 2+ one that follows has 64-bit times.
      try reader.skip(Self.blockSize(counts, timeSize: 4))
      guard try reader.take(4) == Array("TZif".utf8) else { throw Malformed() }
      try reader.skip(16)
      counts = try (0..<6).map { _ throws(Malformed) in try reader.count() }
      timeSize = 8
    }
    let (leapCount, timeCount, typeCount, characterCount) = (counts[2], counts[3], counts[4], counts[5])
    guard typeCount > 0 else { throw Malformed() }
    var transitions: [Int64] = []
    for _ in 0..<timeCount {
      transitions.append(
        timeSize == 8 ? Int64(bitPattern: try reader.uint64()) : Int64(Int32(bitPattern: try reader.uint32())))
    }
    let typeIndices = try reader.take(timeCount)
    var offsets: [Int32] = []
    for _ in 0..<typeCount {
      offsets.append(Int32(bitPattern: try reader.uint32()))
      try reader.skip(2)
    }
    guard typeIndices.allSatisfy({ Int($0) < typeCount }),
      zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 })
    else { throw Malformed() }
    try reader.skip(characterCount + leapCount * (timeSize + 4) + counts[1] + counts[0])
    self.transitions = transitions
    offsetAfter = typeIndices.map { offsets[Int($0)] }
    offsetBefore = offsets[0]
    // The footer: a newline, the TZ string, a newline (version 2+).
    var footer: PosixZoneRule?
    if version >= UInt8(ascii: "2"), reader.remaining.first == UInt8(ascii: "\n") {
      let text = reader.remaining.dropFirst().prefix { $0 != UInt8(ascii: "\n") }
      footer = PosixZoneRule(String(decoding: text, as: UTF8.self))
    }
    self.footer = footer
  }

  /// The offset from UTC (seconds, east positive) at `unixSeconds`.
  func utcOffset(at unixSeconds: Int64) -> Int {
    guard let last = transitions.last, unixSeconds >= transitions[0] else {
      return footer.map { $0.utcOffset(at: unixSeconds) } ?? Int(offsetBefore)
    }
    if unixSeconds >= last, let footer { return footer.utcOffset(at: unixSeconds) }
    // The last transition at or before the time.
    var low = 0
    var high = transitions.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if transitions[middle] <= unixSeconds { low = middle } else { high = middle }
    }
    return Int(offsetAfter[low])
  }

  private static func blockSize(_ counts: [Int], timeSize: Int) -> Int {
    let (utcCount, standardCount, leapCount, timeCount, typeCount, characterCount) =
      (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    return timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
      + standardCount + utcCount
  }

  /// Big-endian fields from the front of the bytes; running out is ``Malformed``.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    mutating func take(_ count: Int) throws(Malformed) -> [UInt8] {
      guard count >= 0, count <= bytes.count - position else { throw Malformed() }
      defer { position += count }
      return Array(bytes[position..<position + count])
    }

    mutating func skip(_ count: Int) throws(Malformed) {
      guard count >= 0, count <= bytes.count - position else { throw Malformed() }
      position += count
    }

    /// A count: a 32-bit field that must fit an `Int` (it would not on a 32-bit machine past 2³¹).
    mutating func count() throws(Malformed) -> Int {
      guard let value = Int(exactly: try uint32()) else { throw Malformed() }
      return value
    }

    mutating func uint32() throws(Malformed) -> UInt32 {
      try take(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64() throws(Malformed) -> UInt64 {
      try take(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
  }
}
