import Glibc
import SystemPackage

/// The names in a directory, without `.` and `..`, sorted; for the kernel's listings in `/sys`
/// and `/proc`. The corresponding C functions are `opendir`, `readdir` and `closedir`.
package enum DirectoryListing {
  package static func names(in path: String) throws(Errno) -> [String] {
    guard let directory = opendir(path) else { throw Errno(rawValue: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}
