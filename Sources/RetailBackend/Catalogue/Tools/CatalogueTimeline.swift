import FlowCore
import Foundation

/// Which campaigns are live, starting and ending, day by day (`vitrine catalogue timeline`), and
/// which one leads the hero, for one segment and locale or for everyone.
///
/// The first day lists what is live when it starts; every day after says what changes (a
/// campaign that starts or ends, a new hero), or that nothing does. For everyone, a
/// campaign for some segments says which, and the hero is given for each segment: a VIP-only
/// hero is never shown as everyone's.
///
/// Days are calendar days of the catalogue's time zone as its clocks run them (`LocalDay`), so
/// the day clocks change has 23, 23.5, 24.5 or 25 hours, and on such a day every time is written
/// with its offset (02:30 happens twice when they fall back). The first day starts at `from`.
/// Times are the zone's wall clock.
struct CatalogueTimeline {
    let catalogue: Catalogue
    let segment: Segment?
    let locale: StoreLocale?

    private var zone: TimeZone {
        TimeZone(identifier: catalogue.settings.timeZone) ?? TimeZone(secondsFromGMT: 0)!
    }

    private var textLocale: StoreLocale {
        locale.map(catalogue.locale(for:)) ?? catalogue.settings.locales.first ?? .enUS
    }

    func lines(from start: Date, days: Int) -> [String] {
        let who = [segment?.rawValue ?? "every segment", locale?.rawValue ?? "every locale"].joined(separator: ", ")
        var lines = ["\(catalogue.settings.name): \(days) day\(days == 1 ? "" : "s") from \(Self.short(start, zone)) "
                     + "\(catalogue.settings.timeZone), \(who)"]
        var day = LocalDay(containing: start, in: zone)
        var heroes: [String: String] = [:]
        for index in 0..<max(0, days) {
            lines.append("")
            lines += self.day(day, from: max(start, day.start), isFirst: index == 0, heroes: &heroes)
            day = day.next
        }
        return lines
    }

    /// The audiences whose hero is said: the segment asked for, else every segment.
    private var audiences: [Segment] {
        segment.map { [$0] } ?? Segment.allCases
    }

    /// The campaigns the audience may see.
    private var campaigns: [Campaign] {
        catalogue.campaigns.filter { campaign in
            (segment.map { campaign.segments.isEmpty || campaign.segments.contains($0) } ?? true)
                && (locale.map { campaign.locales.isEmpty || campaign.locales.contains(catalogue.locale(for: $0)) } ?? true)
        }
    }

    /// `localDay` from `start` (its first instant, or later on the first day); `heroes` the
    /// hero of each audience when the day before ended.
    private func day(_ localDay: LocalDay, from start: Date, isFirst: Bool, heroes: inout [String: String]) -> [String] {
        let end = localDay.end
        let changes = localDay.clocksChange
        // Named by its own date: a day the clocks skip whole has no instant whose clock shows it.
        var header = "\(localDay.weekday) \(localDay.date)"
        header += start > localDay.start ? " (from \(time(start, withOffset: changes)))" : ""
        if localDay.length <= 0 {
            header += ": skipped, clocks go from UTC\(CatalogueFileReader.offset(localDay.offsetBefore))"
                + " to UTC\(CatalogueFileReader.offset(zone.secondsFromGMT(for: localDay.start)))"
        } else {
            header += changes
                ? ": \(LocalDay.hours(localDay.length)), clocks go from UTC\(CatalogueFileReader.offset(localDay.offsetBefore))"
                    + " to UTC\(CatalogueFileReader.offset(localDay.offsetAtEnd))"
                : ", UTC\(CatalogueFileReader.offset(zone.secondsFromGMT(for: localDay.start)))"
        }
        var lines = [header]
        let campaigns = self.campaigns
        if isFirst {
            for campaign in campaigns where campaign.isLive(at: start) {
                lines.append(row("live", start, campaign, changes, note: "until \(Self.weekday(campaign.end, zone)) \(Self.short(campaign.end, zone))"))
            }
        }
        let dayStart = lines.count
        func sayHeroes(at instant: Date) {
            for audience in audiences {
                let key = audience.rawValue
                let hero = hero(at: instant, among: campaigns, for: audience)
                guard hero != heroes[key], !(heroes[key] == nil && hero.isEmpty) else { continue }
                heroes[key] = hero
                let who = segment == nil ? key.padding(toLength: 10, withPad: " ", startingAt: 0) + " " : ""
                lines.append("  hero     \(time(instant, withOffset: changes))  \(who)\(hero.isEmpty ? "none" : hero)")
            }
        }
        sayHeroes(at: start)
        let events = campaigns.flatMap { campaign in
            [(campaign.window.start, "starts", campaign), (campaign.window.end, "ends", campaign)].compactMap { instant, kind, campaign in
                instant.flatMap { start < $0 && $0 < end ? ($0, kind, campaign) : nil }
            }
        }.sorted { ($0.0, $0.1 == "ends" ? 0 : 1, $0.2.id) < ($1.0, $1.1 == "ends" ? 0 : 1, $1.2.id) }
        for (instant, kind, campaign) in events {
            lines.append(row(kind, instant, campaign, changes))
            if let next = events.first(where: { $0.0 > instant })?.0, next == instant { continue }
            sayHeroes(at: instant)
        }
        if !isFirst, lines.count == dayStart { lines.append("  no change") }
        return lines
    }

    private func row(_ kind: String, _ instant: Date, _ campaign: Campaign, _ withOffset: Bool, note: String? = nil) -> String {
        let title = campaign.title[textLocale].isEmpty ? campaign.title[campaign.targetedLocales(of: catalogue.settings).first ?? .enUS] : campaign.title[textLocale]
        let padded = kind.padding(toLength: 8, withPad: " ", startingAt: 0)
        let width = min(24, catalogue.campaigns.map(\.id.utf8.count).max() ?? 0)
        let id = campaign.id.padding(toLength: max(width, campaign.id.utf8.count), withPad: " ", startingAt: 0)
        // For everyone, a campaign for some segments says which.
        let audience = segment == nil && !campaign.segments.isEmpty ? "for " + campaign.segments.map(\.rawValue).joined(separator: ", ") : nil
        let notes = [audience, note].compactMap { $0 }
        return "  \(padded) \(time(instant, withOffset: withOffset))  \(id)  \(title)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    }

    /// The hero of `audience` at `instant` under each campaign order its experiments use
    /// ("cmp-winter (a), cmp-flash (b)"), or under priority without experiments.
    private func hero(at instant: Date, among campaigns: [Campaign], for audience: Segment) -> String {
        let heroes = Set(catalogue.placements.filter { $0.content == .hero }.map { ExactString($0.id) })
        let candidates = campaigns.filter {
            $0.isLive(at: instant) && ($0.segments.isEmpty || $0.segments.contains(audience)) && $0.placements.contains { heroes.contains(ExactString($0)) }
        }
        guard !candidates.isEmpty else { return "" }
        let variants = catalogue.experiments.filter { $0.applies(to: audience) }
            .flatMap { experiment in experiment.variants.compactMap { variant in variant.campaignOrder.map { (variant.id, $0) } } }
        guard !variants.isEmpty else { return HomeComposer.sorted(candidates, by: .priority)[0].id }
        return variants.map { "\(HomeComposer.sorted(candidates, by: $0.1)[0].id) (\($0.0))" }.joined(separator: ", ")
    }

    private func time(_ instant: Date, withOffset: Bool) -> String {
        let clock = Self.wallClock(instant, zone)
        var text = String(clock.dropFirst(11).prefix(clock.hasSuffix(":00") ? 5 : 8))
        if withOffset { text += CatalogueFileReader.offset(zone.secondsFromGMT(for: instant)) }
        return text
    }

    /// `2026-01-15 10:00:00` on `zone`'s clock.
    static func wallClock(_ instant: Date, _ zone: TimeZone) -> String {
        let local = RFC3339.string(from: instant.addingTimeInterval(Double(zone.secondsFromGMT(for: instant))))
        return String(local.prefix(19)).replacingOccurrences(of: "T", with: " ")
    }

    /// `2026-01-20 10:00`, seconds when there are some.
    static func short(_ instant: Date, _ zone: TimeZone) -> String {
        let clock = wallClock(instant, zone)
        return clock.hasSuffix(":00") ? String(clock.dropLast(3)) : clock
    }

    static func weekday(_ instant: Date, _ zone: TimeZone) -> String {
        LocalDay(containing: instant, in: zone).weekday
    }
}
