/// A use case as the product design names it: a ride of its stories (``RideStory``) over a
/// ``RideRunner``, which holds what every use case answers alike.
public protocol RideUseCase: AnyObject {
  /// The runner of this use case's rides: its finders, its state, its lifecycle.
  var runner: RideRunner { get }
}

extension RideUseCase {
  /// Receives what the rider is told; held weakly.
  public var handler: (any RideEffectHandler)? {
    get { runner.handler }
    set { runner.handler = newValue }
  }

  /// Whether it is watching; `false` again once a ride that ends by itself is over.
  public var isRunning: Bool { runner.isRunning }

  /// What each source's start answered at the last start, so that the caller can say which one is used.
  public var sourceStarts: SourceStarts { runner.starts }

  /// Stops watching, and the finders it started.
  @discardableResult
  public func stop() -> StationWatchStopResult { runner.stop() }
}
