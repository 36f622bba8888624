import FlowCore
import Foundation

/// What `vitrine catalogue preview` asks of a backend.
extension HomeBackend {
    /// The whole of a page (every section, no pagination) for `context` at `instant`, as one
    /// response: what the preview draws and lints.
    public func wholePage(_ pageID: String = "home", context: PageContext, at instant: Date) throws -> Data {
        let snapshot = catalogues.current
        let choice = snapshot.catalogue.choice(for: context)
        let composition = try composition(pageID, context: context, choice: choice, at: instant, faultBits: 0, in: snapshot)
        return PageWriter.encode(composition, offset: 0, pageSize: max(1, composition.sections.count)).body(requestID: "preview")
    }

    /// App versions and capability sets that cover every requirement outcome of the catalogue
    /// serving now: the clients a preview compares.
    public var representativeClients: [(version: String, capabilities: [String])] {
        Self.representativeClients(of: catalogue).map { ($0.version, $0.capabilities.sorted()) }
    }

    /// A client that meets every requirement of the catalogue serving now.
    public var capableClient: (version: String, capabilities: [String]) {
        let entries = catalogue.requirements.entries
        let version = entries.compactMap(\.minAppVersion).max() ?? AppVersion(major: 1)
        return (version.description, Array(Set(entries.flatMap(\.capabilities))).sorted())
    }
}
