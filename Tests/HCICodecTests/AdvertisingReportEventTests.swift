import Foundation
import HCICaptures
import Testing

@testable import BluetoothTypes
@testable import HCICodec

/// The in-place reader of advertising reports (`AdvertisingReportEvent`, the scanning hot path)
/// must say exactly what the event decoder (`HCIEvent`) says of the same bytes: the same
/// reports, the same problem, the same error. Checked on every event of every fixture capture,
/// and on every prefix and a few corruptions of each advertising-report event in them.
@Suite struct AdvertisingReportEventTests {
  /// What either decoder made of one packet, in one comparable form.
  enum Reading: Equatable {
    case notAdvertisingReport
    case failed(ByteDecodingError)
    case legacy([LEAdvertisingReport.Report], problem: ByteDecodingError?, missing: Int)
    case extended([LEExtendedAdvertisingReport.Report], problem: ByteDecodingError?, missing: Int)
  }

  static func byEventDecoder(_ packet: [UInt8]) -> Reading {
    do {
      switch try HCIEvent(decoding: packet) {
      case .leMeta(.advertisingReport(let event)):
        return .legacy(event.reports, problem: event.problem, missing: event.missingReportCount)
      case .leMeta(.extendedAdvertisingReport(let event)):
        return .extended(event.reports, problem: event.problem, missing: event.missingReportCount)
      default:
        return .notAdvertisingReport
      }
    } catch {
      // The in-place reader looks only at advertising-report events.
      return AdvertisingReportEvent.format(ofPacket: packet.span) == nil ? .notAdvertisingReport : .failed(error)
    }
  }

  static func inPlace(_ packet: [UInt8]) -> Reading {
    var legacy: [LEAdvertisingReport.Report] = []
    var extended: [LEExtendedAdvertisingReport.Report] = []
    let outcome: AdvertisingReportOutcome?
    do {
      outcome = try AdvertisingReportEvent.forEachReport(inPacket: packet.span) { header, data in
        let bytes = ArraySlice((0..<data.count).map { data[$0] })
        switch header.format {
        case .legacy: legacy.append(LEAdvertisingReport.Report(header: header, data: bytes))
        case .extended: extended.append(LEExtendedAdvertisingReport.Report(header: header, data: bytes))
        }
      }
    } catch {
      return .failed(error)
    }
    guard let outcome else { return .notAdvertisingReport }
    switch AdvertisingReportEvent.format(ofPacket: packet.span) {
    case .legacy: return .legacy(legacy, problem: outcome.problem, missing: outcome.missingReportCount)
    default: return .extended(extended, problem: outcome.problem, missing: outcome.missingReportCount)
    }
  }

  /// Every HCI event packet of every btsnoop fixture.
  static let fixtureEvents: [[UInt8]] = {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    var events: [[UInt8]] = []
    for name in names.sorted() where name.hasSuffix(".btsnoop") {
      guard let contents = FileManager.default.contents(atPath: fixtures.appendingPathComponent(name).path) else {
        continue
      }
      var decoder = BTSnoopDecoder()
      decoder.append(Array(contents))
      guard let datalink = try? decoder.readFileHeader() else { continue }
      while let record = try? decoder.nextRecord() {
        if let packet = try? record.capturedPacket(datalink: datalink), packet.packet.type == .event {
          events.append(Array(packet.packet.bytes))
        }
      }
    }
    return events
  }()

  @Test func agreesWithTheEventDecoderOnEveryFixtureEvent() {
    let advertising = Self.fixtureEvents.filter { AdvertisingReportEvent.format(ofPacket: $0.span) != nil }
    #expect(advertising.count > 1000, "the fixtures hold thousands of advertising reports")
    #expect(Set(advertising.map { $0[2] }) == [0x02, 0x0D], "both legacy and extended reports are covered")
    var disagreements = 0
    for packet in Self.fixtureEvents where Self.inPlace(packet) != Self.byEventDecoder(packet) {
      disagreements += 1
    }
    #expect(disagreements == 0)
  }

  @Test func agreesOnEveryPrefixAndCorruptionOfAdvertisingEvents() {
    var checked = 0
    var failures = 0
    var seenOutcomes: Set<String> = []
    // One legacy and one extended event with several reports, from the fixtures.
    let samples = [0x02, 0x0D].compactMap { subevent in
      Self.fixtureEvents.first { $0.count > 3 && $0[0] == 0x3E && $0[2] == subevent }
    }
    #expect(samples.count == 2)
    for packet in samples {
      var variants: [[UInt8]] = []
      for length in 0..<packet.count {
        var prefix = Array(packet[..<length])
        variants.append(prefix)
        // The same prefix with its length byte fixed up, so that the reports are cut short.
        if prefix.count >= 2 {
          prefix[1] = UInt8(prefix.count - 2)
          variants.append(prefix)
        }
      }
      for count: UInt8 in [0, 2, 9, 255] {
        var changed = packet
        changed[3] = count
        variants.append(changed)
      }
      variants.append(packet + [0xAA])
      for variant in variants {
        let reading = Self.inPlace(variant)
        if reading != Self.byEventDecoder(variant) { failures += 1 }
        seenOutcomes.insert("\(reading)".prefix(12).description)
        checked += 1
      }
    }
    #expect(checked > 100)
    #expect(failures == 0)
    // Failures, cut-short reports and whole ones were all among the variants.
    #expect(seenOutcomes.count >= 3)
  }

  @Test func otherEventsAreLeftAlone() throws {
    var calls = 0
    let commandComplete: [UInt8] = [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]
    let otherLEMeta: [UInt8] = [0x3E, 0x02, 0x01, 0x00]
    #expect(try AdvertisingReportEvent.forEachReport(inPacket: commandComplete.span) { _, _ in calls += 1 } == nil)
    #expect(try AdvertisingReportEvent.forEachReport(inPacket: otherLEMeta.span) { _, _ in calls += 1 } == nil)
    #expect(calls == 0)
  }

  @Test func reportsBeforeACutAreDeliveredAndTheRestCounted() throws {
    // Two legacy reports announced, the second cut inside its address.
    let first: [UInt8] = [0x03, 0x01, 1, 2, 3, 4, 5, 0xC6, 3, 0x02, 0x01, 0x06, 0xC4]
    let parameters: [UInt8] = [0x02, 0x02] + first + [0x00, 0x00, 0xAA]
    let packet = [0x3E, UInt8(parameters.count)] + parameters
    var addresses: [BluetoothAddress] = []
    var payloads: [[UInt8]] = []
    let outcome = try AdvertisingReportEvent.forEachReport(inPacket: packet.span) { header, data in
      addresses.append(header.address)
      payloads.append((0..<data.count).map { data[$0] })
    }
    #expect(addresses == [BluetoothAddress(rawValue: 0xC6_05_04_03_02_01)])
    #expect(payloads == [[0x02, 0x01, 0x06]])
    #expect(outcome?.announcedReportCount == 2)
    #expect(outcome?.missingReportCount == 1)
    #expect(outcome?.problem == .truncated(field: "Address", needed: 6, available: 1))
  }
}

/// The field readers over borrowed bytes read what `ByteReader` reads and fail as it does.
@Suite struct SpanFieldReadingTests {
  @Test func multiByteFieldsInBothByteOrders() throws {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
    let span = bytes.span
    for count in 0...8 {
      for start in 0...(bytes.count - count) {
        var offset = start
        var reader = ByteReader(bytes[...])
        _ = try reader.readBytes(start, "skip")
        #expect(try span.readLittleEndian(count, at: &offset, "f") == reader.readLittleEndian(count, "f"))
        #expect(offset == start + count)
        offset = start
        reader = ByteReader(bytes[...])
        _ = try reader.readBytes(start, "skip")
        #expect(try span.readBigEndian(count, at: &offset, "f") == reader.readBigEndian(count, "f"))
      }
    }
    var offset = 1
    #expect(try span.readUInt16LE(at: &offset, "f") == 0x0302)
    #expect(try span.readUInt16BE(at: &offset, "f") == 0x0405)
    offset = 3
    #expect(try span.readAddress(at: &offset, "f") == BluetoothAddress(rawValue: 0x09_08_07_06_05_04))
    #expect(offset == 9)
  }

  @Test func aFieldPastTheEndThrowsLikeByteReader() {
    let bytes: [UInt8] = [0xAA, 0xBB, 0xCC]
    var offset = 1
    #expect(throws: ByteDecodingError.truncated(field: "Major", needed: 6, available: 2)) {
      try bytes.span.readAddress(at: &offset, "Major")
    }
    #expect(offset == 1, "a failed read does not move the offset")
    #expect(throws: ByteDecodingError.truncated(field: "Data", needed: 3, available: 2)) {
      try bytes.span.readRange(3, at: &offset, "Data")
    }
    var reader = ByteReader(bytes[...])
    _ = try? reader.readUInt8("skip")
    #expect(throws: ByteDecodingError.truncated(field: "Data", needed: 3, available: 2)) {
      try reader.readBytes(3, "Data")
    }
  }
}
