/// The variant of each experiment for one shopper, packed a byte each (the variant's index
/// plus one, 0 where the experiment does not run for them), so that it keys the page cache as
/// one integer. A catalogue runs at most `capacity` experiments of at most 255 variants each
/// (the check says so).
struct ExperimentChoice: Sendable, Hashable {
    static let capacity = 8

    private(set) var packed: UInt64 = 0

    /// The variant index of experiment `index` (its place in the catalogue), if it runs.
    func variant(ofExperiment index: Int) -> Int? {
        guard index < Self.capacity else { return nil }
        let byte = Int((packed >> UInt64(index * 8)) & 0xFF)
        return byte == 0 ? nil : byte - 1
    }

    mutating func set(experiment index: Int, variant: Int) {
        guard index < Self.capacity, (0..<255).contains(variant) else { return }
        packed &= ~(0xFF << UInt64(index * 8))
        packed |= UInt64(variant + 1) << UInt64(index * 8)
    }
}

extension Catalogue {
    /// The shopper's variants: assigned by their experiment unit (or segment), or the ones the
    /// context pins by experiment and variant id (tools that compose every variant).
    func choice(for context: PageContext) -> ExperimentChoice {
        var choice = ExperimentChoice()
        for (index, experiment) in experiments.prefix(ExperimentChoice.capacity).enumerated() where experiment.applies(to: context.segment) {
            let pinned = context.variantOverrides.first { $0.key.isByteEqual(to: experiment.id) }.flatMap { pin in
                experiment.variants.firstIndex { $0.id.isByteEqual(to: pin.value) }
            }
            choice.set(experiment: index, variant: pinned ?? experiment.assign(unit: context.unit, segment: context.segment))
        }
        return choice
    }

    /// The experiments of a choice with their variants, in catalogue order.
    func assignments(_ choice: ExperimentChoice) -> [(experiment: Experiment, variant: Experiment.Variant)] {
        experiments.prefix(ExperimentChoice.capacity).enumerated().compactMap { index, experiment in
            guard let variant = choice.variant(ofExperiment: index), experiment.variants.indices.contains(variant) else { return nil }
            return (experiment, experiment.variants[variant])
        }
    }
}
