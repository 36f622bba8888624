/// The rule the widget registries of an app keep together: each names the same widget types,
/// and none names one twice. A registry here is a name, for the message, and the type names it
/// holds, in any order. Type names compare as bytes, as the contract compares them.
public enum RegistryCoverage {
    /// What breaks the rule among `registries`, measured against the first: a type another
    /// registry lacks, a type the first lacks, a type named twice. Empty when the rule holds.
    public static func problems(_ registries: [(name: String, types: [String])]) -> [String] {
        guard let reference = registries.first else { return [] }
        var problems: [String] = []
        for registry in registries {
            var seen: [[UInt8]: String] = [:]
            for type in registry.types where seen.updateValue(type, forKey: Array(type.utf8)) != nil {
                problems.append("\(registry.name) names '\(type)' twice")
            }
        }
        let expected = Set(reference.types.map { Array($0.utf8) })
        for registry in registries.dropFirst() {
            let held = Set(registry.types.map { Array($0.utf8) })
            for missing in expected.subtracting(held).map({ String(decoding: $0, as: UTF8.self) }).sorted() {
                problems.append("\(registry.name) lacks '\(missing)', which \(reference.name) has")
            }
            for extra in held.subtracting(expected).map({ String(decoding: $0, as: UTF8.self) }).sorted() {
                problems.append("\(registry.name) has '\(extra)', which \(reference.name) lacks")
            }
        }
        return problems
    }
}
