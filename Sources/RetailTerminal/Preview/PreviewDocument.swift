import FlowCore
import Foundation
import RetailPresentation

/// One reading of the previewed file: the page it shows (or the sheet, over an empty page)
/// with what `vitrine lint` says of it, or why it cannot be shown at all.
public enum PreviewDocument: Sendable {
    case shown(PreviewPage)
    /// Not a page a client would show (unreadable, not JSON, no `page`, unsupported schema):
    /// the reason, for the panel.
    case refused(String)
}

extension PreviewDocument {
    /// Why the decoder refused the file, in the reader's language: the sentence from `words`,
    /// the parser's data in it as it is (the line, column and byte, the character met, the
    /// schema versions), each made safe for a terminal by `safe`.
    public static func refusal(_ error: PageDecodingError, words: Words, safe: (String) -> String) -> PreviewDocument {
        let reason: String = switch error {
        case .invalidJSON(let parse):
            words(.previewNotJSON, [
                "line": String(parse.line), "column": String(parse.column), "byte": String(parse.offset),
                "problem": problem(parse.problem, words: words, safe: safe),
            ])
        case .missingRoot(let key): words(.previewNoRoot, ["key": safe(key)])
        case .unsupportedSchema(let version, let supported):
            words(.previewUnsupportedSchema, ["version": String(version), "supported": String(supported)])
        // The decoder's detail of a sheet's member, as a `contract_problem` event carries it.
        case .invalidSheet(let detail): words(.previewSheetRefused, ["reason": safe(detail)])
        }
        return .refused(words(.previewRefused, ["reason": reason]))
    }

    /// What the parser met, in `words`.
    static func problem(_ problem: JSONParseError.Problem, words: Words, safe: (String) -> String) -> String {
        switch problem {
        case .contentAfterDocument: words[.jsonAfterDocument]
        case .endOfInput, .endOfInputInObject, .endOfInputInArray, .unterminatedEscape: words[.jsonEndsEarly]
        case .unexpectedCharacter(let character): words(.jsonUnexpectedCharacter, ["character": safe(character)])
        case .expectedKey: words[.jsonExpectedKey]
        case .expectedColon: words[.jsonExpectedColon]
        case .expectedCommaOrBrace: words(.jsonExpectedSeparator, ["close": "}"])
        case .expectedCommaOrBracket: words(.jsonExpectedSeparator, ["close": "]"])
        case .invalidLiteral: words[.jsonInvalidLiteral]
        case .controlCharacterInString: words[.jsonControlCharacter]
        case .unterminatedString: words[.jsonUnterminatedString]
        case .invalidEscape(let escape): words(.jsonInvalidEscape, ["escape": safe(escape)])
        case .truncatedUnicodeEscape, .invalidHexDigit: words[.jsonUnicodeEscape]
        case .expectedDigit, .expectedDigitAfterPoint, .expectedDigitInExponent, .leadingZero: words[.jsonInvalidNumber]
        }
    }
}

/// A page the previewed file holds, and its lint report.
public struct PreviewPage: Sendable {
    public var page: PageModel
    /// A `{"sheet": …}` document is drawn presented over an empty page.
    public var sheet: SheetModel?
    /// The report's summary line (sections shown, diagnostics).
    public var summary: String
    /// One finding per diagnostic; the report's widget and section lines are `details`.
    public var diagnostics: [PreviewFinding]
    public var details: [String]
    public var diagnosticCount: Int

    public init(
        page: PageModel, sheet: SheetModel? = nil, summary: String, diagnostics: [PreviewFinding], details: [String], diagnosticCount: Int
    ) {
        self.page = page
        self.sheet = sheet
        self.summary = summary
        self.diagnostics = diagnostics
        self.details = details
        self.diagnosticCount = diagnosticCount
    }
}

/// A diagnostic as the preview's panel says it: what it means in the reader's language, where
/// (the path and widget type, the contract's names), and the decoder's detail as a
/// `contract_problem` event carries it to the backend, in English.
public struct PreviewFinding: Sendable, Hashable {
    /// What the kind of problem means, then where: `Unbekannter Widget-Typ: page.sections.0.widgets.2 (fancy)`.
    public var headline: String
    /// The decoder's own sentence, made safe for a terminal.
    public var detail: String
    /// What its kind means, alone (`Aktion abgelehnt`).
    public var meaning: String

    public init(headline: String, detail: String, meaning: String) {
        self.headline = headline
        self.detail = detail
        self.meaning = meaning
    }

    /// `diagnostic` in `words`; every payload string in it is made safe for a terminal by `safe`.
    public init(_ diagnostic: Diagnostic, words: Words, safe: (String) -> String) {
        let meaning: Word = switch diagnostic.kind {
        case .unknownType: .findingUnknownType
        case .malformedPayload: .findingMalformedPayload
        case .droppedElement: .findingDroppedElement
        case .duplicateID: .findingDuplicateID
        case .unknownArrangement: .findingUnknownArrangement
        case .incompatible: .findingIncompatible
        case .expired: .findingExpired
        case .unsupportedSchema: .findingUnsupportedSchema
        case .refusedAction: .findingRefusedAction
        case .mutationFailed: .findingMutationFailed
        }
        let place = [diagnostic.path.isEmpty ? nil : safe(diagnostic.path), diagnostic.widgetType.map { "(\(safe($0)))" }]
            .compactMap { $0 }.joined(separator: " ")
        let headline = place.isEmpty ? words[meaning] : words(.findingPlace, ["meaning": words[meaning], "place": place])
        self.init(headline: headline, detail: safe(diagnostic.message), meaning: words[meaning])
    }
}

/// What identifies a file's version without reading it: its modification time (to the
/// nanosecond), size and inode. An editor that saves by renaming a new file changes the
/// inode; one that writes in place changes the time and usually the size.
public struct FileStamp: Sendable, Hashable {
    public var seconds: Int
    public var nanoseconds: Int
    public var size: Int64
    public var inode: UInt64

    /// The stamp of the file at `path`, or `nil` when there is none to read.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }
}
