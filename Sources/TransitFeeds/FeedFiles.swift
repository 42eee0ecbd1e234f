import CLibzip
import Glibc
import POSIXSupport
import SystemPackage

/// The files of a feed, in a directory or a zip archive (read through libzip).
final class FeedFiles {
  /// The most a single feed file may hold once inflated: far above the largest published feeds'
  /// `stop_times.txt`, and a bound on a zip bomb.
  static let sizeLimit = 2 << 30
  /// What is set aside before an entry is read, at most: the size the zip claims up to this,
  /// address space only until the inflated bytes fill it (a claim the entry does not back costs
  /// no memory); a feed's largest file, `stop_times.txt`, is read without a copy up to it.
  private static let initialCapacity = 256 << 20
  /// How much of an entry one read inflates.
  private static let chunkSize = 1 << 20

  private enum Storage {
    case directory(String)
    case zip(OpaquePointer)
  }

  private let path: String
  private let storage: Storage
  /// The folder of a zip archive opened from a file, where a `beacons.txt` may lie beside it;
  /// `nil` for a directory feed and for an archive held in memory, which has no folder.
  private let folder: FilePath?

  /// Opens the feed at `path`: a directory holding the `.txt` files, or a zip archive of them (at
  /// its top level or in one folder).
  init(path: String) throws(FeedError) {
    self.path = path
    folder = FilePath(path).removingLastComponent()
    var status = Glibc.stat()
    guard stat(path, &status) == 0 else {
      throw .unreadableFeed(path: path, reason: Errno(rawValue: errno).message)
    }
    let kind = FileKind(mode: status.st_mode)
    if kind == .directory {
      storage = .directory(path)
      return
    }
    // A FIFO or a device would block or never end in libzip.
    guard kind == .regularFile else {
      throw .unreadableFeed(path: path, reason: "it is \(kind), not a directory or a regular file")
    }
    var code: Int32 = 0
    guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
      // The file is there (stat said so): libzip's "No such file" means an entry its directory
      // promises (a ZIP64 record, for one) is not.
      if code == ZIP_ER_NOENT {
        throw .unreadableFeed(path: path, reason: "its zip directory points at records that are not there")
      }
      var error = zip_error_t()
      zip_error_init_with_code(&error, code)
      defer { zip_error_fini(&error) }
      throw .unreadableFeed(path: path, reason: String(cString: zip_error_strerror(&error)))
    }
    storage = .zip(archive)
  }

  /// Opens a zip archive of a feed held in memory (`bytes`); `name` stands for it in errors.
  init(name: String, zipArchive bytes: [UInt8]) throws(FeedError) {
    path = name
    folder = nil
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    // libzip keeps the buffer for the archive's life and frees it (the last argument 1) with free().
    guard let buffer = malloc(max(bytes.count, 1)) else {
      throw .unreadableFeed(path: name, reason: "no memory for its \(bytes.count) bytes")
    }
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { memcpy(buffer, base, source.count) }
    }
    guard let source = zip_source_buffer_create(buffer, zip_uint64_t(bytes.count), 1, &error) else {
      free(buffer)
      throw .unreadableFeed(path: name, reason: String(cString: zip_error_strerror(&error)))
    }
    guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip_source_free(source)
      throw .unreadableFeed(path: name, reason: String(cString: zip_error_strerror(&error)))
    }
    storage = .zip(archive)
  }

  deinit {
    if case .zip(let archive) = storage { zip_discard(archive) }
  }

  /// The bytes of the file `name` (such as `stops.txt`), nil when the feed has no such file.
  func contents(of name: String) throws(FeedError) -> [UInt8]? {
    switch storage {
    case .directory(let directory):
      return try Self.file(at: directory + "/" + name)
    case .zip(let archive):
      return try contents(of: name, in: archive)
    }
  }

  /// For a zip archive opened from a file, the file `name` in the folder that holds it, and its
  /// path; nil for a directory feed (whose files are all inside), for an archive held in memory
  /// (never a file of the working directory) or when there is no such file.
  func contentsBeside(_ name: String) throws(FeedError) -> (path: String, bytes: [UInt8])? {
    guard case .zip = storage, let folder else { return nil }
    let beside = folder.appending(name).string
    return try Self.file(at: beside).map { (beside, $0) }
  }

  /// The regular file at `path` (never a FIFO or a device), nil when there is none.
  private static func file(at path: String) throws(FeedError) -> [UInt8]? {
    do {
      return try FileDescriptor.readSmallFile(path, limit: sizeLimit)
    } catch .failed(.noSuchFileOrDirectory) {
      return nil
    } catch {
      throw .unreadableFeed(path: path, reason: error.description)
    }
  }

  private func contents(of name: String, in archive: OpaquePointer) throws(FeedError) -> [UInt8]? {
    // ZIP_FL_NODIR: a feed zipped with its folder (`feed/stops.txt`) is read as well.
    let index = zip_name_locate(archive, name, zip_flags_t(ZIP_FL_NODIR))
    guard index >= 0 else { return nil }
    var status = zip_stat_t()
    zip_stat_init(&status)
    guard zip_stat_index(archive, zip_uint64_t(index), 0, &status) == 0 else { throw zipProblem(name, archive) }
    guard status.size <= UInt64(Self.sizeLimit) else {
      throw .unreadableFeed(
        path: "\(path): \(name)", reason: "it inflates to \(status.size) bytes, more than the \(Self.sizeLimit) read")
    }
    guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else { throw zipProblem(name, archive) }
    defer { zip_fclose(file) }
    // Grown as the entry inflates, not allocated from the size its header claims: a zip that
    // claims gigabytes and holds a few bytes costs a few bytes.
    let size = Int(status.size)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(size, Self.initialCapacity))
    var chunk = [UInt8](repeating: 0, count: min(size, Self.chunkSize))
    while bytes.count < size {
      let wanted = min(chunk.count, size - bytes.count)
      let count = chunk.withUnsafeMutableBytes { buffer -> zip_int64_t in
        guard let start = buffer.baseAddress else { return 0 }
        return zip_fread(file, start, zip_uint64_t(wanted))
      }
      guard count > 0 else {
        let reason = count < 0 ? String(cString: zip_file_strerror(file)) : "the entry ends early"
        throw .unreadableFeed(path: "\(path): \(name)", reason: reason)
      }
      bytes.append(contentsOf: chunk[..<Int(count)])
    }
    return bytes
  }

  private func zipProblem(_ name: String, _ archive: OpaquePointer) -> FeedError {
    .unreadableFeed(path: "\(path): \(name)", reason: String(cString: zip_strerror(archive)))
  }
}
