// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public struct GearStatus: Codable, Hashable, Sendable {
    /// Gear position selected by the user i.e. Park, Drive, Reverse
    public var userSelectedGear: PRNDL?

    /// Actual Gear in use by the transmission
    public var actualGear: PRNDL?

    /// Tells the transmission type
    public var transmissionType: TransmissionType?

    /// Creates a value from its fields; optional fields default to absent.
    public init(userSelectedGear: PRNDL? = nil, actualGear: PRNDL? = nil, transmissionType: TransmissionType? = nil) {
        self.userSelectedGear = userSelectedGear
        self.actualGear = actualGear
        self.transmissionType = transmissionType
    }
}

extension GearStatus {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: GearStatus) -> GearStatus {
        GearStatus(
            userSelectedGear: update.userSelectedGear ?? userSelectedGear,
            actualGear: update.actualGear ?? actualGear,
            transmissionType: update.transmissionType ?? transmissionType
        )
    }
}
