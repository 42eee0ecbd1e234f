/// Hexadecimal text for bytes, and bytes from hexadecimal text.
public enum Hex {
  private static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// Upper-case hex digits with no separators, e.g. `"4C000215"`.
  public static func encode<Bytes: Sequence>(_ bytes: Bytes, separator: String = "") -> String
  where Bytes.Element == UInt8 {
    var text = ""
    var first = true
    for byte in bytes {
      if !first { text += separator }
      first = false
      text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
      text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0x0F)]))
    }
    return text
  }

  /// The low `byteCount` bytes of `value`, most significant first, e.g. `encode(bigEndian: 0x200C,
  /// byteCount: 2) == "200C"`.
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
