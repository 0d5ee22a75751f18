import COpenH264

/// The default ``VideoEncoder``: Cisco's openh264, tuned for real-time streaming to a head unit.
///
/// Design notes:
/// - One spatial and one temporal layer, a single slice per picture, one reference frame: a plain
///   Constrained Baseline stream that any head unit decodes.
/// - Rate control is openh264's bitrate mode with ``EncoderSettings/maxBitrate`` as its ceiling; when frame
///   skipping is allowed, frames it drops are counted in ``statistics`` instead of vanishing.
/// - IDRs come on demand (``requestKeyFrame()``, a rebuild) and every ``EncoderSettings/keyFrameInterval`` of
///   presentation time; each one carries SPS and PPS.
/// - The encoder runs on the caller's thread and is not `Sendable`: give it one owner, such as the stream's
///   actor.
///
/// ```swift
/// let encoder = try OpenH264Encoder(settings: EncoderSettings(width: 800, height: 480))
/// let pool = PixelBufferPool(format: .i420, width: 800, height: 480)
/// let frame = pool.makeFrame(presentationTime: .zero)
/// let unit = try encoder.encode(frame) // SPS, PPS, IDR
/// ```
public final class OpenH264Encoder: VideoEncoder {
    /// The settings in force; change them with ``update(_:)``.
    public private(set) var settings: EncoderSettings
    /// Counters since the encoder was made, including frames skipped by the rate control or the ceiling.
    public private(set) var statistics = EncoderStatistics()

    private var handle: UnsafeMutablePointer<ISVCEncoder?>
    private var timestamps = PresentationTimestampGuard()
    private var keyFrameRequested = true
    private var lastIDRTime: Duration?
    private var parameterSets: [UInt8] = []
    private var output: [UInt8] = []
    private var ceiling: BitrateCeiling?
    private var frameInfo = SFrameBSInfo()
    /// The rate control's target now: the settings' bitrate, or lower while adapting (``setTargetBitrate(_:)``).
    public private(set) var targetBitrate: Int
    private var picture = SSourcePicture()

    /// Creates and configures an encoder; its first frame is an IDR.
    ///
    /// - Throws: ``MediaError/Kind/invalidSettings`` for settings H.264 cannot express, or
    ///   ``MediaError/Kind/encoderFailure`` if openh264 refuses them.
    public init(settings: EncoderSettings) throws(MediaError) {
        try settings.validate()
        self.settings = settings
        self.targetBitrate = settings.effectiveBitrate
        self.handle = try Self.makeEncoder(settings)
        self.ceiling = settings.maxBitrate.map { BitrateCeiling(maxBitrate: $0, frameRate: settings.frameRate) }
    }

    deinit {
        Self.destroy(handle)
    }

    /// Encodes one I420 frame of the configured size; see ``VideoEncoder/encode(_:)``.
    ///
    /// The returned bytes share storage with the encoder's output buffer until the next call, which reuses that
    /// storage only if the caller has let go of the previous access unit (so nothing the caller holds changes).
    public func encode(_ frame: VideoFrame) throws(MediaError) -> EncodedAccessUnit? {
        guard frame.format == .i420 else {
            throw MediaError(.invalidFrame, "the encoder takes I420 frames, got \(frame.format); use ColorConverter")
        }
        guard frame.width == settings.width, frame.height == settings.height else {
            throw MediaError(
                .invalidFrame,
                "frame is \(frame.width)x\(frame.height), the encoder is configured for "
                    + "\(settings.width)x\(settings.height); update the settings first")
        }
        try timestamps.accept(frame.presentationTime)
        statistics.framesSubmitted += 1

        if var guardian = ceiling {
            // A requested IDR still waits for budget: skipping it only delays the key frame.
            let allowed = guardian.allowsFrame(at: frame.presentationTime)
            ceiling = guardian
            statistics.peakOvershootBits = guardian.peakOvershootBits
            guard allowed else {
                statistics.framesSkipped += 1
                return nil
            }
        }
        if let interval = settings.keyFrameInterval, let last = lastIDRTime,
            frame.presentationTime - last >= interval
        {
            keyFrameRequested = true
        }
        if keyFrameRequested {
            _ = handle.pointee?.pointee.ForceIntraFrame(handle, true)
        }

        picture.iColorFormat = Int32(videoFormatI420.rawValue)
        picture.iPicWidth = Int32(frame.width)
        picture.iPicHeight = Int32(frame.height)
        picture.iStride = (
            Int32(frame.planes[0].stride), Int32(frame.planes[1].stride),
            Int32(frame.planes[2].stride), 0
        )
        picture.pData = (frame.planeAddress(0), frame.planeAddress(1), frame.planeAddress(2), nil)
        picture.uiTimeStamp = Int64(frame.presentationTime / .milliseconds(1))

        let status = withExtendedLifetime(frame) {
            handle.pointee?.pointee.EncodeFrame(handle, &picture, &frameInfo) ?? Int32(cmInitParaError.rawValue)
        }
        guard status == Int32(cmResultSuccess.rawValue) else {
            throw MediaError(.encoderFailure, "openh264 EncodeFrame returned \(status) at \(frame.presentationTime)")
        }
        if frameInfo.eFrameType == videoFrameTypeSkip || frameInfo.iFrameSizeInBytes <= 0 {
            statistics.framesSkipped += 1
            return nil
        }
        let isIDR = frameInfo.eFrameType == videoFrameTypeIDR
        collectOutput(isIDR: isIDR)
        if isIDR {
            keyFrameRequested = false
            lastIDRTime = frame.presentationTime
            statistics.idrFrames += 1
        }
        statistics.framesEncoded += 1
        statistics.bytesProduced += output.count
        if ceiling != nil {
            ceiling?.record(bits: output.count * 8, at: frame.presentationTime)
            statistics.peakOvershootBits = ceiling?.peakOvershootBits ?? 0
        }
        return EncodedAccessUnit(bytes: output, presentationTime: frame.presentationTime, isIDR: isIDR)
    }

    /// Makes the next encoded frame an IDR with SPS and PPS.
    public func requestKeyFrame() {
        keyFrameRequested = true
    }

    /// Applies new settings: live for bitrate and frame rate, a rebuild and an IDR for size, profile or usage.
    ///
    /// - Returns: what the change cost, as ``EncoderSettings/change(from:to:)`` decides.
    /// - Throws: ``MediaError/Kind/invalidSettings`` or ``MediaError/Kind/encoderFailure``; the old settings stay.
    public func update(_ newSettings: EncoderSettings) throws(MediaError) -> EncoderSettings.Change {
        try newSettings.validate()
        let change = EncoderSettings.change(from: settings, to: newSettings)
        switch change {
        case .none:
            break
        case .live:
            try applyLive(newSettings)
        case .rebuild:
            let fresh = try Self.makeEncoder(newSettings)
            Self.destroy(handle)
            handle = fresh
            keyFrameRequested = true
            parameterSets = []
            statistics.rebuilds += 1
        }
        if change != .rebuild, targetBitrate != settings.effectiveBitrate,
            newSettings.effectiveBitrate == settings.effectiveBitrate
        {
            // An adapted target ends with new settings: applyLive saw no bitrate change, so restore it here.
            var info = SBitrateInfo(iLayer: SPATIAL_LAYER_ALL, iBitrate: Int32(clamping: newSettings.effectiveBitrate))
            try setOption(ENCODER_OPTION_BITRATE, &info, "bitrate \(newSettings.effectiveBitrate)")
        }
        if let max = newSettings.maxBitrate {
            if ceiling == nil { ceiling = BitrateCeiling(maxBitrate: max, frameRate: newSettings.frameRate) }
            ceiling?.maxBitrate = max
            ceiling?.frameRate = newSettings.frameRate
        } else {
            ceiling = nil
        }
        settings = newSettings
        targetBitrate = newSettings.effectiveBitrate
        return change
    }

    /// Lowers (or raises again) the bitrate the rate control aims at, live and without an IDR, for bitrate
    /// adaptation. The value is kept between 10 kbit/s (the lowest bitrate ``EncoderSettings`` accepts) and the
    /// configured ``EncoderSettings/effectiveBitrate``, so the level the SPS announced stays true; ``update(_:)``
    /// resets it to the new settings' bitrate.
    ///
    /// - Returns: the target now in force.
    /// - Throws: ``MediaError/Kind/encoderFailure`` if openh264 refuses it; the previous target stays.
    @discardableResult
    public func setTargetBitrate(_ bitrate: Int) throws(MediaError) -> Int {
        let target = min(max(10_000, bitrate), settings.effectiveBitrate)
        guard target != targetBitrate else { return target }
        var info = SBitrateInfo(iLayer: SPATIAL_LAYER_ALL, iBitrate: Int32(clamping: target))
        try setOption(ENCODER_OPTION_BITRATE, &info, "bitrate \(target)")
        targetBitrate = target
        return target
    }

    // MARK: - Output

    /// Copies the NAL units of all layers into `output`, putting SPS and PPS before an IDR that lacks them.
    private func collectOutput(isIDR: Bool) {
        // Dropping our reference first lets `output` keep its storage when the caller no longer holds the last
        // access unit, so steady streaming does not allocate here.
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(Int(frameInfo.iFrameSizeInBytes) + parameterSets.count)
        var sawSPS = false
        let layerCount = Int(frameInfo.iLayerNum)
        withUnsafeBytes(of: &frameInfo.sLayerInfo) { raw in
            let layers = raw.bindMemory(to: SLayerBSInfo.self)
            for layer in layers.prefix(layerCount) {
                guard let bits = layer.pBsBuf, let lengths = layer.pNalLengthInByte else { continue }
                var offset = 0
                for index in 0..<Int(layer.iNalCount) {
                    let length = Int(lengths[index])
                    let nal = UnsafeBufferPointer(start: bits + offset, count: length)
                    // openh264 writes 4-byte start codes; the header byte follows them.
                    if length > 4, NALUnitType(header: nal[4]) == .sps { sawSPS = true }
                    output.append(contentsOf: nal)
                    offset += length
                }
            }
        }
        if isIDR {
            if sawSPS {
                rememberParameterSets()
            } else if !parameterSets.isEmpty {
                output.insert(contentsOf: parameterSets, at: 0)
            }
        }
    }

    private func rememberParameterSets() {
        parameterSets.removeAll(keepingCapacity: true)
        AnnexB.forEachNALUnit(in: output) { range in
            let type = NALUnitType(header: output[range.lowerBound])
            if type == .sps || type == .pps {
                parameterSets.append(contentsOf: AnnexB.startCode)
                parameterSets.append(contentsOf: output[range])
            }
        }
    }

    // MARK: - Live changes

    private func applyLive(_ new: EncoderSettings) throws(MediaError) {
        if new.effectiveBitrate != settings.effectiveBitrate {
            var info = SBitrateInfo(iLayer: SPATIAL_LAYER_ALL, iBitrate: Int32(new.effectiveBitrate))
            try setOption(ENCODER_OPTION_BITRATE, &info, "bitrate \(new.effectiveBitrate)")
        }
        if new.maxBitrate != settings.maxBitrate {
            var info = SBitrateInfo(iLayer: SPATIAL_LAYER_ALL, iBitrate: Int32(new.maxBitrate ?? 0))
            try setOption(ENCODER_OPTION_MAX_BITRATE, &info, "maximum bitrate \(String(describing: new.maxBitrate))")
        }
        if new.frameRate != settings.frameRate {
            var rate = Float(new.frameRate)
            try setOption(ENCODER_OPTION_FRAME_RATE, &rate, "frame rate \(new.frameRate)")
        }
        if new.allowsFrameSkipping != settings.allowsFrameSkipping {
            var skip = new.allowsFrameSkipping
            try setOption(ENCODER_OPTION_RC_FRAME_SKIP, &skip, "frame skipping \(skip)")
        }
    }

    private func setOption<T>(_ option: ENCODER_OPTION, _ value: inout T, _ what: String) throws(MediaError) {
        let status = withUnsafeMutablePointer(to: &value) {
            handle.pointee?.pointee.SetOption(handle, option, UnsafeMutableRawPointer($0)) ?? -1
        }
        guard status == 0 else {
            throw MediaError(.encoderFailure, "openh264 refused \(what) (status \(status))")
        }
    }
}

// One owner at a time: the openh264 handle is not thread-safe.
@available(*, unavailable)
extension OpenH264Encoder: Sendable {}
