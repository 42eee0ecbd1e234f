import BluetoothTypes
import HCICodec
import POSIXSupport
import SystemPackage

/// Writes HCI packets to a btsnoop capture file as they happen.
///
/// Each record goes to the file with one `write` as soon as it is recorded; nothing is held in
/// a user-space buffer, so a process that is killed loses at most the record being written
/// (which readers then report as a truncated final record).
public final class CaptureRecorder {
  /// The file being written.
  public let path: String
  public let encoder: BTSnoopEncoder
  /// The controller whose packets are recorded (Linux monitor files record it per packet).
  public let controllerIndex: UInt16
  /// How many packets have been recorded.
  public private(set) var packetCount = 0

  private var file: FileDescriptor?

  /// Creates (or truncates) `path` and writes the file header.
  ///
  /// For a Linux monitor (2001) file it also writes a New Index record for the controller,
  /// as `btmon -w` does, so that btmon can name it as `hciN` with its address.
  ///
  /// - Parameters:
  ///   - datalink: 2001 (Linux monitor, the default and what `btmon -w` writes), 1002 (H4,
  ///     Android's format) or 1001.
  ///   - startTime: The time of the New Index record.
  public init(
    path: String, datalink: BTSnoopDatalink = .linuxMonitor, controllerIndex: UInt16 = 0,
    controllerAddress: BluetoothAddress = BluetoothAddress(rawValue: 0), startTime: CaptureTime
  ) throws(CaptureFileError) {
    self.path = path
    self.encoder = BTSnoopEncoder(datalink: datalink)
    self.controllerIndex = controllerIndex
    do {
      file = try FileDescriptor.createForWriting(path)
    } catch {
      throw CaptureFileError(path: path, operation: "open", errno: error)
    }
    var header = encoder.fileHeader()
    if datalink == .linuxMonitor {
      header += BTSnoopEncoder.newIndexRecord(
        controllerIndex: controllerIndex, at: startTime, address: controllerAddress, name: "hci\(controllerIndex)")
    }
    try write(header)
  }

  deinit {
    file?.closeIgnoringErrors()
  }

  /// Appends one packet to the file.
  public func record(_ packet: HCIPacket, at time: CaptureTime) throws(CaptureFileError) {
    let bytes: [UInt8]
    do {
      bytes = try encoder.record(for: packet, at: time, controllerIndex: controllerIndex)
    } catch {
      throw CaptureFileError(path: path, reason: .encoding(error))
    }
    try write(bytes)
    packetCount += 1
  }

  /// Closes the file; later calls to ``record(_:at:)`` fail with `EBADF`.
  public func close() {
    file?.closeIgnoringErrors()
    file = nil
  }

  private func write(_ bytes: [UInt8]) throws(CaptureFileError) {
    guard let file else {
      throw CaptureFileError(path: path, operation: "write", errno: .badFileDescriptor)
    }
    do {
      try file.writeAll(bytes)
    } catch {
      throw CaptureFileError(path: path, operation: "write", errno: error)
    }
  }
}
