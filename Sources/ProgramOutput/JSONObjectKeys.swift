#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The keys of a JSON object, whatever their values; decoding anything but an object fails.
package struct JSONObjectKeys: Decodable {
  package var keys: [String]

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package init(from decoder: any Decoder) throws {
    keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
  }
}
