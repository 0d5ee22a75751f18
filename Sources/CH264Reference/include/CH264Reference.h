// The bare openh264 encode loop, in C, as the reference `carwindow bench media` measures SDLMedia against.
#ifndef CH264_REFERENCE_H
#define CH264_REFERENCE_H

/// An openh264 encoder configured like SDLMedia's OpenH264Encoder (Constrained Baseline, one slice, one thread,
/// bitrate rate control with frame skipping, the same usage mode).
typedef struct ch264_reference ch264_reference;

/// Creates a reference encoder, or returns NULL if openh264 refuses the configuration.
ch264_reference *ch264_reference_create(int width, int height, int frame_rate, int bitrate, int screen_content);

/// Encodes one I420 frame and returns the seconds EncodeFrame took, or a negative value on failure.
/// `bytes` receives the access unit's size (0 when the rate control skipped the frame).
double ch264_reference_encode(ch264_reference *encoder, const unsigned char *y, const unsigned char *u,
                              const unsigned char *v, int y_stride, int uv_stride, long long timestamp_ms,
                              int *bytes);

/// Releases the encoder.
void ch264_reference_destroy(ch264_reference *encoder);

#endif
