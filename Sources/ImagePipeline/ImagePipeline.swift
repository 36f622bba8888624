/// ImagePipeline: see docs/ARCHITECTURE.md.
enum ImagePipelineModule {}
