import BluetoothTypes
import HCICodec
import HCITransportCore

extension ControllerSession {
  /// Sends `command` and waits for its HCI_Command_Complete, returning its decoded return
  /// parameters.
  ///
  /// Throws ``ControllerError/commandFailed(command:opcode:status:connection:)`` for a status
  /// other than Success, ``ControllerError/noResponse(command:opcode:after:connection:)`` when
  /// no answer arrives within ``commandTimeout``, and
  /// ``ControllerError/malformedResponse(command:opcode:problem:connection:)`` when the answer
  /// cannot be decoded or is a Command Status.
  @discardableResult
  public func execute<Command: HCICommandWithReturnParameters>(_ command: Command) throws(ControllerError)
    -> Command.ReturnParameters
  {
    let name = HCICommandName.forOpcode(Command.opcode)
    switch try exchange(command) {
    case .complete(let complete):
      do {
        return try complete.returnParameters(of: Command.self)
      } catch {
        throw .malformedResponse(
          command: name, opcode: Command.opcode, problem: error.description, connection: connection.name)
      }
    case .pending:
      throw .malformedResponse(
        command: name, opcode: Command.opcode,
        problem: "Command Status instead of Command Complete", connection: connection.name)
    }
  }

  /// Sends `command` and waits for its HCI_Command_Complete or HCI_Command_Status, for
  /// commands without typed return parameters. Errors as for the typed overload.
  @discardableResult
  public func execute<Command: HCICommand>(_ command: Command) throws(ControllerError) -> CommandResponse {
    try exchange(command)
  }

  /// The command flow: wait for a credit, send, read until the answer with this opcode.
  func exchange<Command: HCICommand>(_ command: Command) throws(ControllerError) -> CommandResponse {
    let opcode = Command.opcode
    let name = HCICommandName.forOpcode(opcode)
    let stopwatch = startStopwatch()
    while commandCredits == 0 {
      let remaining = commandTimeout - stopwatch.elapsed()
      guard remaining > .zero else {
        throw .noCommandCredit(command: name, opcode: opcode, after: commandTimeout, connection: connection.name)
      }
      if let packet = try receive(timeout: remaining), case .unrelated(let packet) = try route(packet, awaiting: nil) {
        pendingPackets.append(packet)
      }
    }
    try send(HCIPacket(type: .command, direction: .hostToController, bytes: command.encodedPacket()[...]))
    commandCredits -= 1
    while true {
      let remaining = commandTimeout - stopwatch.elapsed()
      guard remaining > .zero else {
        throw .noResponse(command: name, opcode: opcode, after: commandTimeout, connection: connection.name)
      }
      guard let packet = try receive(timeout: remaining) else { continue }
      switch try route(packet, awaiting: opcode) {
      case .unrelated(let packet):
        pendingPackets.append(packet)
      case .consumed:
        break
      case .answer(let response):
        try check(response, name: name, opcode: opcode)
        if let family = CommandSet(familyOf: opcode) { usedCommandSets.insert(family) }
        return response
      }
    }
  }

  private func check(_ response: CommandResponse, name: String, opcode: HCIOpcode) throws(ControllerError) {
    let status: HCIStatus?
    switch response {
    case .complete(let complete): status = complete.status
    case .pending(let pending): status = pending.status
    }
    if let status, !status.isSuccess {
      throw .commandFailed(command: name, opcode: opcode, status: status, connection: connection.name)
    }
  }

  /// What one received packet is to the command flow.
  enum Routing {
    /// The answer to the awaited command.
    case answer(CommandResponse)
    /// A command flow event for no awaited command (a credit update, a stale answer): used.
    case consumed
    /// Anything else, for ``nextPacket(timeout:)``.
    case unrelated(TimedHCIPacket)
  }

  /// Updates the credits from Command Complete and Command Status events, picks out the
  /// answer to `awaiting`, throws for a Hardware Error, and passes everything else on.
  func route(_ timed: TimedHCIPacket, awaiting: HCIOpcode?) throws(ControllerError) -> Routing {
    let packet = timed.packet
    guard packet.type == .event, let code = packet.bytes.first.map(HCIEventCode.init(rawValue:)) else {
      return .unrelated(timed)
    }
    switch code {
    case .commandComplete, .commandStatus, .hardwareError:
      break
    default:
      return .unrelated(timed)
    }
    let event: HCIEvent
    do {
      event = try HCIEvent(decoding: packet.bytes)
    } catch {
      return try malformedCommandFlowEvent(packet, code: code, problem: error, awaiting: awaiting)
    }
    switch event {
    case .commandComplete(let complete):
      commandCredits = Int(complete.numHCICommandPackets)
      return complete.commandOpcode == awaiting ? .answer(.complete(complete)) : .consumed
    case .commandStatus(let status):
      commandCredits = Int(status.numHCICommandPackets)
      return status.commandOpcode == awaiting ? .answer(.pending(status)) : .consumed
    case .hardwareError(let error):
      throw .hardwareError(code: error.hardwareCode, connection: connection.name)
    case .leMeta, .other:
      return .unrelated(timed)
    }
  }

  /// A Command Complete, Command Status or Hardware Error that does not decode: an error if
  /// it answers the awaited command (or is a hardware error), otherwise ignored.
  private func malformedCommandFlowEvent(
    _ packet: HCIPacket, code: HCIEventCode, problem: ByteDecodingError, awaiting: HCIOpcode?
  ) throws(ControllerError) -> Routing {
    let bytes = Array(packet.bytes)
    if code == .hardwareError {
      throw .hardwareError(code: bytes.count > 2 ? bytes[2] : 0, connection: connection.name)
    }
    // Command Complete: code, length, credits, opcode. Command Status: code, length, status,
    // credits, opcode.
    let opcodeOffset = code == .commandComplete ? 3 : 4
    guard let awaiting, bytes.count >= opcodeOffset + 2 else { return .consumed }
    let opcode = HCIOpcode(rawValue: UInt16(bytes[opcodeOffset]) | UInt16(bytes[opcodeOffset + 1]) << 8)
    guard opcode == awaiting else { return .consumed }
    throw .malformedResponse(
      command: HCICommandName.forOpcode(opcode), opcode: opcode, problem: problem.description,
      connection: connection.name)
  }

  func send(_ packet: HCIPacket) throws(ControllerError) {
    do {
      try connection.send(packet)
    } catch {
      throw Self.map(error, connection: connection.name)
    }
  }

  func receive(timeout: Duration) throws(ControllerError) -> TimedHCIPacket? {
    do {
      return try connection.receive(timeout: timeout)
    } catch {
      throw Self.map(error, connection: connection.name)
    }
  }

  private static func map(_ error: HCIConnectionError, connection: String) -> ControllerError {
    switch error {
    case .closed, .endOfStream: return .connectionLost(connection: connection, error: error)
    case .notAuthorized, .unavailable, .framing, .failed: return .connectionFailed(connection: connection, error: error)
    }
  }
}

extension CommandSet {
  /// The family of a scanning or advertising command; `nil` for other commands.
  init?(familyOf opcode: HCIOpcode) {
    switch opcode {
    case LESetScanParameters.opcode, LESetScanEnable.opcode, LESetAdvertisingParameters.opcode,
      LESetAdvertisingData.opcode, LESetAdvertisingEnable.opcode:
      self = .legacy
    case LESetExtendedScanParameters.opcode, LESetExtendedScanEnable.opcode,
      LESetExtendedAdvertisingParameters.opcode, LESetExtendedAdvertisingData.opcode,
      LESetExtendedAdvertisingEnable.opcode, LERemoveAdvertisingSet.opcode:
      self = .extended
    default:
      return nil
    }
  }
}
