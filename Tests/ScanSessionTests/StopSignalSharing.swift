import Testing

/// The suites whose runs poll the process-wide ``StopSignal`` and the one that raises it, one
/// test at a time: a raised flag would otherwise end another suite's run early.
@Suite(.serialized) enum StopSignalSharing {}
