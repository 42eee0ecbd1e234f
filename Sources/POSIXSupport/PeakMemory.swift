import Glibc

/// The most memory this process has held resident so far (`getrusage`'s `ru_maxrss`, which
/// Linux gives in KiB), in bytes; `nil` if the kernel does not say.
package func peakResidentBytes() -> Int? {
  var usage = rusage()
  guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0, usage.ru_maxrss > 0 else { return nil }
  return usage.ru_maxrss * 1024
}
