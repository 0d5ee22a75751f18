/// One browser's outgoing messages, bounded, with the rule for dropping video.
///
/// A pure value: the server's ``ClientOutbox`` owns one behind a lock, and tests drive it directly.
///
/// Dropping rule: text (state, events) is small and goes first; when the queue already holds ``Limits/pictures``
/// pictures or ``Limits/bytes`` bytes, a delta picture is dropped and every delta after it until the next keyframe
/// (a decoder cannot use them without the dropped one). A keyframe never waits behind a full queue: the queued
/// pictures it supersedes are dropped and it goes in. So memory stays under the limits plus one keyframe.
///
/// A replay (the pictures since the last keyframe, sent to a browser that just joined) is queued whole and not
/// counted against the limits, or a group longer than the queue would be cut and the browser would wait for the
/// next keyframe after all; the keyframe cache bounds it (``GOPCache/maximumPictures``, ``GOPCache/maximumBytes``).
///
/// ```
///  enqueue:  K d d d d [full] d✗ d✗ d✗ K → queue = [K]
/// ```
struct ClientQueue: Sendable {
    /// The bounds.
    struct Limits: Sendable, Hashable {
        /// Pictures waiting at most; 30 is a second of video at 30 fps.
        var pictures = 30
        /// Bytes of pictures waiting at most.
        var bytes = 8 << 20
        /// Text messages waiting at most; the oldest is dropped beyond it.
        var texts = 256
    }

    /// A message ready for the socket.
    enum Item: Sendable, Hashable {
        case picture(QueuedPicture)
        case text(String)
    }

    let limits: Limits
    private var pictures: [QueuedPicture] = []
    private var pictureBytes = 0
    /// Replayed pictures still waiting, which the limits leave out.
    private var replayPictures = 0
    private var replayBytes = 0
    private var texts: [String] = []
    private var awaitingKeyframe = true
    /// Pictures dropped for this browser, reported to it in each header.
    private(set) var droppedPictures: UInt32 = 0
    /// Text messages dropped because the browser fell behind.
    private(set) var droppedTexts = 0

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// How many pictures wait.
    var pictureCount: Int { pictures.count }
    /// How many bytes of pictures wait.
    var queuedPictureBytes: Int { pictureBytes }
    /// Whether nothing waits.
    var isEmpty: Bool { pictures.isEmpty && texts.isEmpty }

    /// Adds a picture or drops it by the rule above. Returns whether it was queued.
    @discardableResult
    mutating func enqueue(_ picture: QueuedPicture) -> Bool {
        if picture.isReplay {
            if picture.isKeyframe { awaitingKeyframe = false }
            guard !awaitingKeyframe else {
                countDropped(1)
                return false
            }
            pictures.append(picture)
            pictureBytes += picture.payload.count
            replayPictures += 1
            replayBytes += picture.payload.count
            return true
        }
        let isFull =
            pictures.count - replayPictures >= limits.pictures
            || pictureBytes - replayBytes + picture.payload.count > limits.bytes
        if picture.isKeyframe {
            if isFull {
                countDropped(pictures.count)
                pictures.removeAll(keepingCapacity: true)
                pictureBytes = 0
                replayPictures = 0
                replayBytes = 0
            }
            awaitingKeyframe = false
        } else if awaitingKeyframe || isFull {
            awaitingKeyframe = true
            countDropped(1)
            return false
        }
        pictures.append(picture)
        pictureBytes += picture.payload.count
        return true
    }

    /// Adds a text message, dropping the oldest when full.
    mutating func enqueue(text: String) {
        if texts.count >= limits.texts {
            texts.removeFirst()
            droppedTexts += 1
        }
        texts.append(text)
    }

    /// Takes the next message: text first, then pictures in order.
    mutating func next() -> Item? {
        if !texts.isEmpty { return .text(texts.removeFirst()) }
        guard !pictures.isEmpty else { return nil }
        let picture = pictures.removeFirst()
        pictureBytes -= picture.payload.count
        if picture.isReplay {
            replayPictures -= 1
            replayBytes -= picture.payload.count
        }
        return .picture(picture)
    }

    private mutating func countDropped(_ count: Int) {
        droppedPictures &+= UInt32(truncatingIfNeeded: count)
    }
}

/// A picture waiting for one or more browsers; the payload is shared, not copied, between their queues.
struct QueuedPicture: Sendable, Hashable {
    var kind: VideoFrameHeader.Kind
    var isKeyframe: Bool
    var width: Int
    var height: Int
    var sequence: UInt32
    var presentationTime: Double
    var arrivalTime: Double
    var payload: [UInt8]
    /// Sent again from the keyframe cache to a browser that just joined, not live: the page keeps it out of the
    /// latency figure.
    var isReplay = false

    /// The header for this picture as sent now, with the browser's drop count.
    func header(droppedFrames: UInt32, sendTime: WallClockTime) -> VideoFrameHeader {
        VideoFrameHeader(
            kind: kind, isKeyframe: isKeyframe, isReplay: isReplay, width: UInt16(clamping: width),
            height: UInt16(clamping: height),
            sequence: sequence, droppedFrames: droppedFrames, presentationTime: presentationTime,
            arrivalTime: arrivalTime, sendTime: sendTime.millisecondsSince1970)
    }
}
