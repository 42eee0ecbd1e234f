import BluetoothTypes
import Foundation
import HCICaptures
import HCICodec
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Our reader and decoders against TShark, report by report, on every valid fixture.
///
/// TShark is a second, independent decoder. Its `-T pdml` output keeps fields in wire order, so
/// each LE (Extended) Advertising Report event can be split into its reports at each Event_Type
/// field (`-T json` folds the repeated fields of a multi-report event into one key). Per report
/// we compare the address, the RSSI and the manufacturer-specific AD structures (company
/// identifier + data). Wireshark's own iBeacon dissector is deliberately not used: it is only
/// reachable through Decode-As and decodes iBeacons wrongly.
@Suite struct TSharkCrossCheckTests {
  static let tshark = CrossCheckTool.find("tshark")

  /// Fixtures whose summary expects no error: those a reader must read.
  static func validFixtures() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: CrossCheckTool.fixtures.path)) ?? []
    return names.filter { $0.hasSuffix(".expected-summary.json") }
      .map { String($0.dropLast(".expected-summary.json".count)) }
      .filter { name in
        guard
          let data = FileManager.default.contents(
            atPath: CrossCheckTool.fixtures.appendingPathComponent(name + ".expected-summary.json").path),
          let summary = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return summary["error"] is NSNull
      }
      .sorted()
  }

  @Test func thereAreValidFixtures() {
    #expect(Self.validFixtures().count >= 4)
  }

  @Test(
    .enabled(if: tshark != nil, "tshark is not on PATH; install it (apt-get install tshark) to cross-check"),
    arguments: validFixtures())
  func reportsMatchTShark(name: String) throws {
    let path = CrossCheckTool.fixtures.appendingPathComponent(name + ".btsnoop").path
    let theirs = try CrossCheckTool.tsharkEvents(tshark: try #require(Self.tshark), path: path)
    let ours = try CrossCheckTool.ourEvents(path: path)

    #expect(ours.map(\.frame) == theirs.map(\.frame), "\(name): the same frames carry advertising reports")
    var compared = 0
    for (event, seen) in zip(ours, theirs) where event.frame == seen.frame {
      // TShark also shows a report that is cut short; we compare the reports we could decode.
      #expect(
        event.reports.count + event.missing == seen.announced,
        "\(name) frame \(event.frame): decoded + missing reports = Num_Reports")
      #expect(seen.reports.count >= event.reports.count, "\(name) frame \(event.frame): report count")
      for (index, (a, b)) in zip(event.reports, seen.reports).enumerated() {
        let place = "\(name) frame \(event.frame) report \(index + 1)"
        #expect(a.address == b.address, "\(place): address")
        if !a.adOverrun {
          // With an AD structure that overruns Data_Length, TShark swallows the RSSI byte.
          #expect(a.rssi == b.rssi, "\(place): RSSI")
        }
        #expect(a.manufacturerData == b.manufacturerData, "\(place): manufacturer data")
        compared += 1
      }
    }
    #expect(compared > 0, "\(name): compared no reports")
  }
}

/// One advertising report as either decoder sees it.
private struct CrossCheckReport: Equatable {
  /// The address as it is on the wire (least significant octet first).
  var address: [UInt8]
  /// `nil` when the controller reported 127 (not available).
  var rssi: Int8?
  /// Each manufacturer-specific AD structure's data, company identifier first.
  var manufacturerData: [[UInt8]]
  var adOverrun = false
}

private struct CrossCheckEvent {
  /// The record number in the file, 1-based: TShark's frame number.
  var frame: Int
  var announced = 0
  var reports: [CrossCheckReport] = []
  var missing = 0
}

private enum CrossCheckTool {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func find(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Our side: the replay source, `HCIEvent`, the reports and their AD structures.
  static func ourEvents(path: String) throws -> [CrossCheckEvent] {
    let source = try CaptureReplayConnection(path: path)
    var events: [CrossCheckEvent] = []
    while let timed = try source.nextPacket() {
      guard timed.packet.type == .event, let origin = timed.origin,
        case .leMeta(let meta) = try HCIEvent(decoding: timed.packet.bytes)
      else { continue }
      var event = CrossCheckEvent(frame: origin.recordNumber)
      switch meta {
      case .advertisingReport(let advertising):
        event.reports = advertising.reports.map { report(address: $0.address, rssi: $0.rssi, data: $0.data) }
        event.missing = advertising.missingReportCount
      case .extendedAdvertisingReport(let advertising):
        event.reports = advertising.reports.map { report(address: $0.address, rssi: $0.rssi, data: $0.data) }
        event.missing = advertising.missingReportCount
      case .other:
        continue
      }
      events.append(event)
    }
    return events
  }

  private static func report(address: BluetoothAddress, rssi: Int8?, data: ArraySlice<UInt8>) -> CrossCheckReport {
    let (structures, problem) = AdvertisingData(data).structures
    return CrossCheckReport(
      address: address.littleEndianBytes, rssi: rssi,
      manufacturerData: structures.filter { $0.type == .manufacturerSpecificData }.map { Array($0.data) },
      adOverrun: problem != nil)
  }

  /// TShark's side, from `tshark -r FILE -T pdml`.
  static func tsharkEvents(tshark: String, path: String) throws -> [CrossCheckEvent] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tshark)
    process.arguments = [
      "-r", path, "-T", "pdml",
      "-Y", "bthci_evt.le_meta_subevent == 0x02 || bthci_evt.le_meta_subevent == 0x0d",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Read before waiting, so a full pipe cannot block TShark. TShark exits non-zero for a file
    // whose last record is cut short (tricky-reports); the frames before it are still printed.
    let pdml = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Foundation's XMLParser gives up on a PDML document of a few megabytes: parse it a few
    // hundred packets at a time, each batch wrapped in a <pdml> element of its own.
    let reader = PDMLAdvertisingReader()
    let text = String(decoding: pdml, as: UTF8.self)
    // Each <packet> element, from its start tag to its end tag (the first one after the XML
    // prologue and the <pdml> start tag).
    let packets = text.components(separatedBy: "</packet>").dropLast().compactMap { chunk in
      chunk.range(of: "<packet>").map { String(chunk[$0.lowerBound...]) + "</packet>" }
    }
    for batchStart in stride(from: 0, to: packets.count, by: 200) {
      let batch = packets[batchStart..<min(batchStart + 200, packets.count)]
      let parser = XMLParser(data: Data(("<pdml>" + batch.joined() + "</pdml>").utf8))
      parser.delegate = reader
      guard parser.parse() else {
        throw CrossCheckFailure.unreadablePDML(parser.parserError?.localizedDescription ?? "unknown")
      }
    }
    return reader.events
  }
}

private enum CrossCheckFailure: Error {
  case unreadablePDML(String)
}

/// Walks PDML fields in order; a report starts at each Event_Type field.
private final class PDMLAdvertisingReader: NSObject, XMLParserDelegate {
  var events: [CrossCheckEvent] = []
  private var pendingCompany: [UInt8]?

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if element == "packet" {
      finishManufacturerData()
      events.append(CrossCheckEvent(frame: 0))
      return
    }
    guard element == "field", let name = attributes["name"], !events.isEmpty else { return }
    let value = attributes["value"] ?? ""
    switch name {
    case "num":
      events[events.count - 1].frame = Int(attributes["show"] ?? "") ?? 0
    case "bthci_evt.le_num_reports":
      events[events.count - 1].announced = Int(value, radix: 16) ?? 0
    case "bthci_evt.le_advts_event_type", "bthci_evt.le_ext_advts_event_type":
      finishManufacturerData()
      events[events.count - 1].reports.append(CrossCheckReport(address: [], rssi: nil, manufacturerData: []))
    case "bthci_evt.bd_addr":
      updateReport { $0.address = Self.bytes(value) }
    case "bthci_evt.rssi":
      let raw = Int8(bitPattern: UInt8(value, radix: 16) ?? 0x7F)
      updateReport { $0.rssi = raw == 127 ? nil : raw }
    case "btcommon.eir_ad.entry.company_id":
      finishManufacturerData()
      pendingCompany = Self.bytes(value)
    case "btcommon.eir_ad.entry.data":
      if let company = pendingCompany {
        updateReport { $0.manufacturerData.append(company + Self.bytes(value)) }
        pendingCompany = nil
      }
    case "btcommon.eir_ad.entry":
      finishManufacturerData()
    default:
      break
    }
  }

  func parserDidEndDocument(_ parser: XMLParser) {
    finishManufacturerData()
  }

  /// A manufacturer structure with a company identifier and no data.
  private func finishManufacturerData() {
    guard let company = pendingCompany else { return }
    pendingCompany = nil
    updateReport { $0.manufacturerData.append(company) }
  }

  private func updateReport(_ change: (inout CrossCheckReport) -> Void) {
    guard let last = events.indices.last, let index = events[last].reports.indices.last else { return }
    change(&events[last].reports[index])
  }

  private static func bytes(_ hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var index = hex.startIndex
    while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index < hex.endIndex {
      out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return out
  }
}
