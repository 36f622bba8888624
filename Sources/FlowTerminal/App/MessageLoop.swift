/// The one loop of a terminal app, after Bubble Tea: everything that happens (a key, a
/// resize, a page arriving, a timer) is a `Message`; `update` changes the `State` and names
/// the `Effect`s to run; effects run outside the update (fetches, timers, writes) and what
/// they learn comes back as messages. The view is drawn from the state alone.
///
/// `update` is a pure function, so tests drive it with messages and check the state and the
/// effects, with no terminal and no clock. Messages sent while one is being handled (an
/// effect that answers at once) are queued and handled after it, in order, so `update` never
/// runs inside itself.
@MainActor
public final class MessageLoop<State, Message, Effect> {
    /// What the screen is drawn from.
    public private(set) var state: State
    private let update: (inout State, Message) -> [Effect]
    /// Runs one effect. Set before the first `send`.
    public var perform: ((Effect) -> Void)?
    /// Called after a batch of messages changed the state (the host asks for a frame).
    public var onChange: (() -> Void)?

    private var queue: [Message] = []
    private var isHandling = false

    public init(state: State, update: @escaping (inout State, Message) -> [Effect]) {
        self.state = state
        self.update = update
    }

    /// Lets the view draw with the state `inout`, for what a renderer keeps in it while drawing
    /// (a page screen's viewport, whose scrolls the renderer clamps and whose layout it records,
    /// as ratatui's stateful widgets take their state). Changes of meaning are messages, never
    /// made here; after drawing, the app sends what the frame asks for (`.presented`).
    public func drawing<Result>(_ body: (inout State) -> Result) -> Result {
        body(&state)
    }

    /// Handles `message` (and any sent meanwhile), runs their effects, then tells `onChange`.
    public func send(_ message: Message) {
        queue.append(message)
        guard !isHandling else { return }
        isHandling = true
        // Ordering: effects run after the update that named them, before the next message.
        var index = 0
        while index < queue.count {
            let effects = update(&state, queue[index])
            index += 1
            for effect in effects { perform?(effect) }
        }
        queue.removeAll(keepingCapacity: true)
        isHandling = false
        onChange?()
    }
}
