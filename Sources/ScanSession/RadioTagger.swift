import Beacons
import BluetoothTypes

/// Hands a radio's sightings to the run's output, each tagged with the radio that heard it
/// (``BeaconSighting/controller``): a run of several radios (`-i hci0 -i hci1`).
package final class RadioTagger: BeaconFinderDelegate {
  package let controller: String
  private weak var delegate: (any BeaconFinderDelegate)?

  package init(controller: String, delegate: any BeaconFinderDelegate) {
    self.controller = controller
    self.delegate = delegate
  }

  package func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    var tagged = sighting
    tagged.controller = controller
    delegate?.beaconFinder(finder, didSee: tagged)
  }

  package func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    delegate?.beaconFinder(finder, didReach: time)
  }
}
