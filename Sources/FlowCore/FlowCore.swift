/// FlowCore: see docs/ARCHITECTURE.md.
enum FlowCoreModule {}
