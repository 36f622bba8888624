import CommandLineSupport
import FlowCore
import FlowPresentation
import Foundation
import RetailKit
import RetailPresentation

/// `vitrine render FILE|URL --accessibility`: what a screen reader reads on the page, in
/// reading order, one element a line (`role: label (value) — hint`), from the same
/// description the SwiftUI views hand VoiceOver (`VitrineApp.accessibility`, `ReadingOrder`).
/// Payload authors use it to hear their page; tests use it as the oracle.
///
/// Prices, numbers and phrases follow `--locale` (default en-US); a countdown and expiry are
/// measured from `--now` (default the current instant). A `{"sheet": …}` document reads as the
/// sheet presented. `--debug` reads unknown and malformed widgets as their placeholders, as a
/// debug build shows them. Every line has passed `AccessibilityText` (no control character,
/// bounded) and then `TerminalText.sanitized`, so nothing in it can drive the terminal.
extension RenderCommand {
    static func accessibilityLines(_ data: Data, options: Options) throws(PageDecodingError) -> [String] {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog(), makeRequestID: { "render" })
        let environment = AccessibilityEnvironment(
            locale: Locale(identifier: options.locale),
            evaluation: EvaluationContext(client: VitrineApp.clientContext, now: options.now ?? Date()),
            readsPlaceholders: options.debug)
        let reading = ReadingOrder(catalog: VitrineApp.accessibility, environment: environment)
        let elements: [AccessibilityElement]
        do {
            elements = reading.elements(of: try decoder.decodePage(data).page)
        } catch let pageError {
            guard case .missingRoot = pageError, let sheet = try? decoder.decodeSheet(data).sheet else { throw pageError }
            elements = reading.elements(of: sheet)
        }
        return elements.map { TerminalText.sanitized($0.line) }
    }
}
