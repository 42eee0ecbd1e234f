import POSIXSupport

/// Where `--report` writes its page: checked before the run (a bad path fails at once, not
/// after a two-hour ride) and written through a temporary file beside it, renamed over the
/// path, so a failed write never leaves half a page or loses the previous one. Only a regular
/// file or a new name is written (``OutputFile``): a device, FIFO, socket, directory or
/// symbolic link at the path is refused and left as it was.
package struct ReportFile: Sendable {
  package let path: String

  package init(path: String) { self.path = path }

  /// Fails when the page could not be written there (see ``OutputFile/check()``).
  package func check() throws(OutputFileProblem) {
    try OutputFile(path: path).check()
  }

  /// Writes `text` to the path, replacing what was there only once all of it is written.
  package func write(_ text: String) throws(OutputFileProblem) {
    try OutputFile(path: path).replace(with: Array(text.utf8))
  }
}
