import SDLMedia

/// The pictures since the last keyframe, so a browser that joins mid-stream starts at once instead of waiting for
/// the app's next keyframe (SDL apps often send one only at start or on request).
///
/// Bounded: when the group outgrows ``maximumPictures`` or ``maximumBytes`` it is forgotten until the next keyframe,
/// and a joining browser waits for that keyframe instead.
///
/// Also remembers the last SPS and PPS, and puts them in front of a keyframe that arrives without them, because the
/// page configures its decoder from the SPS.
struct GOPCache: Sendable {
    static let maximumPictures = 300
    static let maximumBytes = 16 << 20

    private(set) var pictures: [QueuedPicture] = []
    private var bytes = 0
    private var parameterSets: [UInt8] = []

    /// Records a picture and returns it as browsers should get it (a keyframe with its parameter sets).
    mutating func record(_ picture: QueuedPicture) -> QueuedPicture {
        var picture = picture
        if picture.kind == .h264 { picture = withParameterSets(picture) }
        if picture.isKeyframe {
            pictures = [picture]
            bytes = picture.payload.count
        } else if !pictures.isEmpty {
            if pictures.count >= Self.maximumPictures || bytes + picture.payload.count > Self.maximumBytes {
                pictures = []
                bytes = 0
            } else {
                pictures.append(picture)
                bytes += picture.payload.count
            }
        }
        return picture
    }

    /// Forgets everything, for a new stream.
    mutating func reset() {
        pictures = []
        bytes = 0
        parameterSets = []
    }

    private mutating func withParameterSets(_ picture: QueuedPicture) -> QueuedPicture {
        let ranges = AnnexB.nalUnitRanges(in: picture.payload)
        let types = ranges.map { NALUnitType(header: picture.payload[$0.lowerBound]) }
        if types.contains(.sps) {
            var sets: [UInt8] = []
            for (range, type) in zip(ranges, types) where type == .sps || type == .pps {
                sets += AnnexB.startCode
                sets += picture.payload[range]
            }
            parameterSets = sets
            return picture
        }
        guard picture.isKeyframe, !parameterSets.isEmpty else { return picture }
        var completed = picture
        completed.payload = parameterSets + picture.payload
        return completed
    }
}
