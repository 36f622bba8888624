import FlowPresentation

/// The one rule for server text (`FlowPresentation.SafeText`), under the name the terminal
/// renderer and its callers have always used: it lives in FlowPresentation so that every
/// renderer's accessibility description applies the same rule, never a copy of it.
public typealias SafeText = FlowPresentation.SafeText
import FlowPresentation

/// The markdown subset (`FlowPresentation.InlineMarkdown`) under the name the terminal uses.
public typealias InlineMarkdown = FlowPresentation.InlineMarkdown
