// The bare openh264 encode loop, in C, as the reference `carwindow bench media` measures SDLMedia against.
#ifndef CH264_REFERENCE_H
#define CH264_REFERENCE_H

#include <stddef.h>

/// Encodes `frame_count` I420 frames with the same openh264 configuration as SDLMedia's OpenH264Encoder
/// (Constrained Baseline, one slice, one thread, bitrate rate control) and records each EncodeFrame call's time.
///
/// Frame i's planes start at planes[3*i], planes[3*i+1], planes[3*i+2]. Returns 0 on success, or the first
/// openh264 status that was not success. `seconds` receives frame_count durations; `total_bytes` the output size.
int ch264_reference_encode(int width, int height, int frame_rate, int bitrate, int screen_content,
                           const unsigned char *const *planes, int y_stride, int uv_stride, int frame_count,
                           int frame_interval_ms, double *seconds, long long *total_bytes);

#endif
