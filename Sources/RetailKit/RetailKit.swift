/// RetailKit: see docs/ARCHITECTURE.md.
enum RetailKitModule {}
