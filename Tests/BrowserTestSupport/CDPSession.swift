import Foundation
public import HummingbirdWSClient

/// A minimal DevTools protocol client over one WebSocket: request, wait for the reply with the same id, skip events.
///
/// ```swift
/// var cdp = CDPSession(inbound: inbound, outbound: outbound)
/// try await cdp.open("http://127.0.0.1:8080/")
/// try await cdp.waitFor("viewer.display.stats.framesDrawn >= 5")
/// ```
public struct CDPSession {
    var messages: WebSocketInboundMessageStream.AsyncIterator
    /// The WebSocket to the browser; close it to end the session.
    public let outbound: WebSocketOutboundWriter
    var nextID = 1
    /// The page target's session, once attached (flat mode).
    var sessionID: String?

    /// A session on the browser's DevTools WebSocket.
    public init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        self.messages = inbound.messages(maxSize: 1 << 26).makeAsyncIterator()
        self.outbound = outbound
    }

    /// Calls `method` and returns its `result`; a protocol error throws.
    @discardableResult
    public mutating func call(_ method: String, _ params: [String: Any] = [:], onBrowser: Bool = false) async throws
        -> [String: Any]
    {
        let id = nextID
        nextID += 1
        var request: [String: Any] = ["id": id, "method": method, "params": params]
        if !onBrowser, let sessionID { request["sessionId"] = sessionID }
        let data = try JSONSerialization.data(withJSONObject: request)
        try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
        while let message = try await messages.next() {
            guard case .text(let text) = message,
                let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                reply["id"] as? Int == id
            else { continue }
            if let error = reply["error"] { throw HarnessError("\(method) failed: \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw HarnessError("the DevTools connection closed during \(method)")
    }

    /// Opens `url` in a new tab and attaches to it.
    public mutating func open(_ url: String) async throws {
        let target = try await call("Target.createTarget", ["url": url], onBrowser: true)
        guard let targetID = target["targetId"] as? String else { throw HarnessError("no targetId in \(target)") }
        let attached = try await call(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true], onBrowser: true)
        sessionID = attached["sessionId"] as? String
    }

    /// Evaluates JavaScript in the page, awaiting a promise, and returns the value; a JS exception throws.
    /// A page still loading may swap its JavaScript context under the call; that one error is retried.
    public mutating func evaluate(_ expression: String) async throws -> Any? {
        var attempts = 0
        var result: [String: Any] = [:]
        while true {
            do {
                result = try await call(
                    "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
                break
            } catch let error as HarnessError where error.description.contains("Execution context was destroyed") {
                attempts += 1
                if attempts > 10 { throw error }
            }
        }
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let description = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "?"
            throw HarnessError("JavaScript failed: \(description)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A left click at CSS pixel (x, y), as a real mouse press and release.
    public mutating func click(x: Double, y: Double) async throws {
        try await call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
        try await call(
            "Input.dispatchMouseEvent",
            ["type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1])
        try await call(
            "Input.dispatchMouseEvent",
            ["type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1])
    }

    /// A left-button drag from one CSS pixel to another in one move, with modifier keys held (8 = Shift).
    public mutating func drag(
        from start: (x: Double, y: Double), to end: (x: Double, y: Double), modifiers: Int
    ) async throws {
        try await call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": start.x, "y": start.y])
        try await call(
            "Input.dispatchMouseEvent",
            [
                "type": "mousePressed", "x": start.x, "y": start.y, "button": "left", "buttons": 1, "clickCount": 1,
                "modifiers": modifiers,
            ])
        try await call(
            "Input.dispatchMouseEvent",
            ["type": "mouseMoved", "x": end.x, "y": end.y, "button": "left", "buttons": 1, "modifiers": modifiers])
        try await call(
            "Input.dispatchMouseEvent",
            [
                "type": "mouseReleased", "x": end.x, "y": end.y, "button": "left", "buttons": 0, "clickCount": 1,
                "modifiers": modifiers,
            ])
    }

    /// The bounding rectangle of the element with `id`, in CSS pixels.
    public mutating func rect(ofElement id: String) async throws
        -> (x: Double, y: Double, width: Double, height: Double)
    {
        let value = try await evaluate(
            "(() => { const r = document.getElementById('\(id)').getBoundingClientRect();"
                + " return [r.left, r.top, r.width, r.height]; })()")
        guard let numbers = (value as? [Any])?.compactMap(number), numbers.count == 4 else {
            throw HarnessError("no rect for #\(id): \(String(describing: value))")
        }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }
}

/// A JSON number as a Double, whichever way JSONSerialization boxed it.
public func number(_ value: Any?) -> Double? {
    switch value {
    case let value as Double: value
    case let value as Int: Double(value)
    case let value as NSNumber: value.doubleValue
    default: nil
    }
}
