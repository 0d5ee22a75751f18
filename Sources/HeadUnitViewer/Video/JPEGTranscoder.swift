import Foundation
import NIOConcurrencyHelpers

/// The server-side fallback for browsers without WebCodecs H.264: decodes the stream with an `ffmpeg` subprocess
/// and hands back one JPEG per picture.
///
/// ```
///  publish(AU) ─▶ feed ─▶ [serial write queue, ≤ maximumPendingBytes] ─▶ ffmpeg stdin
///  ffmpeg stdout ─▶ reader thread ─▶ JPEGSplitter ─▶ onPicture(JPEG + the metadata of the AU it came from)
/// ```
///
/// Writes and reads block, so they run on their own dispatch queue and thread, never on the Swift concurrency pool.
/// The stream is Baseline H.264 (no B-frames) and ffmpeg runs single-threaded with low delay, so pictures come out in
/// the order they went in, one per access unit: the metadata FIFO pairs them. If ffmpeg drops a corrupt picture, the
/// pairing shifts by one; the latency shown is then off by a frame time, not wrong in kind.
final class JPEGTranscoder: Sendable {
    /// Bytes waiting for ffmpeg before the transcoder drops pictures until the next keyframe.
    static let maximumPendingBytes = 4 << 20
    /// Metadata entries kept for pictures ffmpeg has not returned yet.
    static let maximumPendingPictures = 120

    private struct State: Sendable {
        var pendingBytes = 0
        var awaitingKeyframe = true
        var metadata: [QueuedPicture] = []
        var isStopped = false
    }

    private let process: Process
    private let input: FileHandle
    private let state = NIOLockedValueBox(State())
    private let writeQueue = DispatchQueue(label: "carwindow.viewer.jpeg-writer")

    /// Starts ffmpeg.
    /// - Parameters:
    ///   - executable: The ffmpeg path or a name found on `PATH`.
    ///   - quality: The MJPEG `-q:v` (2 best ... 31 worst).
    ///   - onPicture: Called on the reader thread for each JPEG.
    /// - Throws: ``ViewerError`` with kind `.transcoder` when ffmpeg cannot start.
    init(
        executable: String = "ffmpeg", quality: Int = 5,
        onPicture: @escaping @Sendable (QueuedPicture) -> Void
    ) throws(ViewerError) {
        // A write to a pipe whose reader died raises SIGPIPE, which would end the whole process; we want EPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Measured with ffmpeg 5.1 at 30 fps: `-max_probe_packets 1 -probesize 32 -analyzeduration 1` cut stream
        // probing from ~33 pictures (1.1 s) to one; `-fflags nobuffer` brings the 1.1 s back, so it is left out.
        // What remains is about two frame times: the parser waits for the next access unit to end the current one.
        process.arguments = [
            executable, "-hide_banner", "-loglevel", "error", "-max_probe_packets", "1", "-probesize", "32",
            "-analyzeduration", "1", "-flags", "low_delay", "-threads", "1", "-f", "h264", "-i", "pipe:0",
            "-fps_mode", "passthrough", "-f", "image2pipe", "-c:v", "mjpeg", "-q:v", String(quality),
            "-flush_packets", "1", "pipe:1",
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ViewerError(.transcoder, "cannot start \(executable): \(error)")
        }
        self.process = process
        self.input = stdin.fileHandleForWriting
        let output = stdout.fileHandleForReading
        let state = self.state
        let thread = Thread {
            var splitter = JPEGSplitter()
            while true {
                let data = output.availableData
                if data.isEmpty { break }
                for jpeg in splitter.append(Array(data)) {
                    let metadata = state.withLockedValue { $0.metadata.isEmpty ? nil : $0.metadata.removeFirst() }
                    guard var picture = metadata else { continue }
                    picture.kind = .jpeg
                    picture.isKeyframe = true
                    picture.payload = jpeg
                    onPicture(picture)
                }
            }
        }
        thread.name = "carwindow.viewer.jpeg-reader"
        thread.start()
    }

    /// Queues an H.264 access unit for decoding, or drops it (until the next keyframe) when ffmpeg falls behind.
    func feed(_ picture: QueuedPicture) {
        let accepted = state.withLockedValue { state -> Bool in
            guard !state.isStopped else { return false }
            let isBehind =
                state.pendingBytes + picture.payload.count > Self.maximumPendingBytes
                || state.metadata.count >= Self.maximumPendingPictures
            if picture.isKeyframe && !isBehind {
                state.awaitingKeyframe = false
            } else if state.awaitingKeyframe || isBehind {
                state.awaitingKeyframe = true
                return false
            }
            state.pendingBytes += picture.payload.count
            state.metadata.append(picture)
            return true
        }
        guard accepted else { return }
        let input = self.input
        let state = self.state
        writeQueue.async {
            // A failed write means ffmpeg is gone; stop() or the reader's end reports it.
            try? input.write(contentsOf: picture.payload)
            state.withLockedValue { $0.pendingBytes -= picture.payload.count }
        }
    }

    /// Closes ffmpeg's input so it finishes, and ends the process.
    func stop() {
        let wasStopped = state.withLockedValue { state in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !wasStopped else { return }
        let input = self.input
        let process = self.process
        writeQueue.async {
            try? input.close()
            if process.isRunning { process.terminate() }
        }
    }
}
