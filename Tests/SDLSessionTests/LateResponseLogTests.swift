import Logging
import NIOConcurrencyHelpers
import SDLRPC
import SDLSession
import SDLWire
import Testing

/// An app that stops waiting for a request (its task was cancelled: a stream that stopped, a screen that went away)
/// still gets the head unit's answer, a moment later. That answer is expected and no error; an answer to something
/// the app never asked is one.
@Suite("A late answer to a request the app gave up on")
struct LateResponseLogTests {
    @Test(
        "the answer to a cancelled request logs no error; an answer to a request never sent still does",
        .timeLimit(.minutes(3)))
    func cancelledRequestsAnswerIsNoError() async throws {
        let records = NIOLockedValueBox<[(Logger.Level, String)]>([])
        var configuration = AppConfiguration.test()
        configuration.logger = Logger(label: "test.session") { _ in CapturingLogHandler(records: records) }
        let (requests, requestSeen) = AsyncStream.makeStream(of: UInt32.self)
        let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
        try await withSession(
            configuration,
            headUnit: { link in
                try await link.acceptSession()
                try await link.acceptRegistration()
                let request = try await link.expectRPC(.sendHapticData)
                requestSeen.yield(request.correlationID)
                for await _ in cancellations { break }
                let success = #"{"success":true,"resultCode":"SUCCESS"}"#
                try link.sendRPC(.response, .sendHapticData, correlationID: request.correlationID, json: success)
                try link.sendRPC(.response, .sendHapticData, correlationID: 4242, json: success)
                // Handled after both answers: the app knows they were read when this arrives.
                try link.notify(.onHashChange, json: #"{"hashID":"marker"}"#)
                try await link.acceptShutdown()
                await link.drain()
            }
        ) { session in
            try await session.start()
            let notifications = await session.notifications()
            let rects = [HapticRect(id: 1, x: 0, y: 0, width: 80, height: 60)]
            let haptics = Task { try await session.send(SendHapticData(hapticRectData: rects)) }
            for await _ in requests { break }
            haptics.cancel()
            let outcome = await haptics.result
            #expect(throws: (any Error).self) { try outcome.get() }
            cancelled.yield()
            for await message in notifications where message.functionID == .onHashChange { break }
            try await session.stop()
        }
        let errors = records.withLockedValue { $0.filter { $0.0 >= .error }.map(\.1) }
        #expect(errors == ["response nobody waits for"], "one error, for correlation 4242: \(errors)")
    }
}
