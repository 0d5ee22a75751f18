package import NIOCore

/// Holds a channel's `read()` requests back until a deadline: the part every handler that makes a socket read slowly
/// needs, whatever decides its pace. The emulator's ``LinkRateLimiter`` (a capped link) and `carwindow bench
/// hostile`'s one-byte-a-second head unit use it.
///
/// The handler owns the pace and asks on each `read()`; the pacer either passes the request on at once or holds it
/// and, when the deadline comes, calls the handler back to decide again (its pace may have changed meanwhile). At most
/// one request is held: NIO asks again after every read, so requests that come while one is held add nothing and are
/// dropped. Bound to the channel's event loop, as its handler is.
///
/// ```swift
/// func read(context: ChannelHandlerContext) {
///     let now = context.eventLoop.now
///     if pacer.read(context: context, notBefore: nextReadAt, now: now, retry: { self.read(context: context) }) {
///         nextReadAt = now + interval
///     }
/// }
/// func channelInactive(context: ChannelHandlerContext) {
///     pacer.cancel()
///     context.fireChannelInactive()
/// }
/// ```
package final class ReadPacer {
    /// The held request's wake-up, if one is held.
    private var held: Scheduled<Void>?

    package init() {}

    /// Passes the `read()` on if `deadline` is `nil` or has come; otherwise holds it until then.
    ///
    /// - Parameters:
    ///   - context: the handler's context, which the read goes through.
    ///   - deadline: when the next read may reach the socket; `nil` reads now.
    ///   - now: the handler's clock (the loop's `now`, or `NIODeadline.now()`).
    ///   - recheck: with a held request, wake no later than this after `now` even if the deadline is further off, so
    ///     a pace that changes (a cap lifted) is noticed in time.
    ///   - retry: runs on the event loop when the held request wakes: normally the handler's `read(context:)` again.
    /// - Returns: `true` if the read went on now, `false` if it is held (or absorbed by one already held).
    @discardableResult
    package func read(
        context: ChannelHandlerContext, notBefore deadline: NIODeadline?, now: NIODeadline,
        recheck: TimeAmount? = nil, retry: @escaping () -> Void
    ) -> Bool {
        guard let deadline, deadline > now else {
            context.read()
            return true
        }
        guard held == nil else { return false }
        let wake = recheck.map { min(deadline, now + $0) } ?? deadline
        // The callback runs on this loop, where the pacer and its handler live.
        let bound = NIOLoopBound((self, retry), eventLoop: context.eventLoop)
        held = context.eventLoop.scheduleTask(deadline: wake) {
            let (pacer, retry) = bound.value
            pacer.held = nil
            retry()
        }
        return false
    }

    /// Drops a held request (the channel closed or the handler left the pipeline): no callback runs after this.
    package func cancel() {
        held?.cancel()
        held = nil
    }
}
