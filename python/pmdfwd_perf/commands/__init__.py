"""scripts/perf's subcommands, one module per family: run (run, compare,
machine), icount, doc, results (report, baseline, check), record (the store,
import), trend (history, trend), bisect. Each cmd_* takes the parsed
arguments and returns the exit status."""
