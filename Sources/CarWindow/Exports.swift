// A gesture, its recognizer, the touch it is made of and the point it is at are SDLProjection types that this
// module's API hands out (the window takes touches and gives gestures); re-exported so an app that imports CarWindow
// alone can use them.
@_exported public import SDLProjection
