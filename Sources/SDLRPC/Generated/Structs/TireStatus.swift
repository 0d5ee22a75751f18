// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The status and pressure of the tires.
public struct TireStatus: Codable, Hashable, Sendable {
    /// Status of the Tire Pressure Telltale. See WarningLightStatus.
    public var pressureTelltale: WarningLightStatus?

    /// The status of the left front tire.
    public var leftFront: SingleTireStatus?

    /// The status of the right front tire.
    public var rightFront: SingleTireStatus?

    /// The status of the left rear tire.
    public var leftRear: SingleTireStatus?

    /// The status of the right rear tire.
    public var rightRear: SingleTireStatus?

    /// The status of the inner left rear.
    public var innerLeftRear: SingleTireStatus?

    /// The status of the inner right rear.
    public var innerRightRear: SingleTireStatus?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        pressureTelltale: WarningLightStatus? = nil,
        leftFront: SingleTireStatus? = nil,
        rightFront: SingleTireStatus? = nil,
        leftRear: SingleTireStatus? = nil,
        rightRear: SingleTireStatus? = nil,
        innerLeftRear: SingleTireStatus? = nil,
        innerRightRear: SingleTireStatus? = nil
    ) {
        self.pressureTelltale = pressureTelltale
        self.leftFront = leftFront
        self.rightFront = rightFront
        self.leftRear = leftRear
        self.rightRear = rightRear
        self.innerLeftRear = innerLeftRear
        self.innerRightRear = innerRightRear
    }
}

extension TireStatus {
    /// Returns this value updated by `update`: fields present in `update` win, fields it omits keep their
    /// value from `self`. The merge is shallow: a nested struct or array in `update` replaces the old one.
    ///
    /// ```swift
    /// let current = old.merging(update)
    /// ```
    public func merging(_ update: TireStatus) -> TireStatus {
        TireStatus(
            pressureTelltale: update.pressureTelltale ?? pressureTelltale,
            leftFront: update.leftFront ?? leftFront,
            rightFront: update.rightFront ?? rightFront,
            leftRear: update.leftRear ?? leftRear,
            rightRear: update.rightRear ?? rightRear,
            innerLeftRear: update.innerLeftRear ?? innerLeftRear,
            innerRightRear: update.innerRightRear ?? innerRightRear
        )
    }
}
