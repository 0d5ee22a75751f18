import SDLMediaService
public import SDLRPC
public import SDLWire

/// The plan for one video service: the formats and sizes to try, in order, and where we are in each list.
///
/// ```
///  capability ──▶ candidates (root + additional) ──▶ ranges ──▶ data source ──▶ sizes  [s0, s1, …]
///  supportedFormats (HU order) ∩ {H264/RAW, H264/RTP} ──────────▶ data source ──▶ formats [f0, f1, …]
///
///  StartService(s_i, f_j) ── NAK width/height ──▶ i + 1
///                         ── NAK videoCodec/videoProtocol ──▶ j + 1
///                         ── NAK without known names ──▶ error (serviceRejected)
///                         ── ACK ──▶ accept(ack) ──▶ VideoStreamDescription
/// ```
///
/// Without a capability (old head units, SDL Core's RAI response) the only size is the registration's display
/// resolution, at scale 1, in H.264 RAW: the one format every head unit with video takes.
///
/// ```swift
/// var negotiation = try VideoNegotiation(capability: capability, headUnit: info, settings: settings)
/// send(negotiation.request)
/// switch negotiation.rejected(by: nak) {
/// case .success(let next): send(next)
/// case .failure(let error): report(error)
/// }
/// ```
public struct VideoNegotiation: Sendable {
    /// Sizes to try, best first, every one inside the app's ranges.
    public private(set) var candidates: [VideoStreamCandidate]
    /// Formats to try, best first, every one producible by this library.
    public private(set) var formats: [VideoStreamingFormat]
    /// Every head-unit candidate that passed the ranges, in the head unit's order, for `OnAppCapabilityUpdated`.
    public private(set) var supportedCandidates: [VideoStreamCandidate]
    /// Index of the size being tried.
    public private(set) var candidateIndex = 0
    /// Index of the format being tried.
    public private(set) var formatIndex = 0

    let settings: VideoStreamingSettings

    /// Builds the plan.
    ///
    /// - Throws: ``MediaStreamingError`` `.noResolutionInRange` when both ranges are disabled or no size passes
    ///   them, `.noUsableResolution` when the head unit gave no valid size at all, `.noSupportedFormat` when no
    ///   format is left.
    public init(
        capability: VideoStreamingCapability?,
        headUnit: HeadUnitVideoInfo,
        settings: VideoStreamingSettings
    ) throws(MediaStreamingError) {
        self.settings = settings
        guard !settings.isVideoDisabled else {
            throw MediaStreamingError(.noResolutionInRange, "both the landscape and the portrait range are disabled")
        }
        var offered = capability.map(VideoStreamCandidate.candidates(from:)) ?? []
        if offered.isEmpty {
            // Old head unit, or a capability whose sizes are all zero or absurd: the registration's display size
            // is the only safe size left.
            guard let display = headUnit.displayResolution else {
                throw MediaStreamingError(
                    .noUsableResolution,
                    capability == nil
                        ? "no video capability and no display resolution in the registration"
                        : "the capability's sizes are missing, zero or above 10000, and the registration has none")
            }
            offered = [
                VideoStreamCandidate(
                    displayResolution: display,
                    maxBitrateKbps: capability?.maxBitrate,
                    supportedFormats: capability?.supportedFormats)
            ]
        }
        let inRange = offered.filter(settings.accepts)
        guard !inRange.isEmpty else {
            throw MediaStreamingError(
                .noResolutionInRange, "head unit offered \(offered.map(\.description).joined(separator: ", "))")
        }
        supportedCandidates = inRange
        let chosen = (settings.dataSource?.preferredCandidates(headUnitCandidates: inRange) ?? inRange)
            .filter { $0.displayResolution.isWithinSpec && settings.accepts($0) }
        guard !chosen.isEmpty else {
            throw MediaStreamingError(.noResolutionInRange, "the data source chose no size inside the ranges")
        }
        candidates = chosen

        let headUnitFormats = (capability == nil ? nil : chosen[0].supportedFormats) ?? [.h264RAW]
        let common = headUnitFormats.filter(VideoStreamingSettings.producibleFormats.contains)
        var preferred: [VideoStreamingFormat] = []
        for format in settings.dataSource?.preferredFormats(headUnitFormats: common) ?? common
        where VideoStreamingSettings.producibleFormats.contains(format) && !preferred.contains(format) {
            preferred.append(format)
        }
        guard !preferred.isEmpty else {
            throw MediaStreamingError(
                .noSupportedFormat,
                "head unit offers \(headUnitFormats.map { "\($0.codec)/\($0.protocol)" }.joined(separator: ", "))")
        }
        formats = preferred
    }

    /// The candidate being tried.
    public var candidate: VideoStreamCandidate { candidates[candidateIndex] }

    /// The format being tried.
    public var format: VideoStreamingFormat { formats[formatIndex] }

    /// The StartService payload for the current size and format.
    public var request: VideoStartService {
        VideoStartService(
            height: Int32(clamping: candidate.streamSize.resolutionHeight),
            width: Int32(clamping: candidate.streamSize.resolutionWidth),
            videoProtocol: format.protocol.rawValue,
            videoCodec: format.codec.rawValue
        )
    }

    /// The `OnAppCapabilityUpdated` that tells the head unit which of its sizes the app supports (EVO-0296), or
    /// `nil` when the head unit offered no additional sizes (it predates RPC 7.1 and would not understand it).
    public func appCapability(for capability: VideoStreamingCapability?) -> OnAppCapabilityUpdated? {
        guard capability?.additionalVideoStreamingCapabilities?.isEmpty == false else { return nil }
        let supported = Array(supportedCandidates.prefix(100)).map(\.capability)
        return OnAppCapabilityUpdated(
            appCapability: AppCapability(
                appCapabilityType: .videoStreaming,
                videoStreamingCapability: VideoStreamingCapability(additionalVideoStreamingCapabilities: supported)))
    }

    /// Leaves out formats the head unit already refused, unless that would leave none (then all are tried again).
    ///
    /// ```swift
    /// negotiation.avoid([.h264RTP])   // [RTP, RAW] -> [RAW]
    /// ```
    public mutating func avoid(_ refused: Set<VideoStreamingFormat>) {
        let remaining = formats.filter { !refused.contains($0) }
        guard !remaining.isEmpty, remaining.count < formats.count else { return }
        formats = remaining
        formatIndex = 0
    }

    /// Moves past what a StartServiceNAK refused and returns the next request.
    ///
    /// `width`/`height` advance the size, `videoCodec`/`videoProtocol` the format (both when both are named).
    /// A NAK that names none of these (Core's "disallowed with current HMI type", or an unknown name) cannot be
    /// answered by trying something else and fails with `.serviceRejected`; running out of either list fails
    /// with `.negotiationExhausted`.
    public mutating func rejected(by nak: ServiceNAK) -> Result<VideoStartService, MediaStreamingError> {
        let names = Set(nak.rejectedParams ?? [])
        let reason = nak.reason.map { " (\($0))" } ?? ""
        let sizeRejected = names.contains("width") || names.contains("height")
        let formatRejected = names.contains("videoCodec") || names.contains("videoProtocol")
        guard sizeRejected || formatRejected else {
            let listed = names.isEmpty ? "no rejectedParams" : "no rejectedParams the negotiation can change"
            return .failure(MediaStreamingError(.serviceRejected(nak), "StartService(video): \(listed)"))
        }
        let tried = "\(candidate.streamSize) \(format.codec)/\(format.protocol)"
        if sizeRejected { candidateIndex += 1 }
        if formatRejected { formatIndex += 1 }
        guard candidateIndex < candidates.count, formatIndex < formats.count else {
            candidateIndex = min(candidateIndex, candidates.count - 1)
            formatIndex = min(formatIndex, formats.count - 1)
            return .failure(
                MediaStreamingError(
                    .negotiationExhausted,
                    "last tried \(tried), rejected \(names.sorted())\(reason); "
                        + "\(candidates.count) size(s), \(formats.count) format(s)"))
        }
        return .success(request)
    }

    /// What to stream after a StartServiceACK.
    ///
    /// The head unit's answer wins where it is usable:
    /// - absent or zero width or height (Core before 5.x sends an empty ACK) → the size we asked for;
    /// - a different valid size → that size (made even, within 2...8192, as the encoder needs), at the scale of the
    ///   matching candidate (else the current one), if it lies inside the ranges; outside them, or negative, or
    ///   above 10000 → `.invalidAcknowledgement`;
    /// - absent codec or protocol → the one we asked for; one we cannot produce → `.invalidAcknowledgement`.
    public func accept(
        _ ack: MediaStartServiceACK,
        encrypted: Bool
    ) -> Result<(VideoStreamDescription, VideoStreamCandidate), MediaStreamingError> {
        let format = VideoStreamingFormat(
            protocol: ack.videoProtocol.map(VideoStreamingProtocol.init(rawValue:)) ?? self.format.protocol,
            codec: ack.videoCodec.map(VideoStreamingCodec.init(rawValue:)) ?? self.format.codec)
        guard VideoStreamingSettings.producibleFormats.contains(format) else {
            return .failure(
                MediaStreamingError(.invalidAcknowledgement, "accepted format \(format.codec)/\(format.protocol)"))
        }
        var chosen = candidate
        if let width = ack.width, let height = ack.height, width != 0, height != 0 {
            let acknowledged = ImageResolution(width: Int(width), height: Int(height))
            guard acknowledged.isWithinSpec else {
                return .failure(MediaStreamingError(.invalidAcknowledgement, "accepted size \(width)x\(height)"))
            }
            // An odd size is streamed at the even size just below it: the encoder takes nothing else.
            let size = VideoScale.encodable(acknowledged)
            if size != chosen.streamSize {
                var resized = candidates.first { $0.streamSize == size } ?? chosen
                if resized.streamSize != size {
                    resized.displayResolution = resized.scale.displaySize(forStream: size)
                    resized.streamSize = size
                }
                guard settings.accepts(resized) else {
                    return .failure(
                        MediaStreamingError(
                            .invalidAcknowledgement, "accepted size \(size) is outside the app's streaming ranges"))
                }
                chosen = resized
            }
        }
        let description = VideoStreamDescription(
            size: chosen.streamSize,
            displaySize: chosen.displayResolution,
            scale: chosen.scale,
            format: format,
            isEncrypted: encrypted,
            hapticSpatialDataSupported: chosen.hapticSpatialDataSupported)
        return .success((description, chosen))
    }
}
