/// What the terminal tells an app: input, a new size, or that the input has ended.
public enum TerminalEvent: Sendable, Hashable {
    case input(InputEvent)
    case resized(columns: Int, rows: Int)
    /// The terminal went away (its input ended): the app should quit.
    case inputClosed
}

/// A frame as an app wants it shown: the cells (with the cursor and the scroll hint) and the
/// terminal modes, which are data like the rest of the view, reconciled on every frame.
public struct TerminalView: Sendable {
    public var frame: Frame
    public var modes: TerminalModes

    public init(frame: Frame, modes: TerminalModes = TerminalModes()) {
        self.frame = frame
        self.modes = modes
    }
}

/// Runs an app on a `TerminalSession`: reads and decodes its input off the main actor, turns a
/// lone Esc into the Escape key after `escapeDelay`, notices resizes and returns from
/// suspension, and draws frames on demand through a `FrameScheduler` and a `TerminalWriter`.
///
/// The app gives it `onEvent` (what happened) and `view` (what to draw at a size), and calls
/// `setNeedsFrame()` when its state changed. `run()` returns after `stop()` or when the input
/// ends; the caller then ends the session, which restores the terminal.
@MainActor
public final class TerminalHost {
    public let session: TerminalSession
    /// Called with each event, on the main actor.
    public var onEvent: ((TerminalEvent) -> Void)?
    /// Draws the app at a size. Called only when a frame is due.
    public var view: ((_ columns: Int, _ rows: Int) -> TerminalView)?
    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
    /// Default 40 ms.
    public var escapeDelay: Duration = .milliseconds(40)
    /// The terminal's size as last measured.
    public private(set) var size: (columns: Int, rows: Int)

    private var writer: TerminalWriter
    private var decoder = InputDecoder()
    private var modes: TerminalModes
    private let clock: any Clock<Duration>
    private var scheduler: FrameScheduler?
    private var reader: InputReader?
    private var escapeTimer: Task<Void, Never>?
    private var typedAhead: [UInt8]
    private var isStopped = false

    /// - Parameters:
    ///   - session: the terminal, already started with `modes`.
    ///   - colorDepth: what the terminal shows (`TerminalProfile.detect`).
    ///   - synchronizedOutput: whether frames are wrapped in mode 2026.
    ///   - typedAhead: input read before the host started (keys typed during a probe).
    ///   - clock: frames, the Esc delay.
    public init(
        session: TerminalSession, modes: TerminalModes = TerminalModes(), colorDepth: ColorDepth, synchronizedOutput: Bool,
        typedAhead: [UInt8] = [], clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.session = session
        self.modes = modes
        self.clock = clock
        self.typedAhead = typedAhead
        writer = TerminalWriter(colorDepth: colorDepth, usesSynchronizedOutput: synchronizedOutput)
        writer.assumeCursorHidden()
        size = session.size() ?? (80, 24)
    }

    /// The state changed: a frame will be drawn, at most 60 a second; with `immediately`, at
    /// the next turn whatever that cap (`FrameScheduler.setNeedsFrame(immediately:)`).
    public func setNeedsFrame(immediately: Bool = false) {
        scheduler?.setNeedsFrame(immediately: immediately)
    }

    /// Reads input and draws until `stop()` or the end of the input; at once when stopped
    /// before it runs.
    public func run() async {
        guard !isStopped else { return }
        let scheduler = FrameScheduler(clock: clock) { [weak self] in self?.draw() }
        self.scheduler = scheduler
        let reader = InputReader(input: session.input, wake: session.wakeDescriptor)
        self.reader = reader
        scheduler.setNeedsFrame()
        if !typedAhead.isEmpty {
            receive(typedAhead)
            typedAhead = []
        }
        for await chunk in reader.chunks {
            guard !isStopped else { break }
            switch chunk {
            case .bytes(let bytes): receive(bytes)
            case .wake: wake()
            case .closed: onEvent?(.inputClosed)
            }
        }
        shutDownReader()
    }

    /// Ends `run()` (or, called before it, makes it return at once): no more events are
    /// delivered and no more frames drawn.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        escapeTimer?.cancel()
        shutDownReader()
    }

    /// Draws the current view now (the last frame before exit, a test).
    public func draw() {
        guard !isStopped, let view else { return }
        let shown = view(size.columns, size.rows)
        if shown.modes != modes {
            session.write(modes.transition(to: shown.modes))
            modes = shown.modes
        }
        let bytes = writer.encode(shown.frame)
        if !bytes.isEmpty { session.write(bytes) }
    }

    private func shutDownReader() {
        reader?.stop()
        reader = nil
    }

    private func receive(_ bytes: [UInt8]) {
        escapeTimer?.cancel()
        escapeTimer = nil
        for event in decoder.decode(bytes) {
            guard !isStopped else { return }
            onEvent?(.input(event))
        }
        guard decoder.hasPending else { return }
        let delay = escapeDelay
        let clock = self.clock
        escapeTimer = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(for: delay, tolerance: nil)
            } catch {
                return
            }
            self?.flushEscape()
        }
    }

    private func flushEscape() {
        escapeTimer = nil
        for event in decoder.flushPendingEscape() where !isStopped {
            onEvent?(.input(event))
        }
    }

    private func wake() {
        session.drainWakeups()
        if session.takeRepaintRequest() {
            writer.invalidate()
            setNeedsFrame()
        }
        if session.takeResize(), let measured = session.size() {
            size = measured
            writer.invalidate()
            onEvent?(.resized(columns: measured.columns, rows: measured.rows))
            setNeedsFrame()
        }
    }
}
