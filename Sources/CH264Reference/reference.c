#include "CH264Reference.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wels/codec_api.h>

struct ch264_reference {
    ISVCEncoder *encoder;
    SSourcePicture picture;
    SFrameBSInfo info;
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

ch264_reference *ch264_reference_create(int width, int height, int frame_rate, int bitrate, int screen_content) {
    ISVCEncoder *encoder = NULL;
    if (WelsCreateSVCEncoder(&encoder) != 0 || encoder == NULL) return NULL;
    int trace = WELS_LOG_QUIET;
    (*encoder)->SetOption(encoder, ENCODER_OPTION_TRACE_LEVEL, &trace);

    // Keep in step with OpenH264Encoder.configure(_:for:) in SDLMedia.
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
    ch264_reference *reference = status == 0 ? calloc(1, sizeof *reference) : NULL;
    if (reference == NULL) {
        WelsDestroySVCEncoder(encoder);
        return NULL;
    }
    reference->encoder = encoder;
    reference->picture.iColorFormat = videoFormatI420;
    reference->picture.iPicWidth = width;
    reference->picture.iPicHeight = height;
    return reference;
}

double ch264_reference_encode(ch264_reference *reference, const unsigned char *y, const unsigned char *u,
                              const unsigned char *v, int y_stride, int uv_stride, long long timestamp_ms,
                              int *bytes) {
    SSourcePicture *pic = &reference->picture;
    pic->iStride[0] = y_stride;
    pic->iStride[1] = uv_stride;
    pic->iStride[2] = uv_stride;
    pic->pData[0] = (unsigned char *)y;
    pic->pData[1] = (unsigned char *)u;
    pic->pData[2] = (unsigned char *)v;
    pic->uiTimeStamp = timestamp_ms;
    double start = now_seconds();
    int status = (*reference->encoder)->EncodeFrame(reference->encoder, pic, &reference->info);
    double elapsed = now_seconds() - start;
    *bytes = reference->info.eFrameType == videoFrameTypeSkip ? 0 : reference->info.iFrameSizeInBytes;
    return status == 0 ? elapsed : -1.0;
}

void ch264_reference_destroy(ch264_reference *reference) {
    if (reference == NULL) return;
    (*reference->encoder)->Uninitialize(reference->encoder);
    WelsDestroySVCEncoder(reference->encoder);
    free(reference);
}
