// Reading GTFS field types from a record's bytes, each failure a `FeedError` naming the cell.

extension CSVRecord {
  private func malformed(_ column: Int, _ name: String, _ expected: String) -> FeedError {
    .malformedValue(file: file, line: line, column: name, value: string(column), expected: expected)
  }

  /// The field without the spaces some feeds put around values.
  private func trimmed(_ column: Int?) -> UnsafeBufferPointer<UInt8> {
    var field = field(column)
    while let first = field.first, first == 0x20 { field = UnsafeBufferPointer(rebasing: field.dropFirst()) }
    while let last = field.last, last == 0x20 { field = UnsafeBufferPointer(rebasing: field.dropLast()) }
    return field
  }

  /// A required non-empty text value (an id).
  func requiredString(_ column: Int, _ name: String) throws(FeedError) -> String {
    guard !isEmpty(column) else { throw .missingValue(file: file, line: line, column: name) }
    return string(column)
  }

  /// A required id that `index` does not hold yet (each row of an id's own file brings a new one).
  func newID(_ column: Int, _ name: String, notIn index: [String: Int]) throws(FeedError) -> String {
    let id = try requiredString(column, name)
    guard index[id] == nil else { throw .duplicateID(file: file, line: line, column: name, value: id) }
    return id
  }

  /// The row of the id in `column` among the ids `index` holds, those of the file `definedIn`;
  /// `nil` when the value is empty, ``FeedError/unknownReference(file:line:column:value:definedIn:)``
  /// when the file does not define it.
  func reference(_ column: Int?, _ name: String, in index: [String: Int], definedIn: String) throws(FeedError) -> Int? {
    guard let id = optionalString(column) else { return nil }
    guard let row = index[id] else {
      throw .unknownReference(file: file, line: line, column: name, value: id, definedIn: definedIn)
    }
    return row
  }

  /// ``reference(_:_:in:definedIn:)`` of a value that may not be empty.
  func requiredReference(_ column: Int, _ name: String, in index: [String: Int], definedIn: String) throws(FeedError)
    -> Int
  {
    guard let row = try reference(column, name, in: index, definedIn: definedIn) else {
      throw .missingValue(file: file, line: line, column: name)
    }
    return row
  }

  /// An optional non-empty text value.
  func optionalString(_ column: Int?) -> String? { isEmpty(column) ? nil : string(column) }

  /// A decimal integer (optionally signed) of at most 9 digits; nil when empty.
  func integer(_ column: Int?, _ name: String) throws(FeedError) -> Int? {
    guard let column else { return nil }
    let field = trimmed(column)
    guard !field.isEmpty else { return nil }
    var digits = field[...]
    var negative = false
    if digits.first == 0x2D || digits.first == 0x2B {
      negative = digits.first == 0x2D
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 9 else { throw malformed(column, name, "an integer") }
    var value = 0
    for byte in digits {
      guard byte >= 0x30 && byte <= 0x39 else { throw malformed(column, name, "an integer") }
      value = value * 10 + Int(byte - 0x30)
    }
    return negative ? -value : value
  }

  func requiredInteger(_ column: Int, _ name: String) throws(FeedError) -> Int {
    guard let value = try integer(column, name) else { throw .missingValue(file: file, line: line, column: name) }
    return value
  }

  /// An integer of at least `minimum` (a headway, a transfer time); nil when empty.
  func integer(_ column: Int?, _ name: String, atLeast minimum: Int) throws(FeedError) -> Int? {
    guard let column, let value = try integer(column, name) else { return nil }
    guard value >= minimum else {
      throw malformed(column, name, minimum == 0 ? "a whole number of seconds" : "a positive integer")
    }
    return value
  }

  /// An integer that must be one of `allowed`; `empty` when the field is empty.
  func enumeration(_ column: Int?, _ name: String, allowed: ClosedRange<Int>, empty: Int?) throws(FeedError) -> Int? {
    guard let column, let value = try integer(column, name) else { return empty }
    guard allowed.contains(value) else {
      throw malformed(column, name, "one of \(allowed.lowerBound)…\(allowed.upperBound)")
    }
    return value
  }

  /// A decimal number such as a latitude; nil when empty.
  func decimal(_ column: Int?, _ name: String, within range: ClosedRange<Double>) throws(FeedError) -> Double? {
    guard let column else { return nil }
    let field = trimmed(column)
    guard !field.isEmpty else { return nil }
    guard let value = Double(String(decoding: field, as: UTF8.self)), value.isFinite, range.contains(value) else {
      throw malformed(column, name, "a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A time `H:MM:SS` or `HH:MM:SS` (hours may pass 24); nil when empty.
  func time(_ column: Int?, _ name: String) throws(FeedError) -> ServiceTime? {
    guard let column else { return nil }
    let field = trimmed(column)
    guard !field.isEmpty else { return nil }
    let expected = "a time HH:MM:SS"
    // Hours: 1 to 3 digits; then :MM:SS with minutes and seconds below 60.
    let count = field.count
    guard count >= 7 && count <= 9, field[count - 3] == 0x3A, field[count - 6] == 0x3A else {
      throw malformed(column, name, expected)
    }
    func number(_ range: Range<Int>) -> Int32? {
      var value: Int32 = 0
      for index in range {
        let byte = field[index]
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int32(byte - 0x30)
      }
      return value
    }
    guard let hours = number(0..<(count - 6)), let minutes = number((count - 5)..<(count - 3)),
      let seconds = number((count - 2)..<count), minutes < 60, seconds < 60
    else { throw malformed(column, name, expected) }
    return ServiceTime(hours: hours, minutes: minutes, seconds: seconds)
  }

  func requiredTime(_ column: Int, _ name: String) throws(FeedError) -> ServiceTime {
    guard let value = try time(column, name) else { throw .missingValue(file: file, line: line, column: name) }
    return value
  }

  /// A date `YYYYMMDD`.
  func requiredDate(_ column: Int, _ name: String) throws(FeedError) -> ServiceDate {
    let field = trimmed(column)
    guard !field.isEmpty else { throw .missingValue(file: file, line: line, column: name) }
    guard field.count == 8, field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw malformed(column, name, "a date YYYYMMDD")
    }
    let value = field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    let date = ServiceDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
    let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(date.month), (1...daysInMonth[date.month - 1]).contains(date.day) else {
      throw malformed(column, name, "a date YYYYMMDD")
    }
    return date
  }
}
