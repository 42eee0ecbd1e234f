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
  public var structures: (structures: [ADStructure], problem: ByteDecodingError?) {
    var result: [ADStructure] = []
    let problem = forEachStructure { result.append($0) }
    return (result, problem)
  }

  /// Calls `body` for each well-formed structure in order, without allocating.
  /// Returns why the walk stopped early, or `nil` when the payload was well formed.
  @discardableResult
  public func forEachStructure(_ body: (ADStructure) -> Void) -> ByteDecodingError? {
    Self.forEachStructure(in: bytes.span) { type, data in
      body(ADStructure(type: type, data: bytes.subrange(offsets: data)))
      return true
    }
  }

  /// Walks the AD structures of a borrowed payload: calls `body` with each well-formed
  /// structure's type and where its data lies in `payload`, until `body` returns `false`.
  ///
  /// This is the one walker of AD structures; the rest of this type is built on it. Returns why
  /// the walk stopped early (a length that overruns the payload), or `nil` when it reached the
  /// end, a zero length (the rest is padding), or `body` stopped it.
  @inlinable
  @discardableResult
  public static func forEachStructure(
    in payload: Span<UInt8>, _ body: (ADType, Range<Int>) -> Bool
  ) -> ByteDecodingError? {
    var offset = 0
    while offset < payload.count {
      let length = Int(payload[offset])
      if length == 0 { return nil }
      let available = payload.count - offset - 1
      guard length <= available else {
        return .lengthMismatch(field: "AD structure length", declared: length, available: available)
      }
      let type = ADType(rawValue: payload[offset + 1])
      guard body(type, (offset + 2)..<(offset + 1 + length)) else { return nil }
      offset += 1 + length
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
