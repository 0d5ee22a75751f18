// CarWindow is the view toolkit projected: an app that imports CarWindow alone gets the toolkit (CarWindowUI, with
// ProjectionInput's touches, gestures and buttons) and the projection it runs in (SDLProjection).
@_exported public import CarWindowUI
@_exported public import SDLProjection
