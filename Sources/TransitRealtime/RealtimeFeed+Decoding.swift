import SwiftProtobuf

extension RealtimeFeed {
  /// Decodes a `FeedMessage` (protocol buffers, as GTFS-Realtime producers serve it).
  ///
  /// Lenient as the feeds in the wild need: a field the schema calls required but the producer
  /// left out (an entity's `id`, a translation's `text`) reads as empty; extensions and fields
  /// this project does not use are skipped. Only bytes that are not a FeedMessage at all are
  /// refused.
  public init(decoding bytes: [UInt8]) throws(RealtimeFeedError) {
    let message: TransitRealtime_FeedMessage
    do {
      message = try TransitRealtime_FeedMessage(serializedBytes: bytes, partial: true)
    } catch let error as BinaryDecodingError {
      switch error {
      case .truncated: throw .notProtocolBuffers(.truncated)
      case .invalidUTF8: throw .notProtocolBuffers(.invalidUTF8)
      case .messageDepthLimit: throw .notProtocolBuffers(.nestedTooDeeply)
      default: throw .notProtocolBuffers(.malformed)
      }
    } catch {
      throw .notProtocolBuffers(.malformed)
    }
    guard message.hasHeader else { throw .noHeader }
    let header = message.header
    self.init(
      version: header.gtfsRealtimeVersion, timestamp: header.timestamp == 0 ? nil : Int64(exactly: header.timestamp),
      isDifferential: header.incrementality == .differential)
    for entity in message.entity {
      guard !entity.isDeleted else {
        deletedEntities += 1
        continue
      }
      if entity.hasTripUpdate { tripUpdates.append(RealtimeTripUpdate(entity.tripUpdate, entityID: entity.id)) }
      if entity.hasVehicle { vehiclePositions.append(RealtimeVehiclePosition(entity.vehicle, entityID: entity.id)) }
      if entity.hasAlert { alerts.append(RealtimeAlert(entity.alert, entityID: entity.id)) }
    }
  }
}

extension RealtimeTripUpdate {
  init(_ update: TransitRealtime_TripUpdate, entityID: String) {
    self.init(
      entityID: entityID, trip: RealtimeTripDescriptor(update.trip),
      vehicleID: update.hasVehicle && update.vehicle.hasID ? update.vehicle.id : nil,
      stopTimeUpdates: update.stopTimeUpdate.map(RealtimeStopTimeUpdate.init),
      timestamp: update.hasTimestamp ? Int64(exactly: update.timestamp) : nil,
      delay: update.hasDelay ? Int(update.delay) : nil)
  }
}

extension RealtimeStopTimeUpdate {
  init(_ update: TransitRealtime_TripUpdate.StopTimeUpdate) {
    let relationship: ScheduleRelationship =
      switch update.scheduleRelationship {
      case .scheduled: .scheduled
      case .skipped: .skipped
      case .noData: .noData
      case .unscheduled: .unscheduled
      }
    self.init(
      stopSequence: update.hasStopSequence ? Int(update.stopSequence) : nil,
      stopID: update.hasStopID ? update.stopID : nil,
      arrival: update.hasArrival ? RealtimeStopTimeEvent(update.arrival) : nil,
      departure: update.hasDeparture ? RealtimeStopTimeEvent(update.departure) : nil,
      scheduleRelationship: relationship)
  }
}

extension RealtimeStopTimeEvent {
  init(_ event: TransitRealtime_TripUpdate.StopTimeEvent) {
    self.init(
      delay: event.hasDelay ? Int(event.delay) : nil, time: event.hasTime ? event.time : nil,
      uncertainty: event.hasUncertainty ? Int(event.uncertainty) : nil)
  }
}

extension RealtimeTripDescriptor {
  init(_ trip: TransitRealtime_TripDescriptor) {
    let relationship: ScheduleRelationship =
      switch trip.scheduleRelationship {
      case .scheduled: .scheduled
      case .added, .new: .added
      case .unscheduled: .unscheduled
      case .canceled, .deleted: .canceled
      case .replacement, .duplicated: .replacement
      }
    self.init(
      tripID: trip.hasTripID ? trip.tripID : nil, routeID: trip.hasRouteID ? trip.routeID : nil,
      directionID: trip.hasDirectionID ? Int(trip.directionID) : nil,
      startTime: trip.hasStartTime ? trip.startTime : nil, startDate: trip.hasStartDate ? trip.startDate : nil,
      scheduleRelationship: relationship)
  }
}

extension RealtimeVehiclePosition {
  init(_ vehicle: TransitRealtime_VehiclePosition, entityID: String) {
    let status: StopStatus? =
      if vehicle.hasCurrentStatus {
        switch vehicle.currentStatus {
        case .incomingAt: .incomingAt
        case .stoppedAt: .stoppedAt
        case .inTransitTo: .inTransitTo
        }
      } else {
        nil
      }
    let position = vehicle.hasPosition ? vehicle.position : nil
    self.init(
      entityID: entityID, trip: vehicle.hasTrip ? RealtimeTripDescriptor(vehicle.trip) : nil,
      vehicleID: vehicle.hasVehicle && vehicle.vehicle.hasID ? vehicle.vehicle.id : nil,
      label: vehicle.hasVehicle && vehicle.vehicle.hasLabel ? vehicle.vehicle.label : nil,
      latitude: position.map { Double($0.latitude) }, longitude: position.map { Double($0.longitude) },
      bearing: position.flatMap { $0.hasBearing ? Double($0.bearing) : nil },
      stopID: vehicle.hasStopID ? vehicle.stopID : nil,
      stopSequence: vehicle.hasCurrentStopSequence ? Int(vehicle.currentStopSequence) : nil, stopStatus: status,
      timestamp: vehicle.hasTimestamp ? Int64(exactly: vehicle.timestamp) : nil)
  }
}

extension RealtimeAlert {
  init(_ alert: TransitRealtime_Alert, entityID: String) {
    func texts(_ string: TransitRealtime_TranslatedString) -> [Text] {
      string.translation.map { Text($0.text, language: $0.hasLanguage && !$0.language.isEmpty ? $0.language : nil) }
    }
    self.init(
      entityID: entityID,
      informedEntities: alert.informedEntity.map { entity in
        InformedEntity(
          agencyID: entity.hasAgencyID ? entity.agencyID : nil, routeID: entity.hasRouteID ? entity.routeID : nil,
          routeType: entity.hasRouteType ? Int(entity.routeType) : nil,
          directionID: entity.hasDirectionID ? Int(entity.directionID) : nil,
          tripID: entity.hasTrip && entity.trip.hasTripID ? entity.trip.tripID : nil,
          stopID: entity.hasStopID ? entity.stopID : nil)
      },
      activePeriods: alert.activePeriod.map { period in
        ActivePeriod(
          start: period.hasStart ? Int64(exactly: period.start) : nil,
          end: period.hasEnd ? Int64(exactly: period.end) : nil)
      },
      header: alert.hasHeaderText ? texts(alert.headerText) : [],
      description: alert.hasDescriptionText ? texts(alert.descriptionText) : [])
  }
}
