import FlowCore
import Foundation
import RetailBackend

/// Which clients would get a fallback, or nothing, in place of what (`vitrine catalogue
/// preview`): the page composed for each client that covers a requirement outcome of the
/// catalogue, against the page a client that meets every requirement gets.
///
/// Read from the pages themselves, as a client receives them: a section the capable client
/// gets and this one does not is left out; a node whose `fallback` this one gets instead is
/// replaced. What each needs is the capable page's `requires` of that node.
enum PreviewFallbacks {
    static func lines(backend: HomeBackend, context: PageContext, at instant: Date) -> [String] {
        let capable = backend.capableClient
        guard let full = page(backend, context, version: capable.version, capabilities: capable.capabilities, at: instant) else { return [] }
        var clients = backend.representativeClients
        let own = (context.appVersion.description, context.capabilities.sorted())
        if !clients.contains(where: { $0.version == own.0 && $0.capabilities == own.1 }) { clients.append(own) }
        return clients.map { client in
            let name = "app \(client.version)" + (client.capabilities.isEmpty ? "" : " with \(client.capabilities.joined(separator: ", "))")
                + (client.version == own.0 && client.capabilities == own.1 ? " (this preview's client)" : "")
            guard let got = page(backend, context, version: client.version, capabilities: client.capabilities, at: instant) else {
                return "\(name): the page cannot be composed"
            }
            let changes = differences(full: full, got: got)
            return "\(name): " + (changes.isEmpty ? "everything" : changes.joined(separator: "; "))
        }
    }

    private static func page(_ backend: HomeBackend, _ context: PageContext, version: String, capabilities: [String], at instant: Date) -> [JSONValue]? {
        var context = context
        context.appVersion = AppVersion(version) ?? PageContext.unknownVersion
        context.capabilities = Set(capabilities)
        guard let data = try? backend.wholePage(context: context, at: instant), let document = try? JSONParser.parse(data) else { return nil }
        return document["page"]?["sections"]?.arrayValue ?? []
    }

    /// What `got` lacks or replaces of `full`.
    static func differences(full: [JSONValue], got: [JSONValue]) -> [String] {
        var changes: [String] = []
        for section in full {
            guard let id = section["id"]?.stringValue else { continue }
            guard let other = got.first(where: { $0["id"]?.stringValue == id }) else {
                changes.append("no \(id) section (\(needs(section["requires"])))")
                continue
            }
            let ids = Set((other["widgets"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
            if let fallback = section["fallback"]?["id"]?.stringValue, ids == [fallback] {
                changes.append("\(id): its fallback card (\(needs(section["requires"])))")
                continue
            }
            for widget in section["widgets"]?.arrayValue ?? [] {
                guard let fallback = widget["fallback"]?["id"]?.stringValue, ids.contains(fallback) else { continue }
                changes.append("\(id): the fallback card of \(widget["id"]?.stringValue ?? "?") (\(needs(widget["requires"])))")
            }
        }
        return changes
    }

    /// "needs app 2.6.0 and video"
    static func needs(_ requires: JSONValue?) -> String {
        guard let requires else { return "not composed for it" }
        var parts: [String] = []
        if let version = requires["min_app_version"]?.stringValue { parts.append("app \(version)") }
        parts += (requires["capabilities"]?.arrayValue ?? []).compactMap(\.stringValue)
        return parts.isEmpty ? "needs nothing" : "needs " + parts.joined(separator: " and ")
    }
}
