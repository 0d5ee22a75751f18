/// Names one animatable property of one object. A new animation on the same key cancels the running one, so
/// the value never has two animations fighting over it.
///
/// ```swift
/// let key = AnimationKey(gauge, "needle")
/// window.animate(key, from: 0.0, to: 120.0, animation: .default) { gauge.speed = $0 }
/// ```
public struct AnimationKey: Hashable, Sendable {
    let object: ObjectIdentifier
    let property: String

    /// The key of `property` of `object`; the object is not retained.
    public init(_ object: AnyObject, _ property: String) {
        self.object = ObjectIdentifier(object)
        self.property = property
    }
}
