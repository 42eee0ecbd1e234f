import Positioning

/// A ``LocationFinder`` that passes another's fixes on to its own delegate (a use case) and
/// lets `--report`'s collector see each one first. Starting and stopping are the other finder's.
final class LocationFixTap: LocationFinder, LocationFinderDelegate {
  weak var delegate: (any LocationFinderDelegate)?
  let finder: any LocationFinder
  let onFix: (LocationFix) -> Void

  init(_ finder: any LocationFinder, onFix: @escaping (LocationFix) -> Void) {
    self.finder = finder
    self.onFix = onFix
  }

  func start() -> LocationFinderStartResult {
    finder.delegate = self
    return finder.start()
  }

  @discardableResult
  func stop() -> LocationFinderStopResult { finder.stop() }

  func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix) {
    onFix(fix)
    delegate?.locationFinder(self, didReceive: fix)
  }

  func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {
    delegate?.locationFinder(self, didChange: condition)
  }
}
