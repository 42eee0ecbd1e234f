/// Tells the rider each station whose platform their train stands at, from GPS: once per
/// arrival, none while they stay, again after they have gone away and come back.
///
/// The GPS half of the product design's pair (``NotifyWhenNearMRTStationWithBluetooth`` is the
/// other). The domain does no I/O: fixes come from a ``LocationFinder``, of which the use case
/// is the delegate; starting the use case starts the finder. What decides an arrival is
/// ``GPSStationDetector``: stopped, at a platform, on believable fixes; never underground.
public protocol NotifyWhenNearMRTStationWithGPS: StationSourceUseCase {}
