// The service events, the session adapter and its failure are SDLMediaService types that this module's API hands
// out (as its own names: the events, the session connection); re-exported so a caller that imports this module
// alone can use their cases and members.
@_exported public import SDLMediaService
