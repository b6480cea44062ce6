"""pmdfwd's performance tool (scripts/perf is its entry point): rigs and
runs (rigs, runner, matrix, subjects, machine; a subject in a Debian root
through pmdfwd_dev.roots.enter), statistics and
verdicts (stats, report, baseline), callgrind counts (icount), the results
store and trends (store, history, changepoint, trend, bisect, checkouts),
doc/performance.md (docgen), and the command line (arguments, cli,
commands)."""
