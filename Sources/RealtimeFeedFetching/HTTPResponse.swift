/// An HTTP/1.x answer read to its end (the request asked `Connection: close`): status, headers
/// (names lower-cased), and the body, de-chunked.
struct HTTPResponse: Hashable, Sendable {
  var status: Int
  var reason: String
  var headers: [String: String]
  var body: [UInt8]

  /// Parses `bytes`, everything the server sent before closing; `nil` when it is not a complete
  /// HTTP/1.x answer.
  init?(parsing bytes: [UInt8]) {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let headEnd = Self.firstIndex(of: separator, in: bytes[...]) else { return nil }
    guard
      let head = String(validating: bytes[..<headEnd], as: UTF8.self)
        ?? String(validating: bytes[..<headEnd], as: Unicode.ASCII.self)
    else { return nil }
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    guard !lines.isEmpty else { return nil }
    let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), statusLine[1].count == 3,
      let status = Int(statusLine[1])
    else { return nil }
    self.status = status
    reason = statusLine.count > 2 ? String(statusLine[2]) : ""
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingPrefix(" ")
      headers[name] = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    self.headers = headers
    let rest = bytes[(headEnd + separator.count)...]
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      guard let body = Self.dechunked(rest) else { return nil }
      self.body = body
    } else if let length = headers["content-length"].flatMap({ Int($0) }) {
      guard length >= 0, rest.count >= length else { return nil }
      body = Array(rest.prefix(length))
    } else {
      body = Array(rest)
    }
  }

  private static func firstIndex(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    var index = bytes.startIndex
    while index <= bytes.endIndex - pattern.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  /// A chunked body's data; `nil` when it ends before its last chunk.
  private static func dechunked(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
    var body: [UInt8] = []
    var rest = bytes
    while true {
      guard let lineEnd = firstIndex(of: [13, 10], in: rest) else { return nil }
      let sizeText = String(decoding: rest[..<lineEnd], as: UTF8.self).prefix { $0 != ";" }
        .trimmingCharacters(in: " \t")
      guard let size = Int(sizeText, radix: 16), size >= 0 else { return nil }
      let start = lineEnd + 2
      if size == 0 { return body }
      guard size <= rest.endIndex - start - 2 else { return nil }
      body.append(contentsOf: rest[start..<(start + size)])
      rest = rest[(start + size + 2)...]
    }
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    let text = Substring(self)
    let start = text.firstIndex { !set.contains($0) } ?? text.endIndex
    let end = text.lastIndex { !set.contains($0) }.map { text.index(after: $0) } ?? start
    return text[start..<Swift.max(start, end)]
  }
}
