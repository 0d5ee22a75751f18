/// One request on a media service's control path. The engine runs them one at a time, in order, so an EndService
/// never overtakes the StartService before it.
package enum MediaControlJob<Request: Sendable, Notice: Sendable>: Sendable {
    /// Send StartService with `Request` and feed the answer back with this attempt number.
    case startService(attempt: Int, Request)
    /// Send EndService and feed the answer back with this attempt number.
    case endService(attempt: Int)
    /// Answer the head unit's EndService with EndServiceACK.
    case acknowledgeEndService
    /// Send a notification that belongs to the service (video: OnAppCapabilityUpdated).
    case notify(Notice)
}
