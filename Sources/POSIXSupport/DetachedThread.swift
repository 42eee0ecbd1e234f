#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A POSIX thread nobody joins, for work that must not wait on Swift's cooperative pool (a
/// blocking loop, a teardown that blocks).
///
/// The corresponding C functions are `pthread_create` and `pthread_detach`.
package enum DetachedThread {
  /// Runs `body` on a new detached thread; `false` when no thread could be made (`body` is then
  /// not run, and released).
  @discardableResult package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
        return nil
      }, work.toOpaque())
    guard created == 0 else {
      work.release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
