/// One GTFS file as CSV (RFC 4180): a header naming the columns, then records. Quoted fields may
/// hold commas, doubled quotes and line breaks; a UTF-8 byte order mark is skipped; lines end with
/// CRLF or LF; blank lines are skipped. Parsed over the bytes in place (a quoted field is unescaped
/// where it lies), with no `String` per line.
struct CSVTable {
  let file: String
  private var bytes: [UInt8]
  private var bodyStart = 0
  private var bodyLine = 2
  /// Header name → column position.
  private(set) var columns: [String: Int] = [:]

  init(file: String, bytes: [UInt8]) throws(FeedError) {
    self.file = file
    self.bytes = bytes
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var header: [String] = []
    var end = start
    var line = 1
    try self.bytes.withUnsafeMutableBufferPointer { (buffer) throws(FeedError) in
      var fields: [Int] = []
      var position = start
      guard try Self.nextRecord(in: buffer, from: &position, line: &line, fields: &fields, file: file) else { return }
      for index in stride(from: 0, to: fields.count, by: 2) {
        let name = String(
          decoding: UnsafeBufferPointer(rebasing: buffer[fields[index]..<fields[index + 1]]), as: UTF8.self)
        header.append(name.trimmingASCIISpaces())
      }
      end = position
    }
    bodyStart = end
    bodyLine = line
    for (position, name) in header.enumerated() where columns[name] == nil { columns[name] = position }
  }

  /// The position of a column the reference requires.
  func requiredColumn(_ name: String) throws(FeedError) -> Int {
    guard let position = columns[name] else { throw .missingColumn(file: file, column: name) }
    return position
  }

  /// Calls `body` with each record in file order.
  mutating func forEachRecord(_ body: (CSVRecord) throws(FeedError) -> Void) throws(FeedError) {
    let file = file
    var position = bodyStart
    var line = bodyLine
    try bytes.withUnsafeMutableBufferPointer { (buffer) throws(FeedError) in
      var fields: [Int] = []
      fields.reserveCapacity(64)
      while true {
        let recordLine = line
        guard try Self.nextRecord(in: buffer, from: &position, line: &line, fields: &fields, file: file) else { return }
        // A blank line: one empty, unquoted field.
        if fields.count == 2 && fields[0] == fields[1] && (fields[0] == 0 || buffer[fields[0] - 1] != 0x22) { continue }
        try fields.withUnsafeBufferPointer { (fieldBounds) throws(FeedError) in
          try body(CSVRecord(file: file, line: recordLine, bytes: UnsafeBufferPointer(buffer), bounds: fieldBounds))
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
    file: String
  ) throws(FeedError) -> Bool {
    fields.removeAll(keepingCapacity: true)
    let count = buffer.count
    var index = position
    guard index < count else { return false }
    let recordLine = line
    while true {
      if index < count && buffer[index] == quote {
        index += 1
        let start = index
        var written = index
        while true {
          guard index < count else {
            throw .malformedCSV(file: file, line: recordLine, reason: "a quoted field is not closed")
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
        fields.append(start)
        fields.append(written)
        let atEnd =
          index >= count || buffer[index] == comma || buffer[index] == lineFeed
          || (buffer[index] == carriageReturn && (index + 1 >= count || buffer[index + 1] == lineFeed))
        guard atEnd else {
          throw .malformedCSV(file: file, line: line, reason: "text follows a closing quote")
        }
      } else {
        let start = index
        while index < count {
          let byte = buffer[index]
          if byte == comma || byte == lineFeed { break }
          index += 1
        }
        var end = index
        if end > start && buffer[end - 1] == carriageReturn { end -= 1 }
        fields.append(start)
        fields.append(end)
      }
      if index >= count {
        position = index
        return true
      }
      let separator = buffer[index]
      if separator == carriageReturn { index += 1 }
      if separator == comma {
        index += 1
        continue
      }
      if index < count && buffer[index] == lineFeed { index += 1 }
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
