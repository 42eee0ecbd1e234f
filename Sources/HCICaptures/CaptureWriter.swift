import BluetoothTypes
import HCICodec
import POSIXSupport
import SystemPackage

/// Writes HCI packets to a btsnoop capture file as they happen.
///
/// Each record goes to the file with one `write` as soon as it is recorded; nothing is held in
/// a user-space buffer, so a process that is killed loses at most the record being written
/// (which readers then report as a truncated final record).
///
/// The file is opened through ``OutputFile``: only a regular file or a new name, never through
/// a link. A file that was there is truncated only when the first packet is recorded, so a run
/// that records nothing leaves it as it was.
public final class CaptureWriter {
  /// The file being written.
  public let path: String
  /// Makes the file header and each record, in the file's datalink.
  public let encoder: BTSnoopEncoder
  /// The controller whose packets are recorded (Linux monitor files record it per packet).
  public let controllerIndex: UInt16
  /// How many packets have been recorded.
  public private(set) var packetCount = 0

  private var file: OpenOutputFile?
  /// The file header (and New Index record), written with the first packet.
  private var pendingHeader: [UInt8]?

  /// Opens `path` (a regular file or a new name, see ``OutputFile``) for the capture; the
  /// file header goes before the first packet.
  ///
  /// For a Linux monitor (2001) file the header is followed by a New Index record for the
  /// controller, as `btmon -w` writes, so that btmon can name it as `hciN` with its address.
  ///
  /// - Parameters:
  ///   - datalink: 2001 (Linux monitor, the default and what `btmon -w` writes), 1002 (H4,
  ///     Android's format) or 1001.
  ///   - startTime: The time of the New Index record.
  public init(
    path: String, datalink: BTSnoopDatalink = .linuxMonitor, controllerIndex: UInt16 = 0,
    controllerAddress: BluetoothAddress = BluetoothAddress(rawValue: 0), startTime: Timestamp
  ) throws(CaptureFileError) {
    self.path = path
    self.encoder = BTSnoopEncoder(datalink: datalink)
    self.controllerIndex = controllerIndex
    do {
      file = try OutputFile(path: path).open()
    } catch {
      throw CaptureFileError(path: path, reason: .output(error))
    }
    var header = encoder.fileHeader()
    if datalink == .linuxMonitor {
      header += BTSnoopEncoder.newIndexRecord(
        controllerIndex: controllerIndex, at: startTime, address: controllerAddress, name: "hci\(controllerIndex)")
    }
    pendingHeader = header
  }

  deinit {
    file?.descriptor.closeIgnoringErrors()
  }

  /// Appends one packet to the file.
  public func record(_ packet: HCIPacket, at time: Timestamp) throws(CaptureFileError) {
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
    file?.descriptor.closeIgnoringErrors()
    file = nil
  }

  /// Closes the file and, when no packet was recorded, removes it if this writer created it
  /// and the path still names it; a file that was there before is left as it was.
  public func closeDiscardingIfEmpty() {
    if packetCount == 0 { file?.removeIfCreated() }
    close()
  }

  /// Writes `bytes`, after the file header the first time (truncating a file that was there).
  private func write(_ bytes: [UInt8]) throws(CaptureFileError) {
    guard let file else {
      throw CaptureFileError(path: path, operation: "write", errno: .badFileDescriptor)
    }
    do throws(Errno) {
      if let header = pendingHeader {
        try systemCall { try file.descriptor.resize(to: 0) }
        try file.descriptor.writeAll(header)
        pendingHeader = nil
      }
      try file.descriptor.writeAll(bytes)
    } catch {
      throw CaptureFileError(path: path, operation: "write", errno: error)
    }
  }
}
