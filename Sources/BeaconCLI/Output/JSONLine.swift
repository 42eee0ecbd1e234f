/// Builds one JSON object on one line, keys in insertion order, without Foundation.
///
/// Keys are written as given (callers use plain ASCII names); string values are escaped
/// as RFC 8259 requires.
struct JSONLine {
  private(set) var text = "{"
  private var isEmpty = true

  mutating func add(_ key: String, _ value: String?) {
    appendKey(key)
    if let value { Self.appendQuoted(value, to: &text) } else { text += "null" }
  }

  mutating func add<Integer: BinaryInteger>(_ key: String, _ value: Integer?) {
    appendKey(key)
    if let value { text += String(value) } else { text += "null" }
  }

  mutating func add(_ key: String, _ value: Bool) {
    appendKey(key)
    text += value ? "true" : "false"
  }

  mutating func add(_ key: String, _ value: Double?) {
    appendKey(key)
    if let value, value.isFinite { text += String(value) } else { text += "null" }
  }

  mutating func add(_ key: String, strings: [String]) {
    appendKey(key)
    text += "["
    for (index, value) in strings.enumerated() {
      if index > 0 { text += "," }
      Self.appendQuoted(value, to: &text)
    }
    text += "]"
  }

  /// A nested object.
  mutating func add(_ key: String, object: JSONLine) {
    appendKey(key)
    text += object.line
  }

  /// An array of nested objects.
  mutating func add(_ key: String, objects: [JSONLine]) {
    appendKey(key)
    text += "[" + objects.map(\.line).joined(separator: ",") + "]"
  }

  /// The finished object.
  var line: String { text + "}" }

  private mutating func appendKey(_ key: String) {
    if !isEmpty { text += "," }
    isEmpty = false
    Self.appendQuoted(key, to: &text)
    text += ":"
  }

  static func appendQuoted(_ value: String, to text: inout String) {
    text += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: false)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
