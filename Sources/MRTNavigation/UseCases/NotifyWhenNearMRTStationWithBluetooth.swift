/// Tells the rider each station they arrive at: once per arrival, none while they stay, again
/// after they have left and come back. The Bluetooth half of the product design's pair
/// (``NotifyWhenNearMRTStationWithGPS`` is the other).
///
/// The domain does no I/O: the sightings, and time passing, come from a ``BeaconFinder``, of
/// which the use case is the delegate; starting the use case starts the finder. Its events
/// (found, left, suspect) go to its ``StationSourceUseCase/delegate``.
public protocol NotifyWhenNearMRTStationWithBluetooth: StationSourceUseCase {}
