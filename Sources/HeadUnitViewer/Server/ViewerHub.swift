/// Every connected browser, and the fan-out of pictures, state and events to them.
///
/// One actor owns the list of browsers and the keyframe cache. Each stream reaches it from one task (the server's
/// video pump, event pump, JPEG pump), so pictures keep their order; each browser then has its own bounded
/// ``ClientOutbox`` drained by its own socket writer, so a slow browser never holds up the others.
actor ViewerHub {
    private var clients: [Int: ClientOutbox] = [:]
    private var nextClientID = 0
    private var gop = GOPCache()
    private var jpegGOP = GOPCache()
    private var sequence: UInt32 = 0
    private var transcoder: JPEGTranscoder?
    private let makeTranscoder: @Sendable () throws(ViewerError) -> JPEGTranscoder
    private(set) var lastState: ViewerState
    private var isClosed = false
    /// The latest events as sent, so a page opened later still shows what happened (app registered, video started).
    private var history: [String] = []
    static let historyLimit = 100

    init(initialState: ViewerState, makeTranscoder: @escaping @Sendable () throws(ViewerError) -> JPEGTranscoder) {
        self.lastState = initialState
        self.makeTranscoder = makeTranscoder
    }

    /// How many browsers are connected.
    var clientCount: Int { clients.count }

    /// Adds a browser and queues the hello and the current state for it. Returns its id, or `nil` after shutdown.
    func add(_ outbox: ClientOutbox) -> Int? {
        guard !isClosed else { return nil }
        let id = nextClientID
        nextClientID += 1
        clients[id] = outbox
        outbox.enqueue(text: ServerMessage.hello.json())
        outbox.enqueue(text: ServerMessage.state(lastState).json())
        for event in history { outbox.enqueue(text: event) }
        return id
    }

    /// Removes a browser; stops the JPEG decoder when nobody needs it any more.
    func remove(_ id: Int) {
        clients[id]?.close()
        clients[id] = nil
        if transcoder != nil, !clients.values.contains(where: { $0.mode == .jpeg }) {
            transcoder?.stop()
            transcoder = nil
            jpegGOP.reset()
        }
    }

    /// Sets how a browser wants pictures, replays the current group of pictures to it, and starts the JPEG decoder
    /// when it is the first to want JPEG.
    func setMode(_ mode: ClientOutbox.DecodeMode, for id: Int) throws(ViewerError) {
        guard let outbox = clients[id] else { return }
        outbox.setMode(mode)
        switch mode {
        case .h264:
            for picture in gop.pictures { outbox.enqueue(Self.replay(picture)) }
        case .jpeg:
            if transcoder == nil {
                let started = try makeTranscoder()
                transcoder = started
                for picture in gop.pictures { started.feed(Self.replay(picture)) }
            }
            for picture in jpegGOP.pictures.suffix(1) { outbox.enqueue(Self.replay(picture)) }
        }
    }

    private static func replay(_ picture: QueuedPicture) -> QueuedPicture {
        var picture = picture
        picture.isReplay = true
        return picture
    }

    /// Sends an access unit to every browser that decodes H.264, and to the JPEG decoder when it runs.
    func publish(_ unit: ViewerAccessUnit) {
        let picture = gop.record(
            QueuedPicture(
                kind: .h264, isKeyframe: unit.isKeyframe, width: unit.width, height: unit.height, sequence: sequence,
                presentationTime: Double(unit.presentationTime.components.seconds) * 1_000
                    + Double(unit.presentationTime.components.attoseconds) / 1e15,
                arrivalTime: unit.arrivalTime.millisecondsSince1970, payload: unit.bytes))
        sequence &+= 1
        for outbox in clients.values { outbox.enqueue(picture) }
        transcoder?.feed(picture)
    }

    /// Sends a JPEG picture from the server-side decoder to every browser that asked for JPEG.
    func publishJPEG(_ picture: QueuedPicture) {
        _ = jpegGOP.record(picture)
        for outbox in clients.values { outbox.enqueue(picture) }
    }

    /// Sends an event to every browser.
    func publish(_ event: ViewerEvent, at time: WallClockTime = .now) {
        let text = ServerMessage.event(event, time: time).json()
        history.append(text)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        broadcast(text)
    }

    /// Stores the state and sends it to every browser.
    func publish(_ state: ViewerState) {
        lastState = state
        broadcast(ServerMessage.state(state).json())
    }

    /// Sends an error to one browser.
    func sendError(_ error: ViewerError, to id: Int) {
        clients[id]?.enqueue(text: ServerMessage.error(error.description).json())
    }

    /// Closes every browser's outbox and refuses new ones, for shutdown.
    func closeAll() {
        isClosed = true
        for outbox in clients.values { outbox.close() }
        transcoder?.stop()
        transcoder = nil
    }

    private func broadcast(_ text: String) {
        for outbox in clients.values { outbox.enqueue(text: text) }
    }
}
