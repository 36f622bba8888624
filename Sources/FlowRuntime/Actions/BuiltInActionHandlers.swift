import FlowCore

/// The built-in actions of Flow-UI: `toast`, `dismiss`, `refresh_page`, `open_bottom_sheet`
/// (here) and `api` (`APIActionHandler`).
enum BuiltInActionHandlers {
    /// Oldest first, as the dispatcher registers them.
    @MainActor
    static var all: [any ActionHandler] {
        [
            ClosureActionHandler(name: "built-in toast", types: [BuiltInActionType.toast]) { action, context in
                do throws(DecodingFailure) {
                    context.toasts.show(try action.decode(ToastAction.self))
                } catch {
                    context.refuse(error.message)
                }
            },
            ClosureActionHandler(name: "built-in dismiss", types: [BuiltInActionType.dismiss]) { _, context in
                context.sheets.dismiss()
            },
            ClosureActionHandler(name: "built-in refresh_page", types: [BuiltInActionType.refreshPage]) { _, context in
                guard let store = context.store else {
                    context.refuse("no page to refresh")
                    return
                }
                store.refresh()
            },
            ClosureActionHandler(name: "built-in open_bottom_sheet", types: [BuiltInActionType.openBottomSheet]) { action, context in
                openSheet(action, context: context)
            },
            APIActionHandler(),
        ]
    }

    @MainActor
    private static func openSheet(_ action: ActionData, context: ActionContext) {
        do {
            let payload = try action.decode(OpenBottomSheetAction.self)
            let decoded = try context.decoder.decodeSheet(payload.sheet)
            context.report(decoded.diagnostics, source: .sheet(id: decoded.sheet.id))
            guard context.sheets.present(decoded.sheet) else {
                context.refuse("\(context.sheets.entries.count) sheets are open already, the most allowed")
                return
            }
        } catch let failure as DecodingFailure {
            context.refuse(failure.message)
        } catch {
            context.refuse("the sheet could not be read: \(error)")
        }
    }
}
