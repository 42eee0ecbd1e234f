import BeaconScanning
import BeaconStatistics
import Beacons
import BluetoothTypes
import HCICaptures
import HCICodec
import HCITransportCore
import MRTNavigation

#if canImport(Glibc)
  import Glibc
#endif

/// A capture held in memory for the benchmarks: its HCI packets, and the AD payload of every
/// advertising report in them, read once before anything is timed.
public struct BenchCapture: Sendable {
  /// Every HCI packet of the capture, with its time.
  public var packets: [TimedHCIPacket] = []
  /// The AD payload of every legacy or extended advertising report.
  public var payloads: [ArraySlice<UInt8>] = []

  /// Reads a btsnoop capture whole.
  public init(path: String) throws {
    var decoder = BTSnoopDecoder()
    decoder.append(try Self.contents(of: path))
    guard let datalink = try decoder.readFileHeader() else { throw BenchCaptureError.notACapture(path) }
    while let record = try decoder.nextRecord() {
      guard let captured = try record.capturedPacket(datalink: datalink) else { continue }
      packets.append(TimedHCIPacket(time: captured.time, packet: captured.packet))
      guard captured.packet.type == .event, let event = try? HCIEvent(decoding: captured.packet.bytes) else { continue }
      switch event {
      case .leMeta(.advertisingReport(let list)): payloads += list.reports.map(\.data)
      case .leMeta(.extendedAdvertisingReport(let list)): payloads += list.reports.map(\.data)
      default: break
      }
    }
  }

  /// The advertising reports in the capture.
  public var reportCount: Int { payloads.count }

  static func contents(of path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw BenchCaptureError.cannotOpen(path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return bytes
  }
}

/// Why a benchmark capture could not be read.
public enum BenchCaptureError: Error, CustomStringConvertible {
  case cannotOpen(String)
  case notACapture(String)

  public var description: String {
    switch self {
    case .cannotOpen(let path): return "cannot open \(path); write one with tools/bench-capture.py"
    case .notACapture(let path): return "\(path) is no btsnoop capture"
    }
  }
}
