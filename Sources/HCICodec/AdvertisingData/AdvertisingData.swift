/// An advertising or scan-response payload: a list of AD structures, each
/// `length, type, data[length - 1]` (Core spec Vol 3, Part C, 11).
///
/// A length of zero ends the significant part (the rest is padding). A structure that
/// claims more bytes than remain is reported as ``problem`` after the good ones before it.
public struct AdvertisingData: Hashable, Sendable {
  public var bytes: ArraySlice<UInt8>

  public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
  public init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

  /// The well-formed structures and, if the payload is malformed, why the rest is not.
  public var structures: (structures: [ADStructure], problem: HCIDecodingError?) {
    var result: [ADStructure] = []
    let problem = forEachStructure { result.append($0) }
    return (result, problem)
  }

  /// Calls `body` for each well-formed structure in order, without allocating.
  /// Returns why the walk stopped early, or `nil` when the payload was well formed.
  @discardableResult
  public func forEachStructure(_ body: (ADStructure) -> Void) -> HCIDecodingError? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let length = Int(bytes[index])
      if length == 0 { return nil }
      let available = bytes.endIndex - index - 1
      guard length <= available else {
        return .lengthMismatch(field: "AD structure length", declared: length, available: available)
      }
      let type = ADType(rawValue: bytes[index + 1])
      body(ADStructure(type: type, data: bytes[(index + 2)..<(index + 1 + length)]))
      index += 1 + length
    }
    return nil
  }

  /// The first structure of `type`, if any.
  public func first(_ type: ADType) -> ADStructure? {
    var found: ADStructure?
    forEachStructure { structure in
      if found == nil, structure.type == type { found = structure }
    }
    return found
  }
}

extension AdvertisingData {
  /// Builds a payload from structures; each must carry at most 254 data bytes.
  public init(structures: [ADStructure]) {
    var writer = ByteWriter()
    for structure in structures {
      writer.write(UInt8(truncatingIfNeeded: structure.data.count + 1))
      writer.write(structure.type.rawValue)
      writer.write(contentsOf: structure.data)
    }
    self.init(writer.bytes)
  }
}
