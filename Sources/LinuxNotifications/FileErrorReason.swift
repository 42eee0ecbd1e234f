#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Why reading or writing a file failed, in the C library's words ("No such file or directory").
///
/// FoundationEssentials reports file errors as a `CocoaError` wrapping the `POSIXError` that
/// caused it, and has no text for people (`localizedDescription` is Foundation's, which the
/// executables do not link: it would add about 6 MiB to their resident memory). `strerror` of
/// the POSIX error is what a user needs; any other error is described as Swift prints it.
/// Public so that the command-line layer words its own file errors the same way.
public enum FileErrorReason {
  /// The reason `error` gives, as a clause for a message.
  public static func describe(_ error: any Error) -> String {
    let posixError = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError
    guard let code = posixError?.code.rawValue else { return String(describing: error) }
    return String(cString: strerror(code))
  }
}
