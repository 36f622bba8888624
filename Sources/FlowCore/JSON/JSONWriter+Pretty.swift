import Foundation

extension JSONWriter {
    /// `value` as indented JSON ending in a newline, for files people edit, review in a diff
    /// and are sent to by line (`file.json:12`): two spaces a level, one member or element a
    /// line, except arrays of scalars that fit `lineWidth` columns, which stay on one line
    /// (`"segments": ["new", "vip"]`). Strings are escaped as `write(string:)` does.
    public static func prettyData(for value: JSONValue, lineWidth: Int = 100) -> Data {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.writePretty(value, indent: 0, lineWidth: lineWidth)
        writer.bytes.append(0x0A)
        return Data(writer.bytes)
    }

    private mutating func writePretty(_ value: JSONValue, indent: Int, lineWidth: Int) {
        switch value {
        case .array(let elements) where elements.isEmpty:
            bytes.append(contentsOf: "[]".utf8)
        case .object(let object) where object.members.isEmpty:
            bytes.append(contentsOf: "{}".utf8)
        case .array(let elements):
            if let inline = Self.inline(elements, room: lineWidth - indent) {
                bytes.append(contentsOf: inline)
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                bytes.append(contentsOf: offset == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                appendIndent(indent + 2)
                writePretty(element, indent: indent + 2, lineWidth: lineWidth)
            }
            bytes.append(0x0A)
            appendIndent(indent)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                bytes.append(contentsOf: offset == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                appendIndent(indent + 2)
                write(string: member.key)
                bytes.append(contentsOf: ": ".utf8)
                writePretty(member.value, indent: indent + 2, lineWidth: lineWidth)
            }
            bytes.append(0x0A)
            appendIndent(indent)
            bytes.append(UInt8(ascii: "}"))
        default:
            write(value)
        }
    }

    private mutating func appendIndent(_ count: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// `[a, b, c]` on one line when every element is a scalar and it fits `room` bytes.
    private static func inline(_ elements: [JSONValue], room: Int) -> [UInt8]? {
        var writer = JSONWriter()
        writer.bytes.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            switch element {
            case .array, .object: return nil
            default: break
            }
            if offset > 0 { writer.bytes.append(contentsOf: ", ".utf8) }
            writer.write(element)
            if writer.bytes.count > room { return nil }
        }
        writer.bytes.append(UInt8(ascii: "]"))
        return writer.bytes.count <= room ? writer.bytes : nil
    }
}
