import Glibc

/// Calls `body` with `posix_spawn` attributes for a child that starts as from a shell: no
/// signal blocked and every signal at its default action, whatever this process blocks or
/// handles (its SIGINT and SIGTERM handlers, say, must not leave the child deaf to them). The
/// attributes are destroyed when `body` returns.
package func withShellLikeSpawnAttributes<Result>(_ body: (inout posix_spawnattr_t) -> Result) -> Result {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  return body(&attributes)
}
