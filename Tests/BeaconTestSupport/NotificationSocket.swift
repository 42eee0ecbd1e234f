import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The listening end of `NOTIFY_SOCKET`, as systemd has it: a unix datagram socket bound to a
/// path. Each datagram carries its sender's credentials (`SO_PASSCRED`), so that messages from
/// other processes (children other tests start while `NOTIFY_SOCKET` is set in this one) are
/// left out.
package final class NotificationSocket {
  package let path: String
  private let descriptor: Int32

  package init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString).sock").path
    descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8) + [0]
    guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_PASSCRED, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  /// The next message of process `sender` (by default this one), waiting at most `seconds`;
  /// `nil` when none came.
  package func nextMessage(from sender: pid_t = getpid(), seconds: Double = 2) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
      guard poll(&ready, 1, remaining) == 1 else { continue }
      if let (pid, text) = receive(), pid == sender { return text }
    }
    return nil
  }

  /// One datagram and the sender's pid from its `SCM_CREDENTIALS`.
  private func receive() -> (pid_t, String)? {
    var data = [UInt8](repeating: 0, count: 4096)
    var control = [UInt8](repeating: 0, count: 64)
    let count = data.withUnsafeMutableBytes { dataBuffer in
      control.withUnsafeMutableBytes { controlBuffer in
        var vector = iovec(iov_base: dataBuffer.baseAddress, iov_len: dataBuffer.count)
        return withUnsafeMutablePointer(to: &vector) { vectorPointer in
          var header = msghdr()
          header.msg_iov = vectorPointer
          header.msg_iovlen = 1
          header.msg_control = controlBuffer.baseAddress
          header.msg_controllen = controlBuffer.count
          return recvmsg(descriptor, &header, Int32(MSG_DONTWAIT))
        }
      }
    }
    guard count >= 0 else { return nil }
    // struct cmsghdr { size_t cmsg_len; int cmsg_level; int cmsg_type; } then struct ucred { pid; uid; gid }.
    let level = control.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int32.self) }
    let type = control.withUnsafeBytes { $0.load(fromByteOffset: 12, as: Int32.self) }
    guard level == SOL_SOCKET, type == Self.credentialsMessageType else { return nil }
    let pid = control.withUnsafeBytes { $0.load(fromByteOffset: 16, as: pid_t.self) }
    return (pid, String(decoding: data[..<count], as: UTF8.self))
  }

  /// `SCM_CREDENTIALS` (<bits/socket.h>), an enumerator Swift does not import.
  private static let credentialsMessageType: Int32 = 2

  deinit {
    close(descriptor)
    unlink(path)
  }
}
