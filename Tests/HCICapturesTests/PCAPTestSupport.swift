import BeaconTestSupport
import BluetoothTypes
import HCICaptures
import HCICodec

/// Builds pcap and pcapng files byte by byte, as the formats define them.
enum PCAPBytes {
  static func integer(_ value: UInt64, count: Int, bigEndian: Bool) -> [UInt8] {
    let littleEndian = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    return bigEndian ? littleEndian.reversed() : littleEndian
  }

  static func pcap(
    bigEndian: Bool, nanoseconds: Bool = false, linkType: UInt32,
    records: [(seconds: UInt32, fraction: UInt32, data: [UInt8])]
  ) -> [UInt8] {
    let magic: UInt64 = nanoseconds ? 0xA1B2_3C4D : 0xA1B2_C3D4
    var bytes = integer(magic, count: 4, bigEndian: bigEndian)
    bytes += integer(2, count: 2, bigEndian: bigEndian) + integer(4, count: 2, bigEndian: bigEndian)
    bytes += integer(0, count: 4, bigEndian: bigEndian) + integer(0, count: 4, bigEndian: bigEndian)
    bytes += integer(65_535, count: 4, bigEndian: bigEndian) + integer(UInt64(linkType), count: 4, bigEndian: bigEndian)
    for record in records {
      bytes += integer(UInt64(record.seconds), count: 4, bigEndian: bigEndian)
      bytes += integer(UInt64(record.fraction), count: 4, bigEndian: bigEndian)
      bytes += integer(UInt64(record.data.count), count: 4, bigEndian: bigEndian)
      bytes += integer(UInt64(record.data.count), count: 4, bigEndian: bigEndian)
      bytes += record.data
    }
    return bytes
  }

  static func block(type: UInt32, body: [UInt8], bigEndian: Bool) -> [UInt8] {
    let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
    let length = UInt64(12 + padded.count)
    return integer(UInt64(type), count: 4, bigEndian: bigEndian) + integer(length, count: 4, bigEndian: bigEndian)
      + padded + integer(length, count: 4, bigEndian: bigEndian)
  }

  static func sectionHeader(bigEndian: Bool) -> [UInt8] {
    let body =
      integer(0x1A2B_3C4D, count: 4, bigEndian: bigEndian) + integer(1, count: 2, bigEndian: bigEndian)
      + integer(0, count: 2, bigEndian: bigEndian) + integer(UInt64.max, count: 8, bigEndian: bigEndian)
    return block(type: 0x0A0D_0D0A, body: body, bigEndian: bigEndian)
  }

  static func interfaceDescription(linkType: UInt16, timestampResolution: UInt8? = nil, bigEndian: Bool) -> [UInt8] {
    var body = integer(UInt64(linkType), count: 2, bigEndian: bigEndian) + [0, 0]
    body += integer(0, count: 4, bigEndian: bigEndian)
    // if_name "hci0", then if_tsresol, then opt_endofopt.
    body += integer(2, count: 2, bigEndian: bigEndian) + integer(4, count: 2, bigEndian: bigEndian) + Array("hci0".utf8)
    if let timestampResolution {
      body += integer(9, count: 2, bigEndian: bigEndian) + integer(1, count: 2, bigEndian: bigEndian)
      body += [timestampResolution, 0, 0, 0]
    }
    body += [0, 0, 0, 0]
    return block(type: 1, body: body, bigEndian: bigEndian)
  }

  static func enhancedPacket(interface: UInt32, timestamp: UInt64, data: [UInt8], bigEndian: Bool) -> [UInt8] {
    var body = integer(UInt64(interface), count: 4, bigEndian: bigEndian)
    body +=
      integer(timestamp >> 32, count: 4, bigEndian: bigEndian) + integer(timestamp, count: 4, bigEndian: bigEndian)
    body += integer(UInt64(data.count), count: 4, bigEndian: bigEndian)
    body += integer(UInt64(data.count), count: 4, bigEndian: bigEndian)
    body += data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
    return block(type: 6, body: body, bigEndian: bigEndian)
  }

  static func simplePacket(data: [UInt8], bigEndian: Bool) -> [UInt8] {
    block(type: 3, body: integer(UInt64(data.count), count: 4, bigEndian: bigEndian) + data, bigEndian: bigEndian)
  }
}

/// What a decoder produced from a whole input.
struct DecodedCapture: Equatable {
  var frames: [CapturedFrame]
  var warning: PacketCaptureWarning?
}

/// Feeds `bytes` to a ``PacketCaptureDecoder`` in chunks of the given sizes (the rest in one
/// last chunk), draining frames after each.
func decodeCapture(_ bytes: [UInt8], chunkSizes: [Int] = []) throws -> DecodedCapture {
  var decoder = PacketCaptureDecoder()
  var frames: [CapturedFrame] = []
  var start = 0
  for size in chunkSizes where start < bytes.count {
    let end = min(bytes.count, start + size)
    decoder.append(bytes[start..<end])
    start = end
    while let frame = try decoder.nextFrame() { frames.append(frame) }
  }
  decoder.append(bytes[start...])
  while let frame = try decoder.nextFrame() { frames.append(frame) }
  return DecodedCapture(frames: frames, warning: try decoder.finish())
}

/// Chunk sizes for splitting `count` bytes at random, reproducibly (SplitMix64).
func randomChunkSizes(total count: Int, seed: UInt64, maximum: Int = 64) -> [Int] {
  var state = seed
  var sizes: [Int] = []
  var covered = 0
  while covered < count {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    let size = Int(z % UInt64(maximum)) + 1
    sizes.append(size)
    covered += size
  }
  return sizes
}

/// Checks that whole, random-split and byte-at-a-time decoding agree, and returns the result.
func decodeEveryWay(_ bytes: [UInt8]) throws -> (whole: DecodedCapture, agree: Bool) {
  let whole = try decodeCapture(bytes)
  var agree = try decodeCapture(bytes, chunkSizes: Array(repeating: 1, count: bytes.count)) == whole
  for seed: UInt64 in [1, 2, 3, 42] {
    agree = try agree && decodeCapture(bytes, chunkSizes: randomChunkSizes(total: bytes.count, seed: seed)) == whole
  }
  return (whole, agree)
}

/// Real frames, copied from the shared captures (see Tests/HCICapturesTests/PCAPRealCaptureTests.swift).
enum RealFrames {
  /// mhaberler_ble-advertiser/ble.pcapng frame 1: nRF Sniffer v3 header, ADV_SCAN_IND from
  /// 48:ca:43:3a:34:05 (public), RSSI -25 dBm, channel 39, CRC OK.
  static let nordicADVScanInd: [UInt8] = hex(
    """
    2b 34 00 03 23 42 02 0a 01 27 19 00 00 19 d9 59 97 d6 be 89 8e 26 21 05 34 3a 43 ca 48 02 01 06
    17 16 d2 fc 44 0c 50 28 41 54 08 43 66 03 62 c0 91 21 00 63 80 9d 05 00 e4 49 99
    """)
  /// blakete_.../short_ble_sniff.pcap frame 4: LE LL with 10-byte pseudo-header (flags 0x0001,
  /// dewhitened only), ADV_IND from 54:4e:54:a1:6f:51 (random), valid CRC.
  static let pseudoHeaderADVInd: [UInt8] = hex(
    """
    0c 00 00 00 00 00 00 00 01 00 d6 be 89 8e 60 17 51 6f a1 54 4e 54 02 01 1a 0a ff 4c 00 10 05 29
    18 a8 f8 49 02 0a 00 03 1c 45
    """)
  /// cnrd_yeelock/btsnoop_hci.log frame 352: H4 LE Advertising Report (iBeacon) from
  /// e6:45:9d:5a:2e:ee, RSSI -74.
  static let h4AdvertisingReport: [UInt8] = hex(
    """
    04 3e 2a 02 01 00 01 ee 2e 5a 9d 45 e6 1e 02 01 06 1a ff 4c 00 02 15 fd a5 06 93 a4 e2 4f b1 af
    cf c6 eb 07 64 78 25 00 05 00 06 b0 b6
    """)

  static func hex(_ text: String) -> [UInt8] { Hex.decode(text) ?? [] }
}
