/// Why a command could not be built from the values given.
///
/// Construction of a command is the only place that checks limits the wire format
/// cannot express (a 31-byte payload, a 24-bit interval); decoders report problems as
/// ``ByteDecodingError`` instead.
public enum HCIParameterError: Error, Hashable, Sendable {
  /// A time value in milliseconds falls outside what the field can carry.
  case outOfRange(field: String, milliseconds: Double, allowed: ClosedRange<Double>)
  /// A byte string is longer than the field allows.
  case tooLong(field: String, count: Int, maximum: Int)
  /// An array parameter has more entries than the field allows.
  case tooManyEntries(field: String, count: Int, maximum: Int)
}

extension HCIParameterError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .outOfRange(let field, let milliseconds, let allowed):
      return "\(field) of \(milliseconds) ms is outside \(allowed.lowerBound)...\(allowed.upperBound) ms"
    case .tooLong(let field, let count, let maximum):
      return "\(field) has \(count) byte(s), at most \(maximum) allowed"
    case .tooManyEntries(let field, let count, let maximum):
      return "\(field) has \(count) entries, at most \(maximum) allowed"
    }
  }
}
