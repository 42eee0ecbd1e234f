import CSystemd

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A connection to a D-Bus bus through libsystemd's sd-bus: the system bus, where bluetoothd
/// (`org.bluez`) and systemd answer, or any bus by its address.
///
/// Calls are synchronous (``call(destination:path:interface:member:_:timeout:)``). What a service
/// keeps per client (bluetoothd's discovery filter and session) lasts as long as this
/// connection: close it, or let it go, and the service forgets. Not thread-safe: use it from
/// one thread.
public final class SystemBus {
  private var bus: OpaquePointer?
  /// Where the bus is, for messages: `the system bus` or the address given.
  public let address: String

  private init(bus: OpaquePointer, address: String) {
    self.bus = bus
    self.address = address
  }

  deinit { close() }

  /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else
  /// `/run/dbus/system_bus_socket`). The corresponding C function is `sd_bus_open_system`.
  public static func system() throws(SystemBusError) -> SystemBus {
    var bus: OpaquePointer?
    let result = sd_bus_open_system(&bus)
    guard result >= 0, let bus else {
      let address = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) } ?? "/run/dbus/system_bus_socket"
      throw .noBus(address: address, errno: -result)
    }
    return SystemBus(bus: bus, address: "the system bus")
  }

  /// Connects to the bus at `address` (`unix:path=/run/dbus/system_bus_socket`) as a bus client.
  /// The corresponding C functions are `sd_bus_new`, `sd_bus_set_address`,
  /// `sd_bus_set_bus_client` and `sd_bus_start`.
  public static func connect(address: String) throws(SystemBusError) -> SystemBus {
    var bus: OpaquePointer?
    var result = sd_bus_new(&bus)
    guard result >= 0, let bus else { throw .noBus(address: address, errno: -result) }
    result = sd_bus_set_address(bus, address)
    if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
    if result >= 0 { result = sd_bus_start(bus) }
    guard result >= 0 else {
      sd_bus_flush_close_unref(bus)
      throw .noBus(address: address, errno: -result)
    }
    return SystemBus(bus: bus, address: address)
  }

  /// How long a call waits for its reply by default.
  public static let defaultTimeout = Duration.seconds(5)

  /// Calls `member` of `interface` on `path` of `destination` with `arguments`, and returns the
  /// reply's values.
  ///
  /// The corresponding C functions are `sd_bus_message_new_method_call`,
  /// `sd_bus_message_append_basic` (and the container calls) and `sd_bus_call`.
  @discardableResult
  public func call(
    destination: String, path: String, interface: String, member: String, _ arguments: [BusValue] = [],
    timeout: Duration = SystemBus.defaultTimeout
  ) throws(SystemBusError) -> [BusValue] {
    guard let bus else { throw .transport(member: member, errno: EBADF) }
    var message: OpaquePointer?
    var result = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
    guard result >= 0, let message else { throw .transport(member: member, errno: -result) }
    defer { sd_bus_message_unref(message) }
    for argument in arguments {
      result = Self.append(argument, to: message)
      guard result >= 0 else { throw .transport(member: member, errno: -result) }
    }
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var reply: OpaquePointer?
    let microseconds =
      UInt64(clamping: timeout.components.seconds) * 1_000_000
      + UInt64(clamping: timeout.components.attoseconds / 1_000_000_000_000)
    result = sd_bus_call(bus, message, microseconds, &error, &reply)
    guard result >= 0, let reply else {
      if let name = error.name {
        throw .callFailed(
          member: member, destination: destination, name: String(cString: name),
          message: error.message.map { String(cString: $0) } ?? "")
      }
      throw .transport(member: member, errno: -result)
    }
    defer { sd_bus_message_unref(reply) }
    var values: [BusValue] = []
    while true {
      let atEnd = sd_bus_message_at_end(reply, 0)
      guard atEnd == 0 else {
        guard atEnd > 0 else { throw .transport(member: member, errno: -atEnd) }
        return values
      }
      guard let value = Self.read(from: reply) else {
        throw .unexpectedReply(member: member, signature: Self.signature(of: reply))
      }
      values.append(value)
    }
  }

  /// Reads and drops what the bus sent unasked (signals, the name-acquired notice), so that
  /// nothing piles up on a connection kept open for long. Returns at once when nothing waits.
  /// The corresponding C function is `sd_bus_process`.
  public func processPending() {
    guard let bus else { return }
    while sd_bus_process(bus, nil) > 0 {}
  }

  /// Closes the connection; the services forget what they kept for it. Closing again does
  /// nothing. The corresponding C function is `sd_bus_flush_close_unref`.
  public func close() {
    guard let bus else { return }
    self.bus = nil
    sd_bus_flush_close_unref(bus)
  }

  // MARK: Messages

  /// Appends one value; returns sd-bus's result (negative errno on failure).
  private static func append(_ value: BusValue, to message: OpaquePointer) -> Int32 {
    func basic<Value: BitwiseCopyable>(_ type: Character, _ value: Value) -> Int32 {
      withUnsafePointer(to: value) { sd_bus_message_append_basic(message, ccharType(type), $0) }
    }
    func container(_ type: Character, _ contents: String, _ body: () -> Int32) -> Int32 {
      var result = sd_bus_message_open_container(message, ccharType(type), contents)
      guard result >= 0 else { return result }
      result = body()
      guard result >= 0 else { return result }
      return sd_bus_message_close_container(message)
    }
    func each(_ values: [BusValue]) -> Int32 {
      for value in values {
        let result = append(value, to: message)
        guard result >= 0 else { return result }
      }
      return 0
    }
    switch value {
    case .byte(let value): return basic("y", value)
    case .boolean(let value): return basic("b", Int32(value ? 1 : 0))
    case .int16(let value): return basic("n", value)
    case .uint16(let value): return basic("q", value)
    case .int32(let value): return basic("i", value)
    case .uint32(let value): return basic("u", value)
    case .int64(let value): return basic("x", value)
    case .uint64(let value): return basic("t", value)
    case .double(let value): return basic("d", value)
    case .string(let text), .objectPath(let text), .signature(let text):
      // Strings are passed as the characters themselves, not a pointer to them.
      return text.withCString { sd_bus_message_append_basic(message, ccharType(value.signature.first ?? "s"), $0) }
    case .array(let element, let values): return container("a", element) { each(values) }
    case .dictionary(let key, let valueType, let entries):
      return container("a", "{\(key)\(valueType)}") {
        for entry in entries {
          let result = container("e", key + valueType) { each([entry.key, entry.value]) }
          guard result >= 0 else { return result }
        }
        return 0
      }
    case .structure(let fields): return container("r", fields.map(\.signature).joined()) { each(fields) }
    case .variant(let inner): return container("v", inner.signature) { each([inner]) }
    }
  }

  /// Reads the next complete value, or `nil` when it cannot be read (a type this does not
  /// know, such as a file descriptor).
  private static func read(from message: OpaquePointer) -> BusValue? {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
    let contentSignature = contents.map { String(cString: $0) } ?? ""
    func basic<Value: BitwiseCopyable>(_ initial: Value) -> Value? {
      var value = initial
      guard withUnsafeMutablePointer(to: &value, { sd_bus_message_read_basic(message, type, $0) }) > 0 else {
        return nil
      }
      return value
    }
    func inContainer(_ body: () -> BusValue?) -> BusValue? {
      guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
      guard let value = body(), sd_bus_message_exit_container(message) >= 0 else { return nil }
      return value
    }
    func elements() -> [BusValue]? {
      var values: [BusValue] = []
      while sd_bus_message_at_end(message, 0) == 0 {
        guard let value = read(from: message) else { return nil }
        values.append(value)
      }
      return values
    }
    switch UInt8(bitPattern: type) {
    case UInt8(ascii: "y"): return basic(UInt8(0)).map(BusValue.byte)
    case UInt8(ascii: "b"): return basic(Int32(0)).map { .boolean($0 != 0) }
    case UInt8(ascii: "n"): return basic(Int16(0)).map(BusValue.int16)
    case UInt8(ascii: "q"): return basic(UInt16(0)).map(BusValue.uint16)
    case UInt8(ascii: "i"): return basic(Int32(0)).map(BusValue.int32)
    case UInt8(ascii: "u"): return basic(UInt32(0)).map(BusValue.uint32)
    case UInt8(ascii: "x"): return basic(Int64(0)).map(BusValue.int64)
    case UInt8(ascii: "t"): return basic(UInt64(0)).map(BusValue.uint64)
    case UInt8(ascii: "d"): return basic(Double(0)).map(BusValue.double)
    case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
      var pointer: UnsafePointer<CChar>?
      guard sd_bus_message_read_basic(message, type, &pointer) > 0, let pointer else { return nil }
      let text = String(cString: pointer)
      switch UInt8(bitPattern: type) {
      case UInt8(ascii: "o"): return .objectPath(text)
      case UInt8(ascii: "g"): return .signature(text)
      default: return .string(text)
      }
    case UInt8(ascii: "v"):
      return inContainer { read(from: message).map(BusValue.variant) }
    case UInt8(ascii: "r"):
      return inContainer { elements().map(BusValue.structure) }
    case UInt8(ascii: "a") where contentSignature.hasPrefix("{"):
      // a{KV}: the entry signature "{KV}" less its braces, K one basic type.
      let inner = contentSignature.dropFirst().dropLast()
      guard let keyType = inner.first else { return nil }
      let valueType = String(inner.dropFirst())
      return inContainer {
        var entries: [BusValue.DictionaryEntry] = []
        while sd_bus_message_at_end(message, 0) == 0 {
          var entryType: CChar = 0
          var entryContents: UnsafePointer<CChar>?
          guard sd_bus_message_peek_type(message, &entryType, &entryContents) > 0,
            sd_bus_message_enter_container(message, entryType, entryContents) > 0,
            let key = read(from: message), let value = read(from: message),
            sd_bus_message_exit_container(message) >= 0
          else { return nil }
          entries.append(BusValue.DictionaryEntry(key, value))
        }
        return .dictionary(key: String(keyType), value: valueType, entries)
      }
    case UInt8(ascii: "a"):
      return inContainer { elements().map { .array(element: contentSignature, $0) } }
    default:
      return nil
    }
  }

  /// The signature of what is left of a message, for messages.
  private static func signature(of message: OpaquePointer) -> String {
    sd_bus_message_get_signature(message, 0).map { String(cString: $0) } ?? "?"
  }

  private static func ccharType(_ type: Character) -> CChar {
    CChar(bitPattern: type.asciiValue ?? UInt8(ascii: "s"))
  }

  /// What an errno value means, for messages: `No such file or directory`.
  static func errnoText(_ value: Int32) -> String {
    strerror(value).map { String(cString: $0) } ?? "errno \(value)"
  }
}
