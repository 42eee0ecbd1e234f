/// A D-Bus value, typed as the bus types it (D-Bus Specification, "Type System"): what
/// ``SystemBus`` sends as a method's arguments and hands back as its reply.
public indirect enum BusValue: Hashable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case objectPath(String)
  case signature(String)
  /// An array whose elements have the signature `element` (needed when it is empty).
  case array(element: String, [BusValue])
  /// A dictionary, `a{KV}`: entries in the order given, keys and values of signatures `key`
  /// and `value`.
  case dictionary(key: String, value: String, [DictionaryEntry])
  case structure([BusValue])
  case variant(BusValue)

  /// One entry of a ``dictionary(key:value:_:)``.
  public struct DictionaryEntry: Hashable, Sendable {
    public var key: BusValue
    public var value: BusValue
    public init(_ key: BusValue, _ value: BusValue) {
      self.key = key
      self.value = value
    }
  }

  /// `a{sv}`, the "properties" dictionary BlueZ and systemd take options in.
  public static func properties(_ entries: KeyValuePairs<String, BusValue>) -> BusValue {
    .dictionary(key: "s", value: "v", entries.map { DictionaryEntry(.string($0.key), .variant($0.value)) })
  }

  /// The value's D-Bus signature: `s`, `a{sv}`, `(ii)`, …
  public var signature: String {
    switch self {
    case .byte: return "y"
    case .boolean: return "b"
    case .int16: return "n"
    case .uint16: return "q"
    case .int32: return "i"
    case .uint32: return "u"
    case .int64: return "x"
    case .uint64: return "t"
    case .double: return "d"
    case .string: return "s"
    case .objectPath: return "o"
    case .signature: return "g"
    case .array(let element, _): return "a" + element
    case .dictionary(let key, let value, _): return "a{\(key)\(value)}"
    case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
    case .variant: return "v"
    }
  }

  /// The value inside a variant, or the value itself.
  public var unwrapped: BusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// The value of `key` in a dictionary with string keys (variants unwrapped), or `nil`.
  public subscript(key: String) -> BusValue? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    return entries.first { $0.key == .string(key) }?.value.unwrapped
  }

  /// The boolean, if this is one (or a variant of one).
  public var booleanValue: Bool? {
    if case .boolean(let value) = unwrapped { return value }
    return nil
  }

  /// The string or object path, if this is one (or a variant of one).
  public var stringValue: String? {
    switch unwrapped {
    case .string(let value), .objectPath(let value), .signature(let value): return value
    default: return nil
    }
  }
}
