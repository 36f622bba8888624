// Declarations of SwiftUI's timeline views and schedules, copied from Apple's documentation
// (the path after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation

// swiftui/timelineview
@available(iOS 15.0, macOS 12.0, *)
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    // swiftui/timelineview/context
    public struct Context {
        // swiftui/timelineview/context/date
        public let date: Date
    }
}

@available(iOS 15.0, macOS 12.0, *)
extension TimelineView: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 15.0, macOS 12.0, *)
extension TimelineView where Content: View {
    // swiftui/timelineview/init(_:content:) (the page writes @ContentBuilder: the iOS 18 SDK's
    // form is @ViewBuilder with Content: View)
    nonisolated public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) { fatalError() }
}

// swiftui/timelineviewdefaultcontext
@available(iOS 15.0, macOS 12.0, *)
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

// swiftui/timelineschedule
@available(iOS 15.0, macOS 12.0, *)
public protocol TimelineSchedule {
    // swiftui/timelineschedule/mode
    typealias Mode = TimelineScheduleMode
    // swiftui/timelineschedule/entries
    associatedtype Entries: Sequence where Self.Entries.Element == Date
    // swiftui/timelineschedule/entries(from:mode:)
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

// swiftui/timelineschedulemode
@available(iOS 15.0, macOS 12.0, *)
public enum TimelineScheduleMode {
    // swiftui/timelineschedulemode/normal
    case normal
    // swiftui/timelineschedulemode/lowfrequency
    case lowFrequency
}

// swiftui/everyminutetimelineschedule (declared because TimelineViewDefaultContext names it)
@available(iOS 15.0, macOS 12.0, *)
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    // swiftui/everyminutetimelineschedule/entries-swift.struct
    public struct Entries: IteratorProtocol, Sendable, Sequence {
        // witness: swift/iteratorprotocol (Entries is an IteratorProtocol on its page)
        public mutating func next() -> Date? { fatalError() }
    }
    // swiftui/everyminutetimelineschedule/entries(from:mode:)
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> EveryMinuteTimelineSchedule.Entries { fatalError() }
}
#endif
