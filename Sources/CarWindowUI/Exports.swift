// A window takes touches, gestures and hardware buttons and is drawn for the car's appearance: ProjectionInput's
// types, which this module's API hands out; re-exported so an app that imports CarWindowUI alone can use them.
@_exported public import ProjectionInput
