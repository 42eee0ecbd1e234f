import BluetoothTypes

/// Why bytes are not a beacon frame, as the frame decoders return it.
///
/// Every case is trivial (a field name is a `StaticString`), so making and dropping one costs
/// nothing: the scanner asks every manufacturer-data and service-data structure on the air
/// whether it is a beacon, and most are not. The public initializers turn it into
/// ``BeaconFrameError`` when they throw.
enum FrameRejection: Error {
  case truncated(field: StaticString, needed: Int, available: Int)
  case wrongCompany(UInt16)
  case wrongService(UInt16)
  case wrongType(UInt16)
  case wrongLength(expected: Int, actual: Int)

  /// The rejection unless `count` bytes are left at `offset` of `data`.
  static func shortfall(_ count: Int, at offset: Int, of data: Span<UInt8>, _ field: StaticString) -> FrameRejection? {
    let available = data.count - offset
    return count <= available ? nil : .truncated(field: field, needed: count, available: available)
  }

  /// The public error.
  var error: BeaconFrameError {
    switch self {
    case .truncated(let field, let needed, let available):
      return .malformed(.truncated(field: "\(field)", needed: needed, available: available))
    case .wrongCompany(let company): return .wrongCompany(company)
    case .wrongService(let service): return .wrongService(service)
    case .wrongType(let type): return .wrongType(type)
    case .wrongLength(let expected, let actual): return .wrongLength(expected: expected, actual: actual)
    }
  }
}

extension Result where Failure == FrameRejection {
  /// The frame, or the public error for the rejection.
  func frame() throws(BeaconFrameError) -> Success {
    switch self {
    case .success(let frame): return frame
    case .failure(let rejection): throw rejection.error
    }
  }
}
