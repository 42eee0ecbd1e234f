/// Hexadecimal text for bytes, and bytes from hexadecimal text.
public enum Hex {
  /// Upper-case hex digits with no separators, e.g. `"4C000215"`.
  public static func encode<Bytes: Sequence>(_ bytes: Bytes, separator: String = "") -> String
  where Bytes.Element == UInt8 {
    let separatorBytes = Array(separator.utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * (2 + separatorBytes.count))
    for byte in bytes {
      if !text.isEmpty { text.append(contentsOf: separatorBytes) }
      appendDigits(of: byte, to: &text)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends the two upper-case hex digits of `byte` to `text` (UTF-8).
  public static func appendDigits(of byte: UInt8, to text: inout [UInt8]) {
    text.append(digit(byte >> 4))
    text.append(digit(byte & 0x0F))
  }

  /// The ASCII code of the upper-case hex digit for `nibble` (0…15).
  private static func digit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
  }

  public static func encode(bigEndian value: UInt64, byteCount: Int, separator: String = "") -> String {
    var writer = ByteWriter(capacity: byteCount)
    writer.writeBigEndian(value, count: byteCount)
    return encode(writer.bytes, separator: separator)
  }

  /// Parses hex digits, ignoring spaces, colons, dashes and a leading `0x`.
  /// Returns `nil` for an odd number of digits or any other character.
  public static func decode(_ text: String) -> [UInt8]? {
    var digitsText = Substring(text)
    if digitsText.hasPrefix("0x") || digitsText.hasPrefix("0X") { digitsText = digitsText.dropFirst(2) }
    var result: [UInt8] = []
    var high: UInt8? = nil
    for scalar in digitsText.unicodeScalars {
      let nibble: UInt8
      switch scalar {
      case "0"..."9": nibble = UInt8(scalar.value - 48)
      case "a"..."f": nibble = UInt8(scalar.value - 87)
      case "A"..."F": nibble = UInt8(scalar.value - 55)
      case " ", ":", "-", "\n", "\t": continue
      default: return nil
      }
      if let pending = high {
        result.append(pending << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return high == nil ? result : nil
  }
}
