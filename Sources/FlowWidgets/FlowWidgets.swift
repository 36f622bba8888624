/// FlowWidgets: see docs/ARCHITECTURE.md.
enum FlowWidgetsModule {}
