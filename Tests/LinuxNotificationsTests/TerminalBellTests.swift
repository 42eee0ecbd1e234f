import LinuxNotifications
import Testing

@Suite struct TerminalBellTests {
  @Test func writesBELToStandardErrorWhenItIsATerminal() throws {
    let host = FakeHost(terminals: [2])
    let bell = TerminalBell(host: host.system)

    #expect(bell.availability.isAvailable)
    try bell.ring()

    let writes = host.writes.all
    #expect(writes.count == 1)
    #expect(writes.first?.0 == 2)
    #expect(writes.first?.1 == [0x07])
  }

  @Test func notATerminalIsUnavailableAndWritesNothing() {
    let host = FakeHost(terminals: [1])
    let bell = TerminalBell(host: host.system)

    #expect(bell.availability == .unavailable(.notATerminal(descriptor: 2)))
    #expect(bell.availability.reason?.description.hasPrefix("standard error is not a terminal") == true)
    #expect(throws: ChannelDeliveryError.unavailable(.notATerminal(descriptor: 2))) { try bell.ring() }
    #expect(host.writes.all.isEmpty)
  }

  @Test func writeErrorIsReported() {
    let bell = TerminalBell(host: FakeHost(terminals: [2], writeResult: 5).system)
    #expect(throws: ChannelDeliveryError.writeFailed(code: 5)) { try bell.ring() }
  }
}
