/// Why a sequence of bytes could not be decoded.
///
/// Every decoder in this module throws this type instead of trapping or returning `nil`,
/// so that a caller can always say what was wrong and where.
public enum ByteDecodingError: Error, Hashable, Sendable {
  /// The field needs `needed` more bytes, but only `available` are left.
  case truncated(field: String, needed: Int, available: Int)
  /// A length field declares more (or fewer) bytes than the packet carries.
  case lengthMismatch(field: String, declared: Int, available: Int)
  /// A field holds a value the specification does not allow here.
  case invalidValue(field: String, value: UInt64)
  /// A packet carries bytes after its last field.
  case trailingBytes(field: String, count: Int)
}

extension ByteDecodingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .truncated(let field, let needed, let available):
      return "\(field) is truncated: needs \(needed) byte(s), \(available) left"
    case .lengthMismatch(let field, let declared, let available):
      return "\(field) declares \(declared) byte(s) but \(available) are present"
    case .invalidValue(let field, let value):
      return "\(field) has an invalid value 0x\(String(value, radix: 16, uppercase: true))"
    case .trailingBytes(let field, let count):
      return "\(field) has \(count) unexpected trailing byte(s)"
    }
  }
}
