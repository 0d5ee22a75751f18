/// A video codec and transport protocol pair, as `VideoStreamingFormat` in the RPC spec and the video StartService's
/// `videoCodec` / `videoProtocol` (`H264` with `RAW` or `RTP`). Strings, so formats newer than this emulator survive.
///
/// ```swift
/// let format = try VideoFormat(parsing: "H264:RTP")
/// format.protocol   // "RTP"
/// ```
public struct VideoFormat: Hashable, Sendable, CustomStringConvertible {
    public var codec: String
    public var `protocol`: String

    public init(codec: String, protocol: String) {
        self.codec = codec
        self.protocol = `protocol`
    }

    public static let h264RAW = VideoFormat(codec: "H264", protocol: "RAW")
    public static let h264RTP = VideoFormat(codec: "H264", protocol: "RTP")

    /// Parses `CODEC:PROTOCOL`, for example `H264:RAW`.
    public init(parsing text: String) throws(HeadUnitError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw HeadUnitError(.invalidControl("video format '\(text)' is not CODEC:PROTOCOL, e.g. H264:RAW"))
        }
        self.init(codec: parts[0].uppercased(), protocol: parts[1].uppercased())
    }

    var json: JSONValue { ["codec": .string(codec), "protocol": .string(`protocol`)] }

    public var description: String { "\(codec):\(`protocol`)" }
}

/// A pixel size.
public struct VideoSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT`, for example `800x480`.
    public init(parsing text: String) throws(HeadUnitError) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
            width <= 8192, height <= 8192
        else {
            throw HeadUnitError(.invalidControl("size '\(text)' is not WIDTHxHEIGHT with 1...8192, e.g. 800x480"))
        }
        self.init(width: width, height: height)
    }

    var json: JSONValue { ["resolutionWidth": .int(Int64(width)), "resolutionHeight": .int(Int64(height))] }

    public var description: String { "\(width)x\(height)" }
}

/// The head unit's `VideoStreamingCapability` (RPC spec): what GetSystemCapability and OnSystemCapabilityUpdated
/// report. The defaults are the traces' HMI: 800x480, 400 kbit/s, H264 RAW and RTP, 30 fps, scale 1.
///
/// ```swift
/// var capability = VideoCapability()
/// capability.additional = [VideoCapability(preferredResolution: VideoSize(width: 320, height: 240))]
/// ```
public struct VideoCapability: Hashable, Sendable {
    public var preferredResolution: VideoSize
    public var maxBitrate: Int
    public var supportedFormats: [VideoFormat]
    public var hapticSpatialDataSupported: Bool
    public var diagonalScreenSize: Double
    public var pixelPerInch: Double
    public var scale: Double
    public var preferredFPS: Int
    /// Other sizes the head unit may show the app at (picture-in-picture, split screen).
    public var additional: [VideoCapability]

    public init(
        preferredResolution: VideoSize = VideoSize(width: 800, height: 480),
        maxBitrate: Int = 400_000,
        supportedFormats: [VideoFormat] = [.h264RAW, .h264RTP],
        hapticSpatialDataSupported: Bool = true,
        diagonalScreenSize: Double = 8,
        pixelPerInch: Double = 117,
        scale: Double = 1,
        preferredFPS: Int = 30,
        additional: [VideoCapability] = []
    ) {
        self.preferredResolution = preferredResolution
        self.maxBitrate = maxBitrate
        self.supportedFormats = supportedFormats
        self.hapticSpatialDataSupported = hapticSpatialDataSupported
        self.diagonalScreenSize = diagonalScreenSize
        self.pixelPerInch = pixelPerInch
        self.scale = scale
        self.preferredFPS = preferredFPS
        self.additional = additional
    }

    /// The capability as Core's JSON; `additionalVideoStreamingCapabilities` is left out when empty, as Core did.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "preferredResolution": preferredResolution.json,
            "maxBitrate": .int(Int64(maxBitrate)),
            "supportedFormats": .array(supportedFormats.map(\.json)),
            "hapticSpatialDataSupported": .bool(hapticSpatialDataSupported),
            "diagonalScreenSize": Self.number(diagonalScreenSize),
            "pixelPerInch": Self.number(pixelPerInch),
            "scale": Self.number(scale),
            "preferredFPS": .int(Int64(preferredFPS)),
        ]
        if !additional.isEmpty { object["additionalVideoStreamingCapabilities"] = .array(additional.map(\.json)) }
        return .object(object)
    }

    /// Core wrote whole floats as integers (`"scale": 1`).
    private static func number(_ value: Double) -> JSONValue {
        if let whole = Int64(exactly: value) { return .int(whole) }
        return .double(value)
    }
}

extension VideoCapability {
    /// Reads a `VideoStreamingCapability` JSON object (as in OnSystemCapabilityUpdated); absent keys keep defaults.
    ///
    /// - Throws: ``HeadUnitError`` `.invalidControl` when the value is not an object or a key has the wrong type.
    public init(json: JSONValue) throws(HeadUnitError) {
        guard json.objectValue != nil else { throw HeadUnitError(.invalidControl("video capability is not an object")) }
        self.init()
        if let resolution = json["preferredResolution"] {
            guard let width = resolution["resolutionWidth"]?.intValue,
                let height = resolution["resolutionHeight"]?.intValue
            else { throw HeadUnitError(.invalidControl("preferredResolution without width and height")) }
            preferredResolution = VideoSize(width: Int(width), height: Int(height))
        }
        if let value = json["maxBitrate"]?.intValue { maxBitrate = Int(value) }
        if let formats = json["supportedFormats"]?.arrayValue {
            supportedFormats = formats.compactMap { format in
                guard let codec = format["codec"]?.stringValue, let proto = format["protocol"]?.stringValue else {
                    return nil
                }
                return VideoFormat(codec: codec, protocol: proto)
            }
        }
        if let value = json["hapticSpatialDataSupported"]?.boolValue { hapticSpatialDataSupported = value }
        if let value = json["diagonalScreenSize"]?.doubleValue { diagonalScreenSize = value }
        if let value = json["pixelPerInch"]?.doubleValue { pixelPerInch = value }
        if let value = json["scale"]?.doubleValue { scale = value }
        if let value = json["preferredFPS"]?.intValue { preferredFPS = Int(value) }
        if let list = json["additionalVideoStreamingCapabilities"]?.arrayValue {
            var additional: [VideoCapability] = []
            for item in list { additional.append(try VideoCapability(json: item)) }
            self.additional = additional
        }
    }
}
