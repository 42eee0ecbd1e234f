import BluetoothTypes
import HCICodec
import HCITransportCore
import Glibc

/// Calls `body` again for as long as it fails with `EINTR` (a signal arrived mid-call).
///
/// Not for `close`: on Linux the descriptor is released even when `close` reports `EINTR`,
/// so retrying could close a descriptor another thread has just been given.
func retryingOnInterrupt<Result>(_ body: () throws(Errno) -> Result) throws(Errno) -> Result {
  while true {
    do throws(Errno) {
      return try body()
    } catch  where error.rawValue == EINTR {
      continue
    }
  }
}
