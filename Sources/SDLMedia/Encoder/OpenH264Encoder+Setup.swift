import COpenH264

extension OpenH264Encoder {
    /// Creates an openh264 encoder configured for `settings`.
    static func makeEncoder(_ settings: EncoderSettings) throws(MediaError) -> UnsafeMutablePointer<ISVCEncoder?> {
        var created: UnsafeMutablePointer<ISVCEncoder?>?
        guard WelsCreateSVCEncoder(&created) == 0, let handle = created, let vtable = handle.pointee?.pointee else {
            throw MediaError(.encoderFailure, "openh264 could not create an encoder")
        }
        // openh264 prints warnings to stderr by default; errors surface through status codes instead.
        var traceLevel = Int32(WELS_LOG_QUIET)
        _ = vtable.SetOption(handle, ENCODER_OPTION_TRACE_LEVEL, &traceLevel)
        var params = SEncParamExt()
        _ = vtable.GetDefaultParams(handle, &params)
        configure(&params, for: settings)
        var status = vtable.InitializeExt(handle, &params)
        if status == 0 {
            var format = Int32(videoFormatI420.rawValue)
            status = vtable.SetOption(handle, ENCODER_OPTION_DATAFORMAT, &format)
        }
        guard status == 0 else {
            destroy(handle)
            throw MediaError(.encoderFailure, "openh264 InitializeExt returned \(status) for \(settings)")
        }
        return handle
    }

    static func destroy(_ handle: UnsafeMutablePointer<ISVCEncoder?>) {
        _ = handle.pointee?.pointee.Uninitialize(handle)
        WelsDestroySVCEncoder(handle)
    }

    /// Fills openh264's parameters; `settings` has been validated.
    static func configure(_ params: inout SEncParamExt, for settings: EncoderSettings) {
        params.iUsageType = settings.usage == .camera ? CAMERA_VIDEO_REAL_TIME : SCREEN_CONTENT_REAL_TIME
        params.iPicWidth = Int32(settings.width)
        params.iPicHeight = Int32(settings.height)
        params.iTargetBitrate = Int32(settings.effectiveBitrate)
        params.iMaxBitrate = settings.maxBitrate.map { Int32($0) } ?? Int32(UNSPECIFIED_BIT_RATE)
        params.iRCMode = RC_BITRATE_MODE
        params.fMaxFrameRate = Float(settings.frameRate)
        params.iTemporalLayerNum = 1
        params.iSpatialLayerNum = 1
        // IDRs are scheduled by presentation time in `encode`, not by openh264's frame counter.
        params.uiIntraPeriod = 0
        params.iNumRefFrame = 1
        params.eSpsPpsIdStrategy = CONSTANT_ID
        params.bPrefixNalAddingCtrl = false
        params.bEnableSSEI = false
        params.iEntropyCodingModeFlag = settings.profile == .main ? 1 : 0
        params.bEnableFrameSkip = settings.allowsFrameSkipping
        params.iMultipleThreadIdc = 1
        params.bEnableDenoise = false
        // openh264 supports these two only for camera content (it turns them off for screen content).
        params.bEnableBackgroundDetection = settings.usage == .camera
        params.bEnableAdaptiveQuant = settings.usage == .camera
        // openh264 forces scene-change detection on for screen content (and then codes large changes as IDRs);
        // for camera content a scene change costs an IDR we would rather not pay mid-stream.
        params.bEnableSceneChangeDetect = settings.usage == .screenContent
        params.bEnableLongTermReference = false
        params.iComplexityMode = LOW_COMPLEXITY
        params.iIdrBitrateRatio = settings.keyFrameBudgetPercentOfFrame
        let level = settings.level ?? H264Level.all[H264Level.all.count - 1]
        params.sSpatialLayers.0.iVideoWidth = Int32(settings.width)
        params.sSpatialLayers.0.iVideoHeight = Int32(settings.height)
        params.sSpatialLayers.0.fFrameRate = Float(settings.frameRate)
        params.sSpatialLayers.0.iSpatialBitrate = Int32(settings.effectiveBitrate)
        params.sSpatialLayers.0.iMaxSpatialBitrate = params.iMaxBitrate
        params.sSpatialLayers.0.uiProfileIdc = settings.profile == .main ? PRO_MAIN : PRO_BASELINE
        params.sSpatialLayers.0.uiLevelIdc = ELevelIdc(rawValue: UInt32(level.idc))
        params.sSpatialLayers.0.sSliceArgument.uiSliceMode = SM_SINGLE_SLICE
        params.sSpatialLayers.0.sSliceArgument.uiSliceNum = 1
    }
}
