import BluetoothTypes
import HCICodec
import HCITransportCore
import POSIXSupport
import SystemPackage

/// Why a capture file could not be read or written; its description names the file, the
/// byte offset where that applies, and what to do.
public struct CaptureFileError: TransportFailure, Hashable {
  /// The file, as the caller named it.
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public enum Reason: Hashable, Sendable {
    case fileNotFound
    case permissionDenied
    case isADirectory
    /// Another failure of `open`, `read` or `write`, and its `errno`.
    case systemError(operation: String, errno: Errno)
    /// The bytes are not a readable btsnoop capture.
    case format(BTSnoopError)
    /// The bytes are not a readable pcap or pcapng capture.
    case packetCaptureFormat(PacketCaptureError)
    /// The file is neither btsnoop nor pcap nor pcapng; `looksLike` says what it seems to be.
    case unrecognizedFormat(leadingBytes: [UInt8], looksLike: String)
    /// A packet could not be written in the file's datalink.
    case encoding(BTSnoopEncodingError)
    /// A command was sent to a capture being replayed.
    case notAController
    /// The capture cannot be written at that path: not a regular file or a new name, a pseudo
    /// filesystem, an unwritable folder (``OutputFile``).
    case output(OutputFileProblem)
  }
}

extension CaptureFileError: CustomStringConvertible {
  public var description: String {
    switch reason {
    case .fileNotFound:
      return "\(path): no such file. Check the path, or record a capture with `btmon -w \(path)`."
    case .permissionDenied:
      return "\(path): permission denied. Check the file's permissions (a btmon capture is often owned by root)."
    case .isADirectory:
      return "\(path): is a directory, not a capture file."
    case .notAController:
      return "\(path) is a capture, not a controller: it can be replayed, not sent commands."
    case .output(let problem):
      return "\(problem)."
    case .systemError(let operation, let errno):
      return "\(path): \(operation) failed: \(errno.message) (errno \(errno.rawValue))."
    case .format(let error):
      return "\(path): \(error)." + Self.advice(for: error, path: path)
    case .encoding(let error):
      return "\(path): \(error)."
    case .packetCaptureFormat(let error):
      return "\(path): \(error)."
    case .unrecognizedFormat(let leadingBytes, let looksLike):
      let found =
        leadingBytes.isEmpty
        ? "the file is empty" : "byte 0: \(Hex.encode(leadingBytes, separator: " ")); it looks like \(looksLike)"
      return "\(path): not a capture this tool reads (\(found)). It reads btsnoop files (`btmon -w FILE`, "
        + "Android's HCI snoop log) and pcap/pcapng files (Wireshark, Bluetooth LE sniffers)."
    }
  }

  private static func advice(for error: BTSnoopError, path: String) -> String {
    switch error {
    case .notBTSnoop, .unsupportedVersion:
      return " Record one with `btmon -w \(path)` or Android's HCI snoop log."
    case .unsupportedDatalink:
      return " Only HCI captures can be replayed; record one with `btmon -w \(path)`."
    case .truncatedHeader:
      return " The file is empty or was cut off while its header was being written."
    case .corruptRecord, .unknownPacketType:
      return " The file is damaged from this byte on; the records before it are intact."
    }
  }
}

extension CaptureFileError {
  /// The error for a failed syscall on `path`, naming the common cases.
  init(path: String, operation: String, errno error: Errno) {
    switch error {
    case .noSuchFileOrDirectory: self.init(path: path, reason: .fileNotFound)
    case .permissionDenied, .notPermitted: self.init(path: path, reason: .permissionDenied)
    case .isDirectory: self.init(path: path, reason: .isADirectory)
    default:
      self.init(
        path: path, reason: .systemError(operation: operation, errno: error))
    }
  }
}

/// Thrown by the format readers, which do not know the path; the replay source adds it.
extension CaptureFileError.Reason: Error {}
