import BluetoothdClient
import Testing

/// What bluetoothd's errors tell the user to do.
@Suite struct BluetoothdErrorTests {
  /// bluetoothd lists no controller the kernel has not finished setting up: the message says where
  /// to see that (`btmgmt info`, the kernel's log) for the adapter named.
  @Test func anAdapterBluetoothdLacksPointsAtTheKernelsSetup() {
    let text = BluetoothdError.noSuchAdapter(BluetoothdAdapter(name: "hci2")).description
    #expect(text.contains("/org/bluez/hci2"))
    #expect(text.contains("`bluetoothctl list`"))
    #expect(text.contains("`btmgmt info`"))
    #expect(text.contains("`dmesg | grep hci2`"))
  }
}
