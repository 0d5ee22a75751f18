#include "CH264Reference.h"

#include <string.h>
#include <time.h>
#include <wels/codec_api.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int ch264_reference_encode(int width, int height, int frame_rate, int bitrate, int screen_content,
                           const unsigned char *const *planes, int y_stride, int uv_stride, int frame_count,
                           int frame_interval_ms, double *seconds, long long *total_bytes) {
    ISVCEncoder *encoder = NULL;
    if (WelsCreateSVCEncoder(&encoder) != 0 || encoder == NULL) return -1;

    // Keep in step with OpenH264Encoder.configure(_:for:) in SDLMedia.
    int trace = WELS_LOG_QUIET;
    (*encoder)->SetOption(encoder, ENCODER_OPTION_TRACE_LEVEL, &trace);
    SEncParamExt p;
    (*encoder)->GetDefaultParams(encoder, &p);
    p.iUsageType = screen_content ? SCREEN_CONTENT_REAL_TIME : CAMERA_VIDEO_REAL_TIME;
    p.iPicWidth = width;
    p.iPicHeight = height;
    p.iTargetBitrate = bitrate;
    p.iMaxBitrate = UNSPECIFIED_BIT_RATE;
    p.iRCMode = RC_BITRATE_MODE;
    p.fMaxFrameRate = (float)frame_rate;
    p.iTemporalLayerNum = 1;
    p.iSpatialLayerNum = 1;
    p.uiIntraPeriod = 0;
    p.iNumRefFrame = 1;
    p.eSpsPpsIdStrategy = CONSTANT_ID;
    p.bPrefixNalAddingCtrl = false;
    p.bEnableSSEI = false;
    p.iEntropyCodingModeFlag = 0;
    p.bEnableFrameSkip = true;
    p.iMultipleThreadIdc = 1;
    p.bEnableDenoise = false;
    p.bEnableBackgroundDetection = !screen_content;
    p.bEnableAdaptiveQuant = !screen_content;
    p.bEnableSceneChangeDetect = screen_content;
    p.bEnableLongTermReference = false;
    p.iComplexityMode = LOW_COMPLEXITY;
    p.sSpatialLayers[0].iVideoWidth = width;
    p.sSpatialLayers[0].iVideoHeight = height;
    p.sSpatialLayers[0].fFrameRate = (float)frame_rate;
    p.sSpatialLayers[0].iSpatialBitrate = bitrate;
    p.sSpatialLayers[0].iMaxSpatialBitrate = UNSPECIFIED_BIT_RATE;
    p.sSpatialLayers[0].uiProfileIdc = PRO_BASELINE;
    p.sSpatialLayers[0].sSliceArgument.uiSliceMode = SM_SINGLE_SLICE;
    p.sSpatialLayers[0].sSliceArgument.uiSliceNum = 1;

    int status = (*encoder)->InitializeExt(encoder, &p);
    int format = videoFormatI420;
    if (status == 0) status = (*encoder)->SetOption(encoder, ENCODER_OPTION_DATAFORMAT, &format);
    if (status != 0) {
        WelsDestroySVCEncoder(encoder);
        return status;
    }

    SFrameBSInfo info;
    memset(&info, 0, sizeof info);
    SSourcePicture pic;
    memset(&pic, 0, sizeof pic);
    pic.iColorFormat = videoFormatI420;
    pic.iPicWidth = width;
    pic.iPicHeight = height;
    pic.iStride[0] = y_stride;
    pic.iStride[1] = uv_stride;
    pic.iStride[2] = uv_stride;
    long long bytes = 0;
    for (int i = 0; i < frame_count && status == 0; i++) {
        pic.pData[0] = (unsigned char *)planes[3 * i];
        pic.pData[1] = (unsigned char *)planes[3 * i + 1];
        pic.pData[2] = (unsigned char *)planes[3 * i + 2];
        pic.uiTimeStamp = (long long)i * frame_interval_ms;
        double start = now_seconds();
        status = (*encoder)->EncodeFrame(encoder, &pic, &info);
        seconds[i] = now_seconds() - start;
        if (info.eFrameType != videoFrameTypeSkip) bytes += info.iFrameSizeInBytes;
    }
    *total_bytes = bytes;
    (*encoder)->Uninitialize(encoder);
    WelsDestroySVCEncoder(encoder);
    return status;
}
