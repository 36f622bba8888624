/// FlowRuntime: see docs/ARCHITECTURE.md.
enum FlowRuntimeModule {}
