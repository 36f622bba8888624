/// RetailBackend: see docs/ARCHITECTURE.md.
enum RetailBackendModule {}
