#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a pthread mutex, for state that a C library's thread (libmosquitto's) and the
/// owner's thread share.
///
/// Chosen over `Synchronization.Mutex`, whose Linux lock lives in the uninstrumented standard
/// library: ThreadSanitizer cannot see it, and reports the very data it guards as raced. It sees
/// `pthread_mutex_lock`. The corresponding C functions are `pthread_mutex_init`,
/// `pthread_mutex_lock`, `pthread_mutex_unlock` and `pthread_mutex_destroy`.
package final class POSIXMutex<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
