// Verbatim from docs/getting-started.md (GettingStartedGuideTests checks they agree):
// Sources/MyCarApp/Shutdown.swift
import Dispatch
import Foundation

/// The first SIGINT or SIGTERM, as an async value: await it, then stop what runs.
///
/// The signals are ignored by default handling (so the process is not killed) and watched on a dispatch queue.
func shutdownSignal() async -> Int32 {
    let (signals, continuation) = AsyncStream<Int32>.makeStream()
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number)
        source.setEventHandler { continuation.yield(number) }
        source.resume()
        sources.append(source)
    }
    var iterator = signals.makeAsyncIterator()
    let received = await iterator.next() ?? SIGTERM
    for source in sources { source.cancel() }
    return received
}
