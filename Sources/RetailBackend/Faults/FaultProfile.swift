import Foundation

/// Faults to inject, for demos and tests: parsed from `vitrine serve --faults` or from a
/// request's `X-Vitrine-Fault` header. The grammar is in `docs/faults.md`:
///
///     profile := item ("," item)*        (blanks around items ignored; "" or "none" = no fault)
///     item    := "latency=" DURATION     (DURATION = digits "ms" | digits "s", at most 60 s)
///              | "error=" STATUS         (500–599; every request fails, or one in N with fail_every)
///              | "fail_every=" N         (1–1000000; one request in N fails with `error`, default 500)
///              | "truncate"              (bodies of pages cut in half: invalid JSON)
///              | "malformed_section"     (a section whose product card breaks its data contract)
///              | "unknown_section"       (a section holding a widget type no client knows)
///              | "sold_out"              (low-stock products sell out: adding one is a 409)
public struct FaultProfile: Sendable, Hashable {
    public var latency: Duration = .zero
    public var errorStatus: Int?
    public var failEvery: Int?
    public var truncate = false
    public var malformedSection = false
    public var unknownSection = false
    /// Low-stock products have sold out since the page was composed: the cart refuses them
    /// with 409 `product_unavailable` while pages still show them (the shopper's rollback).
    public var soldOut = false

    public init() {}

    /// Parses a profile; the error says which item is wrong and what is accepted.
    public init(parsing text: String) throws(FaultProfileError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed != "none" else { return }
        for rawItem in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = rawItem.trimmingCharacters(in: .whitespaces)
            let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let value = pieces.count == 2 ? pieces[1] : nil
            switch (pieces[0], value) {
            case ("latency", let value?): latency = try Self.duration(value)
            case ("error", let value?):
                guard let status = Int(value), (500...599).contains(status) else {
                    throw FaultProfileError(item: item, reason: "error takes a status from 500 to 599")
                }
                errorStatus = status
            case ("fail_every", let value?):
                guard let count = Int(value), (1...1_000_000).contains(count) else {
                    throw FaultProfileError(item: item, reason: "fail_every takes a count from 1 to 1000000")
                }
                failEvery = count
            case ("truncate", nil): truncate = true
            case ("malformed_section", nil): malformedSection = true
            case ("unknown_section", nil): unknownSection = true
            case ("sold_out", nil): soldOut = true
            case ("latency", nil), ("error", nil), ("fail_every", nil):
                throw FaultProfileError(item: item, reason: "\(pieces[0]) needs a value, as in \(pieces[0])=…")
            case ("truncate", _?), ("malformed_section", _?), ("unknown_section", _?), ("sold_out", _?):
                throw FaultProfileError(item: item, reason: "\(pieces[0]) takes no value")
            default:
                throw FaultProfileError(
                    item: item,
                    reason: "unknown fault; known: latency=<n>ms|<n>s, error=<5xx>, fail_every=<n>, truncate, malformed_section, unknown_section, sold_out")
            }
        }
    }

    /// Whether the profile asks for anything at all.
    public var isEmpty: Bool { self == FaultProfile() }

    /// The profile with every fault of `other` added (its values win).
    func merged(with other: FaultProfile) -> FaultProfile {
        var merged = self
        if other.latency > .zero { merged.latency = other.latency }
        if let status = other.errorStatus { merged.errorStatus = status }
        if let count = other.failEvery { merged.failEvery = count }
        merged.truncate = truncate || other.truncate
        merged.malformedSection = malformedSection || other.malformedSection
        merged.unknownSection = unknownSection || other.unknownSection
        merged.soldOut = soldOut || other.soldOut
        return merged
    }

    /// Bits of the faults that change a composition (part of the page cache key).
    var compositionBits: UInt8 {
        (malformedSection ? 1 : 0) | (unknownSection ? 2 : 0)
    }

    private static func duration(_ text: String) throws(FaultProfileError) -> Duration {
        let (digits, unit): (Substring, Duration) =
            text.hasSuffix("ms") ? (text.dropLast(2), .milliseconds(1)) : text.hasSuffix("s") ? (text.dropLast(1), .seconds(1)) : ("", .zero)
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let count = Int(digits), unit > .zero else {
            throw FaultProfileError(item: "latency=\(text)", reason: "latency takes a duration like 300ms or 2s")
        }
        let latency = unit * count
        guard latency <= .seconds(60) else {
            throw FaultProfileError(item: "latency=\(text)", reason: "latency is at most 60s")
        }
        return latency
    }
}

/// An invalid fault profile: which item, and why.
public struct FaultProfileError: Error, CustomStringConvertible, Equatable {
    public var item: String
    public var reason: String

    public var description: String {
        "invalid fault profile item '\(item)': \(reason)"
    }
}
