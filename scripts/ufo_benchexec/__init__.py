"""BenchExec tool-info modules of ufo: `ufo_benchexec.ufo`."""
