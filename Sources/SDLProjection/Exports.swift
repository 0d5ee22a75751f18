// A touch, a gesture, a hardware button and the car's appearance are ProjectionInput's types, which this module's API
// hands out; re-exported so an app that imports SDLProjection alone can use them.
@_exported public import ProjectionInput
