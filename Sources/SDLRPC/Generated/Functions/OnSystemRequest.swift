// Generated from MOBILE_API.xml (RPC spec 8.0.0); do not edit. Run scripts/generate-rpc.py.

public import SDLWire

/// An asynchronous request from the system for specific data from the device or the cloud or response to a request from
/// the device or cloud Binary data can be included in hybrid part of message for some requests (such as Authentication
/// request responses)
///
/// The `OnSystemRequest` notification, function id 32781 (0x800D).
public struct OnSystemRequest: RPCNotification, Hashable {
    public static let functionID = FunctionID.onSystemRequest

    /// The type of system request.
    public var requestType: RequestType

    /// This parameter is filled for supporting OEM proprietary data exchanges. At most 255 characters.
    public var requestSubType: String?

    /// Optional URL for HTTP requests. If blank, the binary data shall be forwarded to the app. If not blank, the
    /// binary data shall be forwarded to the url with a provided timeout in seconds.
    public var url: String?

    /// Optional timeout for HTTP requests Required if a URL is provided Range 0...2000000000.
    public var timeout: Int?

    /// Optional file type (meant for HTTP file requests).
    public var fileType: FileType?

    /// Optional offset in bytes for resuming partial data chunks Range 0...100000000000.
    public var offset: Int?

    /// Optional length in bytes for resuming partial data chunks Range 0...100000000000.
    public var length: Int?

    /// Creates a value from its fields; optional fields default to absent.
    public init(
        requestType: RequestType,
        requestSubType: String? = nil,
        url: String? = nil,
        timeout: Int? = nil,
        fileType: FileType? = nil,
        offset: Int? = nil,
        length: Int? = nil
    ) {
        self.requestType = requestType
        self.requestSubType = requestSubType
        self.url = url
        self.timeout = timeout
        self.fileType = fileType
        self.offset = offset
        self.length = length
    }
}
