/// What moves on screen and what does not when the reader asks for less motion (Reduce
/// Motion), decided once for every renderer.
public struct MotionPolicy: Sendable, Hashable {
    /// Whether the reader asked for reduced motion.
    public var reducesMotion: Bool

    public init(reducesMotion: Bool) {
        self.reducesMotion = reducesMotion
    }

    /// An image placeholder shimmers (`shimmer: true`) only with motion allowed; otherwise it
    /// is the still placeholder colour.
    public func shimmers(_ requested: Bool) -> Bool { requested && !reducesMotion }

    /// A toast or a sheet slides in with motion allowed, and cross-fades without.
    public var slidesTransitions: Bool { !reducesMotion }

    /// A carousel scrolled by a control (not a finger) animates the scroll only with motion allowed.
    public var animatesScrolling: Bool { !reducesMotion }

    /// The duration of a transition, in seconds: 0.25 with motion, 0 without.
    public var transitionDuration: Double { reducesMotion ? 0 : 0.25 }
}
