"""Host-side tools: simulator, gate, build, deploy, benchmarks. Never shipped."""
