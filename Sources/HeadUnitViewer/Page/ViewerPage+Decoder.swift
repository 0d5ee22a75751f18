extension ViewerPage {
    /// Decodes pictures onto the canvas and keeps the stats.
    ///
    /// H.264 path: WebCodecs `VideoDecoder` in Annex-B mode (no `description`), configured from the SPS of each
    /// keyframe (`avc1.PPCCLL`: profile_idc, constraint flags, level_idc). JPEG path: `createImageBitmap`.
    /// Latency = wall clock when the picture is drawn (`performance.timeOrigin + performance.now()`) − the header's
    /// arrival time (the head unit's wall clock). Both clocks are the same machine's, the viewer binds 127.0.0.1.
    static let decoderScript = #"""
        'use strict';
        // The binary message header (see VideoFrameHeader.swift): big-endian, payload at headerLength.
        function parseFrameHeader(buffer) {
          const view = new DataView(buffer);
          return {
            kind: view.getUint8(0), keyframe: (view.getUint8(1) & 1) !== 0, replay: (view.getUint8(1) & 2) !== 0,
            headerLength: view.getUint16(2),
            width: view.getUint16(4), height: view.getUint16(6), sequence: view.getUint32(8),
            serverDropped: view.getUint32(12), presentationTime: view.getFloat64(16),
            arrivalTime: view.getFloat64(24), sendTime: view.getFloat64(32),
          };
        }

        // NAL units of an Annex-B access unit: [{type, start, end}] with start after the start code.
        function nalUnits(bytes) {
          const starts = [];
          for (let i = 0; i + 2 < bytes.length; i++) {
            if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1) { starts.push(i + 3); i += 2; }
          }
          return starts.map((start, n) => {
            let end = n + 1 < starts.length ? starts[n + 1] - 3 : bytes.length;
            if (n + 1 < starts.length && end > start && bytes[end - 1] === 0) end -= 1;
            return { type: bytes[start] & 0x1f, start, end };
          });
        }

        function hex2(value) { return value.toString(16).toUpperCase().padStart(2, '0'); }

        // avc1.PPCCLL from the three bytes after the SPS NAL header.
        function codecFromSPS(bytes, nal) {
          if (nal.end - nal.start < 4) return null;
          return 'avc1.' + hex2(bytes[nal.start + 1]) + hex2(bytes[nal.start + 2]) + hex2(bytes[nal.start + 3]);
        }

        function wallClockNow() { return performance.timeOrigin + performance.now(); }

        class Stats {
          constructor() { this.arrivals = []; this.latencies = []; this.clientDropped = 0; this.serverDropped = 0;
            this.framesDrawn = 0; this.width = 0; this.height = 0; this.decoder = '–'; this.lastLatency = null; }
          received(bytes, header) {
            const now = performance.now();
            this.arrivals.push({ now, bytes });
            this.serverDropped = header.serverDropped;
            this.trim(now);
          }
          drawn(header, width, height) {
            this.framesDrawn++;
            this.width = width; this.height = height;
            // A replay from the server's keyframe cache is old on purpose; it says nothing about latency.
            if (header.replay) return;
            this.lastLatency = wallClockNow() - header.arrivalTime;
            this.latencies.push({ now: performance.now(), value: this.lastLatency,
              transit: header.sendTime - header.arrivalTime });
          }
          trim(now) {
            while (this.arrivals.length && now - this.arrivals[0].now > 1000) this.arrivals.shift();
            while (this.latencies.length && now - this.latencies[0].now > 1000) this.latencies.shift();
          }
          summary() {
            this.trim(performance.now());
            const bytes = this.arrivals.reduce((sum, a) => sum + a.bytes, 0);
            const latency = this.latencies.length
              ? this.latencies.reduce((sum, l) => sum + l.value, 0) / this.latencies.length : null;
            const transit = this.latencies.length
              ? this.latencies.reduce((sum, l) => sum + l.transit, 0) / this.latencies.length : null;
            return { fps: this.arrivals.length, bitsPerSecond: bytes * 8, width: this.width, height: this.height,
              dropped: this.clientDropped + this.serverDropped, clientDropped: this.clientDropped,
              serverDropped: this.serverDropped, latency, serverLatency: transit, framesDrawn: this.framesDrawn,
              decoder: this.decoder };
          }
        }

        // Draws pictures from the WebSocket onto the canvas, by WebCodecs or from server-side JPEGs.
        class VideoDisplay {
          constructor(canvas, onResize) {
            this.canvas = canvas;
            this.context = canvas.getContext('2d');
            this.onResize = onResize;
            this.stats = new Stats();
            this.decoder = null;
            this.codec = null;
            this.awaitingKeyframe = true;
            this.pending = new Map();   // EncodedVideoChunk timestamp (the sequence number) → header
            this.jpegChain = Promise.resolve();
            this.jpegInFlight = 0;
            this.hasDrawn = false;
          }

          static async chooseMode() {
            const forced = new URLSearchParams(location.search).get('decode');
            if (forced === 'jpeg' || forced === 'h264') return forced;
            if (!('VideoDecoder' in window)) return 'jpeg';
            try {
              const support = await VideoDecoder.isConfigSupported({ codec: 'avc1.42E01E' });
              return support.supported ? 'h264' : 'jpeg';
            } catch (error) { return 'jpeg'; }
          }

          push(buffer) {
            const header = parseFrameHeader(buffer);
            const payload = new Uint8Array(buffer, header.headerLength);
            this.stats.received(buffer.byteLength, header);
            if (header.kind === 1) this.decodeH264(header, payload);
            else if (header.kind === 2) this.decodeJPEG(header, payload);
          }

          decodeH264(header, payload) {
            if (!this.codec) this.stats.decoder = 'WebCodecs H.264, waiting for a keyframe';
            if (header.keyframe) {
              const sps = nalUnits(payload).find(n => n.type === 7);
              const codec = sps ? codecFromSPS(payload, sps) : this.codec;
              if (codec && (!this.decoder || this.decoder.state === 'closed' || codec !== this.codec)) {
                this.configure(codec);
              }
              if (this.decoder) this.awaitingKeyframe = false;
            }
            // A decoder that falls behind gets deltas dropped until the next keyframe, like the server does.
            if (this.awaitingKeyframe || !this.decoder || this.decoder.decodeQueueSize > 32) {
              this.awaitingKeyframe = true;
              this.stats.clientDropped++;
              return;
            }
            this.pending.set(header.sequence, header);
            if (this.pending.size > 64) this.pending.delete(this.pending.keys().next().value);
            this.decoder.decode(new EncodedVideoChunk({
              type: header.keyframe ? 'key' : 'delta', timestamp: header.sequence, data: payload,
            }));
          }

          configure(codec) {
            if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
            this.codec = codec;
            this.stats.decoder = 'WebCodecs ' + codec;
            this.decoder = new VideoDecoder({
              output: frame => this.draw(frame),
              error: error => {
                this.stats.decoderError = String(error);
                this.decoder = null;
                this.awaitingKeyframe = true;
                if (this.onError) this.onError('decoder: ' + error.message);
              },
            });
            // Annex-B: no description, the SPS and PPS travel in band.
            this.decoder.configure({ codec, optimizeForLatency: true });
          }

          draw(frame) {
            const header = this.pending.get(frame.timestamp);
            this.pending.delete(frame.timestamp);
            this.paint(frame, frame.displayWidth, frame.displayHeight, header);
            frame.close();
          }

          decodeJPEG(header, payload) {
            this.stats.decoder = 'server JPEG (ffmpeg)';
            // Each JPEG stands alone, so skipping is safe; a skipped catch-up picture is not a lost live one.
            if (this.jpegInFlight > 8) { if (!header.replay) this.stats.clientDropped++; return; }
            this.jpegInFlight++;
            const blob = new Blob([payload], { type: 'image/jpeg' });
            // Chained so pictures are drawn in order even though decoding is asynchronous.
            const decoded = createImageBitmap(blob);
            this.jpegChain = this.jpegChain.then(() => decoded).then(bitmap => {
              this.paint(bitmap, bitmap.width, bitmap.height, header);
              bitmap.close();
            }).catch(error => { this.stats.clientDropped++; if (this.onError) this.onError('jpeg: ' + error); })
              .finally(() => { this.jpegInFlight--; });
          }

          paint(image, width, height, header) {
            if (!this.hasDrawn || this.canvas.width !== width || this.canvas.height !== height) {
              this.hasDrawn = true;
              this.canvas.width = width;
              this.canvas.height = height;
              if (this.onResize) this.onResize(width, height);
            }
            this.context.drawImage(image, 0, 0, width, height);
            if (header) this.stats.drawn(header, width, height);
          }
        }
        """#
}
