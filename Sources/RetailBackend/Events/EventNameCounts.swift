/// Accepted events counted by name, in a table of at most `capacity` names kept by the
/// space-saving rule, so that junk names cannot hold the table for the life of the process.
///
/// Each name in the table has the events counted since it entered (`count`, exact) and the
/// weight it entered with (`floor`). A name not in the table, when it is full, takes the place
/// of the one of least `floor + count`, whose events move to `(other)`, and enters with that
/// weight as its floor. So a name with more than a `1/capacity` share of all events is always
/// in the table, while a flood of ever-new names only churns the least-counted places; every
/// event is counted once, under its name or under `(other)`. A client's own `(other)` counts
/// there too.
struct EventNameCounts: Sendable {
    static let other = ExactText("(other)")

    let capacity: Int
    /// The table's places: a name, its events since it entered, and the weight it entered with.
    private var names: [ExactText] = []
    private var counts: [Int] = []
    private var floors: [Int] = []
    private var places: [ExactText: Int] = [:]
    private(set) var otherCount = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    mutating func count(_ name: ExactText) {
        if name == Self.other {
            otherCount += 1
        } else if let place = places[name] {
            counts[place] += 1
        } else if names.count < capacity {
            places[name] = names.count
            names.append(name)
            counts.append(1)
            floors.append(0)
        } else {
            // A scan of at most `capacity` integers, only for a name not in the table; the
            // first place of least weight goes.
            var least = 0
            for place in 1..<names.count where floors[place] + counts[place] < floors[least] + counts[least] {
                least = place
            }
            otherCount += counts[least]
            floors[least] += counts[least]
            counts[least] = 1
            places[names[least]] = nil
            names[least] = name
            places[name] = least
        }
    }

    /// Names with their counts, and `(other)` when it has any.
    var all: [(name: ExactText, count: Int)] {
        Array(zip(names, counts)) + (otherCount > 0 ? [(Self.other, otherCount)] : [])
    }
}
