/// Builds one JSON object on one line, keys in insertion order, without Foundation.
///
/// Keys are written as given (callers use plain ASCII names); string values are escaped
/// as RFC 8259 requires.
package struct JSONLine {
  /// The object so far, UTF-8, without its closing brace.
  private var bytes: [UInt8] = [UInt8(ascii: "{")]
  private var isEmpty = true

  package init() {}

  package mutating func add(_ key: String, _ value: String?) {
    appendKey(key)
    if let value { Self.appendQuoted(value, to: &bytes) } else { append("null") }
  }

  package mutating func add<Integer: BinaryInteger>(_ key: String, _ value: Integer?) {
    appendKey(key)
    if let value { append(String(value)) } else { append("null") }
  }

  package mutating func add(_ key: String, _ value: Bool?) {
    appendKey(key)
    if let value { append(value ? "true" : "false") } else { append("null") }
  }

  package mutating func add(_ key: String, _ value: Double?) {
    appendKey(key)
    if let value, value.isFinite { append(String(value)) } else { append("null") }
  }

  package mutating func add(_ key: String, strings: [String]) {
    appendKey(key)
    bytes.append(UInt8(ascii: "["))
    for (index, value) in strings.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.appendQuoted(value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  package mutating func add(_ key: String, object: JSONLine) {
    appendKey(key)
    bytes.append(contentsOf: object.bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  package mutating func add(_ key: String, objects: [JSONLine]) {
    appendKey(key)
    bytes.append(UInt8(ascii: "["))
    for (index, object) in objects.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: object.bytes)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "]"))
  }

  package var line: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

  private mutating func append(_ literal: String) {
    bytes.append(contentsOf: literal.utf8)
  }

  private mutating func appendKey(_ key: String) {
    if !isEmpty { bytes.append(UInt8(ascii: ",")) }
    isEmpty = false
    Self.appendQuoted(key, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Appends `value` as a JSON string: quoted, with `"`, `\` and the control characters
  /// escaped as RFC 8259 requires (`\n`, `\r`, `\t`, else `\u00XX`); DEL, the C1 controls and
  /// the Unicode format and line-breaking characters (bidi overrides, zero-width characters:
  /// what ``TerminalText`` escapes) as `\uXXXX` too, which JSON allows, so that a line read on a
  /// terminal cannot drive it; everything else as its UTF-8 bytes.
  package static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in value.unicodeScalars {
      switch scalar.value {
      case 0x22: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case 0x5C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20, 0x7F...0x9F: appendEscaped(UInt16(scalar.value), to: &bytes)
      case 0x20..<0x7F: bytes.append(UInt8(scalar.value))
      default:
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator:
          for unit in String(scalar).utf16 { appendEscaped(unit, to: &bytes) }
        default:
          UTF8.encode(scalar) { bytes.append($0) }
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `\uXXXX` for one UTF-16 code unit, lower-case hex.
  private static func appendEscaped(_ unit: UInt16, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
    for shift in [12, 8, 4, 0] { bytes.append(lowerHexDigit(UInt8((unit >> UInt16(shift)) & 0x0F))) }
  }

  private static func lowerHexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
