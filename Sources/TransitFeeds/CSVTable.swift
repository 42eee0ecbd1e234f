/// One GTFS file as CSV (RFC 4180): a header naming the columns, then records. Quoted fields may
/// hold commas, doubled quotes and line breaks; a UTF-8 byte order mark is skipped; lines end with
/// CRLF, LF or CR. Parsed over the bytes in place (a quoted field is unescaped where it lies), with
/// no `String` per line.
///
/// What RFC 4180 does not allow is read as Python's `csv` module reads it (pandas and partridge
/// read feeds with it), each with a warning in ``warnings``: text after a closing quote is part of
/// the field (`"a"b` is `ab`; but spaces alone are dropped, as the GTFS validator's parser drops
/// them: `"a" ` is `a`), a quote left open runs to the end of the file, a row with too few
/// fields has the rest empty and one with too many has the extra ignored, a blank line is skipped.
struct CSVTable {
  let file: String
  private var bytes: [UInt8]
  private var bodyStart = 0
  private var bodyLine = 2
  /// Header name → column position.
  private(set) var columns: [String: Int] = [:]
  private var headerCount = 0
  /// The defects read past, in file order.
  private(set) var warnings = FeedWarningLog()

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var header: [String] = []
    var end = start
    var line = 1
    var warnings = FeedWarningLog()
    self.bytes.withUnsafeMutableBufferPointer { buffer in
      var fields: [Int] = []
      var position = start
      guard Self.nextRecord(in: buffer, from: &position, line: &line, fields: &fields, file: file, warnings: &warnings)
      else { return }
      for index in stride(from: 0, to: fields.count, by: 2) {
        let name = String(
          decoding: UnsafeBufferPointer(rebasing: buffer[fields[index]..<fields[index + 1]]), as: UTF8.self)
        header.append(name.trimmingASCIISpaces())
      }
      end = position
    }
    bodyStart = end
    bodyLine = line
    headerCount = header.count
    self.warnings = warnings
    for (position, name) in header.enumerated() where columns[name] == nil { columns[name] = position }
  }

  /// The position of a column the reference requires.
  func requiredColumn(_ name: String) throws(FeedError) -> Int {
    guard let position = columns[name] else { throw .missingColumn(file: file, column: name) }
    return position
  }

  /// Calls `body` with each record in file order. A record `body` refuses is left out, its
  /// defect a warning in ``warnings``.
  mutating func forEachRecord(_ body: (CSVRecord) throws(FeedError) -> Void) {
    do { try forEachRecord(strictly: false, body) } catch { warnings.append(FeedWarning(rowSkippedFor: error)) }
  }

  /// Calls `body` with each record in file order; the first record `body` refuses stops the
  /// reading with its error (for this project's own files, read as their author wrote them).
  mutating func forEachRecordStrictly(_ body: (CSVRecord) throws(FeedError) -> Void) throws(FeedError) {
    try forEachRecord(strictly: true, body)
  }

  private mutating func forEachRecord(strictly: Bool, _ body: (CSVRecord) throws(FeedError) -> Void)
    throws(FeedError)
  {
    let file = file
    let headerCount = headerCount
    var position = bodyStart
    var line = bodyLine
    var warnings = warnings
    defer { self.warnings = warnings }
    try bytes.withUnsafeMutableBufferPointer { (buffer) throws(FeedError) in
      var fields: [Int] = []
      fields.reserveCapacity(64)
      while true {
        let recordLine = line
        guard
          Self.nextRecord(in: buffer, from: &position, line: &line, fields: &fields, file: file, warnings: &warnings)
        else { return }
        // A blank line: one empty, unquoted field.
        if fields.count == 2 && fields[0] == fields[1] && (fields[0] == 0 || buffer[fields[0] - 1] != 0x22) {
          warnings.append(
            FeedWarning(
              kind: .emptyRow, defect: .malformedCSV(file: file, line: recordLine, reason: "a blank line"),
              outcome: .rowSkipped))
          continue
        }
        if fields.count / 2 != headerCount {
          warnings.append(
            FeedWarning(
              kind: .invalidRowLength,
              defect: .malformedCSV(
                file: file, line: recordLine,
                reason: "\(fields.count / 2) fields where the header has \(headerCount): "
                  + (fields.count / 2 < headerCount ? "the rest are empty" : "the extra are ignored")),
              outcome: .rowRead))
        }
        do throws(FeedError) {
          try fields.withUnsafeBufferPointer { (fieldBounds) throws(FeedError) in
            try body(CSVRecord(file: file, line: recordLine, bytes: UnsafeBufferPointer(buffer), bounds: fieldBounds))
          }
        } catch {
          if strictly { throw error }
          warnings.append(FeedWarning(rowSkippedFor: error))
        }
      }
    }
  }

  private static let quote: UInt8 = 0x22
  private static let comma: UInt8 = 0x2C
  private static let lineFeed: UInt8 = 0x0A
  private static let carriageReturn: UInt8 = 0x0D

  /// Reads one record from `position`, leaving the start and end of each field in `fields`
  /// (pairs). False at the end of the bytes.
  private static func nextRecord(
    in buffer: UnsafeMutableBufferPointer<UInt8>, from position: inout Int, line: inout Int, fields: inout [Int],
    file: String, warnings: inout FeedWarningLog
  ) -> Bool {
    fields.removeAll(keepingCapacity: true)
    let count = buffer.count
    var index = position
    guard index < count else { return false }
    let recordLine = line
    func isFieldEnd(_ byte: UInt8) -> Bool { byte == comma || byte == lineFeed || byte == carriageReturn }
    while true {
      if index < count && buffer[index] == quote {
        index += 1
        let start = index
        var written = index
        while true {
          guard index < count else {
            warnings.append(
              FeedWarning(
                kind: .csvParsingFailed,
                defect: .malformedCSV(
                  file: file, line: recordLine, reason: "a quoted field is not closed: it runs to the end of the file"),
                outcome: .rowRead))
            break
          }
          let byte = buffer[index]
          if byte == quote {
            if index + 1 < count && buffer[index + 1] == quote {
              buffer[written] = quote
              written += 1
              index += 2
              continue
            }
            index += 1
            break
          }
          if byte == lineFeed { line += 1 }
          buffer[written] = byte
          written += 1
          index += 1
        }
        var after = index
        while after < count && !isFieldEnd(buffer[after]) { after += 1 }
        if after > index {
          // Spaces alone are dropped, as the validator's parser drops them; other text is kept.
          let spacesOnly = buffer[index..<after].allSatisfy { $0 == 0x20 || $0 == 0x09 }
          warnings.append(
            FeedWarning(
              kind: spacesOnly ? .leadingOrTrailingWhitespaces : .csvParsingFailed,
              defect: .malformedCSV(
                file: file, line: line,
                reason: spacesOnly
                  ? "spaces follow a closing quote: they are dropped, as the GTFS validator drops them"
                  : "text follows a closing quote: it is part of the field, as Python's csv module reads it"),
              outcome: .rowRead))
          if !spacesOnly {
            for position in index..<after {
              buffer[written] = buffer[position]
              written += 1
            }
          }
          index = after
        }
        fields.append(start)
        fields.append(written)
      } else {
        let start = index
        while index < count && !isFieldEnd(buffer[index]) { index += 1 }
        fields.append(start)
        fields.append(index)
      }
      if index >= count {
        position = index
        return true
      }
      let separator = buffer[index]
      index += 1
      if separator == comma { continue }
      if separator == carriageReturn && index < count && buffer[index] == lineFeed { index += 1 }
      line += 1
      position = index
      return true
    }
  }
}

/// One record: its fields' bytes, valid only inside the call that receives it.
struct CSVRecord {
  let file: String
  /// The file's line number where the record starts.
  let line: Int
  let bytes: UnsafeBufferPointer<UInt8>
  let bounds: UnsafeBufferPointer<Int>

  /// The bytes of the field in `column`; empty when the column is absent or the record short.
  func field(_ column: Int?) -> UnsafeBufferPointer<UInt8> {
    guard let column, column * 2 + 1 < bounds.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: bytes[bounds[column * 2]..<bounds[column * 2 + 1]])
  }

  func string(_ column: Int?) -> String { String(decoding: field(column), as: UTF8.self) }

  func isEmpty(_ column: Int?) -> Bool { field(column).allSatisfy { $0 == 0x20 } }
}

extension String {
  func trimmingASCIISpaces() -> String {
    var scalars = Substring(self)
    while scalars.first == " " { scalars = scalars.dropFirst() }
    while scalars.last == " " { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
