import BluetoothTypes

/// One finder heard by several listeners, each through a ``branch()`` of its own: a
/// ``BeaconFinder`` with its own delegate, started and stopped on its own.
///
/// The shared finder starts with the first branch started (a branch answers what its start
/// answered when that fails, `.started` otherwise) and stops with the last one stopped. Each sighting
/// and each passing of time goes to every started branch's delegate, in the order the branches
/// were made. A listener that only hears (a report) is ``listen(_:)``: it never starts the finder,
/// so it has no start to fail. Not `Sendable`: keep it, its branches and their delegates on one actor.
public final class SharedBeaconFinder: BeaconFinderDelegate {
  /// The finder shared.
  public let finder: any BeaconFinder
  /// The branches and listeners, in the order they were made, held weakly: each branch holds the
  /// shared finder, which lives while one does.
  private var branches: [WeakBranch] = []
  private var isRunning = false

  public init(_ finder: any BeaconFinder) { self.finder = finder }

  /// A new branch, not started.
  public func branch() -> any BeaconFinder {
    let branch = Branch(shared: self)
    branches.append(WeakBranch(branch: branch))
    return branch
  }

  /// `listener` hears every sighting and passing of time while a branch keeps the finder
  /// running, in its turn among the branches, and nothing otherwise. It neither starts nor stops
  /// the finder, so there is no start to fail. Held weakly.
  public func listen(_ listener: any BeaconFinderDelegate) {
    branches.append(WeakBranch(listener: listener))
  }

  fileprivate func start(_ branch: Branch) -> BeaconFinderStartResult {
    guard !branch.isStarted else { return .alreadyStarted }
    if !isRunning {
      finder.delegate = self
      let result = finder.start()
      guard result == .started || result == .alreadyStarted else { return result }
      isRunning = true
    }
    branch.isStarted = true
    return .started
  }

  @discardableResult
  fileprivate func stop(_ branch: Branch) -> BeaconFinderStopResult {
    guard branch.isStarted else { return .notRunning }
    branch.isStarted = false
    if !branches.contains(where: { $0.branch?.isStarted == true }) {
      isRunning = false
      finder.stop()
    }
    return .stopped
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    for entry in branches {
      if let branch = entry.branch, branch.isStarted { branch.delegate?.beaconFinder(branch, didSee: sighting) }
      if isRunning { entry.listener?.beaconFinder(finder, didSee: sighting) }
    }
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    for entry in branches {
      if let branch = entry.branch, branch.isStarted { branch.delegate?.beaconFinder(branch, didReach: time) }
      if isRunning { entry.listener?.beaconFinder(finder, didReach: time) }
    }
  }

  /// A branch or a listener.
  private struct WeakBranch {
    weak var branch: Branch?
    weak var listener: (any BeaconFinderDelegate)?
  }
}

/// One listener's view of a ``SharedBeaconFinder``.
private final class Branch: BeaconFinder {
  weak var delegate: (any BeaconFinderDelegate)?
  let shared: SharedBeaconFinder
  var isStarted = false

  init(shared: SharedBeaconFinder) { self.shared = shared }

  func start() -> BeaconFinderStartResult { shared.start(self) }
  @discardableResult
  func stop() -> BeaconFinderStopResult { shared.stop(self) }

  deinit {
    // A listener gone without stopping: the shared finder must not run for it.
    if isStarted { shared.stop(self) }
  }
}
