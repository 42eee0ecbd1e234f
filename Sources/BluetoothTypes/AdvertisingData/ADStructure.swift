/// One AD structure of an advertising or scan-response payload: a type and its data
/// (Core spec Vol 3, Part C, 11). The length octet is implied by ``data``.
public struct ADStructure: Hashable, Sendable {
  public var type: ADType
  public var data: ArraySlice<UInt8>

  public init(type: ADType, data: ArraySlice<UInt8>) {
    self.type = type
    self.data = data
  }

  /// The structure interpreted by its type.
  public func decoded() throws(ByteDecodingError) -> ADElement {
    try ADElement(self)
  }
}
