// FFmpeg's decoding and resampling API (Debian libavformat-dev, libavcodec-dev, libswresample-dev, libavutil-dev).
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>

// AVERROR() and AVERROR_EOF are macros Swift cannot import; these give their values.
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_enoent(void) { return AVERROR(ENOENT); }
