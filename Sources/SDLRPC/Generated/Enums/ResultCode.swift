// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

/// The set is open: a value this library has no name for still decodes and keeps its `rawValue`.
/// Codable comes from `RawRepresentable`: the value travels as its raw string.
public struct ResultCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as the spec spells it on the wire.
    public let rawValue: String

    /// Wraps any raw value, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The request succeeded
    public static let success = ResultCode(rawValue: "SUCCESS")

    /// The request is not supported by the headunit
    public static let unsupportedRequest = ResultCode(rawValue: "UNSUPPORTED_REQUEST")

    /// One or more of the items (phoneme type, button name, image type, etc.) in the request is not supported by the
    /// HMI.
    public static let unsupportedResource = ResultCode(rawValue: "UNSUPPORTED_RESOURCE")

    /// RPC is not authorized in local policy table.
    public static let disallowed = ResultCode(rawValue: "DISALLOWED")

    /// The requested command was rejected, e.g. because mobile app is in background and cannot perform any HMI
    /// commands. Or an HMI command (e.g. Speak) is rejected because a higher priority HMI command (e.g. Alert) is
    /// playing.
    public static let rejected = ResultCode(rawValue: "REJECTED")

    /// A command was aborted, for example due to user interaction (e.g. user pressed button). Or an HMI command (e.g.
    /// Speak) is aborted because a higher priority HMI command (e.g. Alert) was requested.
    public static let aborted = ResultCode(rawValue: "ABORTED")

    /// A command was ignored, because the intended result is already in effect. For example, SetMediaClockTimer was
    /// used to pause the media clock although the clock is paused already. NOTE: potentially replaces
    /// SUBSCRIBED_ALREADY
    public static let ignored = ResultCode(rawValue: "IGNORED")

    /// The user interrupted the RPC (e.g. PerformAudioPassThru) and indicated to start over. Note, the app must issue
    /// the new RPC.
    public static let retry = ResultCode(rawValue: "RETRY")

    /// The data may not be changed, because it is currently in use. For example when trying to delete a command set
    /// that is currently involved in an interaction.
    public static let inUse = ResultCode(rawValue: "IN_USE")

    /// The requested vehicle data is not available on this vehicle or is not published.
    public static let vehicleDataNotAvailable = ResultCode(rawValue: "VEHICLE_DATA_NOT_AVAILABLE")

    /// Overlay reached the maximum timeout and closed.
    public static let timedOut = ResultCode(rawValue: "TIMED_OUT")

    /// The data sent is invalid. For example: Invalid Json syntax Parameters out of bounds (number or enum range)
    /// Mandatory parameters not provided Parameter provided with wrong type Invalid characters Empty string
    public static let invalidData = ResultCode(rawValue: "INVALID_DATA")

    public static let charLimitExceeded = ResultCode(rawValue: "CHAR_LIMIT_EXCEEDED")

    /// One of the provided IDs is not valid. For example This applies to CorrelationID, SubscriptionID, CommandID,
    /// MenuID, etc.
    public static let invalidId = ResultCode(rawValue: "INVALID_ID")

    /// There was a conflict with an registered name (application or menu item) or vr command
    public static let duplicateName = ResultCode(rawValue: "DUPLICATE_NAME")

    /// An command can not be executed because no application has been registered with RegisterApplication.
    public static let applicationNotRegistered = ResultCode(rawValue: "APPLICATION_NOT_REGISTERED")

    /// The requested language is currently not supported. Might be because of a mismatch of the currently active
    /// language on the headunit and the requested language
    public static let wrongLanguage = ResultCode(rawValue: "WRONG_LANGUAGE")

    /// The system could not process the request because the necessary memory couldn't be allocated
    public static let outOfMemory = ResultCode(rawValue: "OUT_OF_MEMORY")

    /// There are too many requests pending (means, that the response has not been delivered, yet).There may be a
    /// maximum of 1000 pending requests at a time.
    public static let tooManyPendingRequests = ResultCode(rawValue: "TOO_MANY_PENDING_REQUESTS")

    /// There are already too many registered applications
    public static let tooManyApplications = ResultCode(rawValue: "TOO_MANY_APPLICATIONS")

    /// RegisterApplication has been called again, after a RegisterApplication was successful before.
    public static let applicationRegisteredAlready = ResultCode(rawValue: "APPLICATION_REGISTERED_ALREADY")

    /// The RPC (e.g. SubscribeVehicleData) executed successfully but one or more items have a warning or failure.
    public static let warnings = ResultCode(rawValue: "WARNINGS")

    /// Provided data is valid but something went wrong in the lower layers.
    public static let genericError = ResultCode(rawValue: "GENERIC_ERROR")

    /// RPC is included in a functional group explicitly blocked by the user.
    public static let userDisallowed = ResultCode(rawValue: "USER_DISALLOWED")

    /// The RPC (e.g. ReadDID) executed successfully but the data exceeded the platform maximum threshold and thus, only
    /// part of the data is available.
    public static let truncatedData = ResultCode(rawValue: "TRUNCATED_DATA")

    /// Sync doesn't support the protocol that is requested by the mobile application
    public static let unsupportedVersion = ResultCode(rawValue: "UNSUPPORTED_VERSION")

    /// The user has turned off access to vehicle data, and it is globally unavailable to mobile applications.
    public static let vehicleDataNotAllowed = ResultCode(rawValue: "VEHICLE_DATA_NOT_ALLOWED")

    /// A specified file could not be found on the headunit.
    public static let fileNotFound = ResultCode(rawValue: "FILE_NOT_FOUND")

    /// User selected to Cancel Route.
    public static let cancelRoute = ResultCode(rawValue: "CANCEL_ROUTE")

    /// The RPC (e.g. Slider) executed successfully and the user elected to save the current position / value.
    public static let saved = ResultCode(rawValue: "SAVED")

    /// The certificate provided during authentication is invalid.
    public static let invalidCert = ResultCode(rawValue: "INVALID_CERT")

    /// The certificate provided during authentication is expired.
    public static let expiredCert = ResultCode(rawValue: "EXPIRED_CERT")

    /// The provided hash ID does not match the hash of the current set of registered data or the core could not resume
    /// the previous data.
    public static let resumeFailed = ResultCode(rawValue: "RESUME_FAILED")

    /// The requested information is currently not available. This is different than UNSUPPORTED_RESOURCE because it
    /// implies the data is at some point available.
    public static let dataNotAvailable = ResultCode(rawValue: "DATA_NOT_AVAILABLE")

    /// The value being set is read only
    public static let readOnly = ResultCode(rawValue: "READ_ONLY")

    /// The data sent failed to pass CRC check in receiver end
    public static let corruptedData = ResultCode(rawValue: "CORRUPTED_DATA")

    /// SDL receives an un-encrypted RPC request that needs protection.
    public static let encryptionNeeded = ResultCode(rawValue: "ENCRYPTION_NEEDED")
}
