// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// Struct with the GPS data.
public struct GPSData: Codable, Hashable, Sendable {
    /// Range -180...180.
    public var longitudeDegrees: Double

    /// Range -90...90.
    public var latitudeDegrees: Double

    /// The current UTC year. Range 2010...2100.
    public var utcYear: Int?

    /// The current UTC month. Range 1...12.
    public var utcMonth: Int?

    /// The current UTC day. Range 1...31.
    public var utcDay: Int?

    /// The current UTC hour. Range 0...23.
    public var utcHours: Int?

    /// The current UTC minute. Range 0...59.
    public var utcMinutes: Int?

    /// The current UTC second. Range 0...59.
    public var utcSeconds: Int?

    /// See CompassDirection.
    public var compassDirection: CompassDirection?

    /// PDOP. If undefined or unavailable, then value shall be set to 0. Range 0...1000. Head unit default: 0.
    public var pdop: Double?

    /// HDOP. If value is unknown, value shall be set to 0. Range 0...1000. Head unit default: 0.
    public var hdop: Double?

    /// VDOP. If value is unknown, value shall be set to 0. Range 0...1000. Head unit default: 0.
    public var vdop: Double?

    /// True, if actual. False, if inferred.
    public var actual: Bool?

    /// Number of satellites in view Range 0...31.
    public var satellites: Int?

    /// See Dimension
    public var dimension: Dimension?

    /// Altitude in meters Range -10000...10000.
    public var altitude: Double?

    /// The heading. North is 0. Resolution is 0.01 Range 0...359.99.
    public var heading: Double?

    /// The speed in KPH Range 0...500.
    public var speed: Double?

    /// True, if GPS lat/long, time, and altitude have been purposefully shifted (requires a proprietary algorithm to
    /// unshift). False, if the GPS data is raw and un-shifted. If not provided, then value is assumed False.
    public var shifted: Bool?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        longitudeDegrees: Double,
        latitudeDegrees: Double,
        utcYear: Int? = nil,
        utcMonth: Int? = nil,
        utcDay: Int? = nil,
        utcHours: Int? = nil,
        utcMinutes: Int? = nil,
        utcSeconds: Int? = nil,
        compassDirection: CompassDirection? = nil,
        pdop: Double? = nil,
        hdop: Double? = nil,
        vdop: Double? = nil,
        actual: Bool? = nil,
        satellites: Int? = nil,
        dimension: Dimension? = nil,
        altitude: Double? = nil,
        heading: Double? = nil,
        speed: Double? = nil,
        shifted: Bool? = nil
    ) {
        self.longitudeDegrees = longitudeDegrees
        self.latitudeDegrees = latitudeDegrees
        self.utcYear = utcYear
        self.utcMonth = utcMonth
        self.utcDay = utcDay
        self.utcHours = utcHours
        self.utcMinutes = utcMinutes
        self.utcSeconds = utcSeconds
        self.compassDirection = compassDirection
        self.pdop = pdop
        self.hdop = hdop
        self.vdop = vdop
        self.actual = actual
        self.satellites = satellites
        self.dimension = dimension
        self.altitude = altitude
        self.heading = heading
        self.speed = speed
        self.shifted = shifted
    }
}
