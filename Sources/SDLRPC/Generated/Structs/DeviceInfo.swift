// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Various information about connecting device.
public struct DeviceInfo: Codable, Hashable, Sendable {
    /// Device model At most 500 characters.
    public var hardware: String?

    /// Device firmware revision At most 500 characters.
    public var firmwareRev: String?

    /// Device OS At most 500 characters.
    public var os: String?

    /// Device OS version At most 500 characters.
    public var osVersion: String?

    /// Device mobile carrier (if applicable) At most 500 characters.
    public var carrier: String?

    /// Omitted if connected not via BT. Range 0...100.
    public var maxNumberRFCOMMPorts: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        hardware: String? = nil,
        firmwareRev: String? = nil,
        os: String? = nil,
        osVersion: String? = nil,
        carrier: String? = nil,
        maxNumberRFCOMMPorts: Int? = nil
    ) {
        self.hardware = hardware
        self.firmwareRev = firmwareRev
        self.os = os
        self.osVersion = osVersion
        self.carrier = carrier
        self.maxNumberRFCOMMPorts = maxNumberRFCOMMPorts
    }
}

extension DeviceInfo {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: DeviceInfo) -> DeviceInfo {
        DeviceInfo(
            hardware: update.hardware ?? hardware,
            firmwareRev: update.firmwareRev ?? firmwareRev,
            os: update.os ?? os,
            osVersion: update.osVersion ?? osVersion,
            carrier: update.carrier ?? carrier,
            maxNumberRFCOMMPorts: update.maxNumberRFCOMMPorts ?? maxNumberRFCOMMPorts
        )
    }
}
