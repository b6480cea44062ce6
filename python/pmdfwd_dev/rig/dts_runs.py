"""DTS runs on the rig (rig.dts_veth): one run, watched; the suites of a
run per suite; every case's result from DTS's results.json files.

After a critical error DTS says its execution has ended and then waits for
ever on its sniffer thread: past that line it gets ENDED_GRACE_S to exit by
itself, then SIGTERM (to `timeout`, which passes it on to DTS).
"""
import json
import signal
import subprocess
import time
from pathlib import Path
from typing import List, Optional, Sequence

from pmdfwd_dev import owned_process

from . import dts_files

ENDED_LINE = "DTS execution has ended"
# DTS waits 5 s for a forwarder's first prompt, then types the start command
# again, into the forwarder when it was only slow: its answer is one more
# prompt, and every later command of that forwarder reads the answer before
# its own. A loaded machine makes it happen; the run's line says so.
RETRY_LINE = "Interactive shell failed to start"
ENDED_GRACE_S = 15.0
POLL_S = 2.0


def all_suites(dts: Path) -> List[str]:
    """DTS's functional suites (no cryptodev, no _perf), by name."""
    names = sorted(p.name[len("TestSuite_"):-len(".py")] for p in (dts / "dts" / "tests").glob("TestSuite_*.py"))
    return [n for n in names if not n.startswith("cryptodev") and not n.endswith("_perf")]


def unknown_suites(dts: Path, suites: Sequence[str]) -> List[str]:
    return [s for s in suites if not (dts / "dts" / "tests" / f"TestSuite_{s}.py").is_file()]


def dts_command(dts: Path, rig: Path, out: Path, timeout_s: int, python_root: Optional[Path]) -> List[str]:
    """DTS's main.py under `timeout`, in its dts/ directory, chrooted into
    python_root when given (a root whose python3 has DTS's dependencies)."""
    cmd = ["env", f"HOME={rig}/home", "PYTHONDONTWRITEBYTECODE=1", "python3", "main.py",
           "--test-run-config-file", f"{out}/test_run.yaml", "--nodes-config-file", f"{rig}/nodes.yaml",
           "--output-dir", f"{out}/output"]
    if python_root:
        return ["timeout", str(timeout_s), "chroot", str(python_root), "sh", "-c",
                f"cd '{dts}/dts' && exec \"$@\"", "dts", *cmd]
    return ["timeout", str(timeout_s), *cmd]


def _log(out: Path) -> str:
    try:
        return (out / "output" / "dts.log").read_text(errors="replace")
    except OSError:
        return ""


def _ended(out: Path) -> bool:
    return ENDED_LINE in _log(out)


def retries(out: Path) -> str:
    """"" or what the summary line says of DTS's start retries."""
    n = _log(out).count(RETRY_LINE)
    return f"; {n} forwarder start(s) retried by DTS (answers off by one prompt after it: rerun)" if n else ""


def _exit_status(rc: int) -> int:
    """As a shell reports it: 128 + N for a death by signal N."""
    return 128 - rc if rc < 0 else rc


def run_dts(dts: Path, rig: Path, top: Path, suites: Sequence[str], out: Path, timeout_s: int,
            python_root: Optional[Path], grace_s: float = ENDED_GRACE_S, poll_s: float = POLL_S) -> int:
    """One DTS run of `suites` (all of them when empty) into out; its line
    goes to stdout and top/summary.txt. Returns DTS's exit status."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "test_run.yaml").write_text(dts_files.test_run_yaml(f"{rig}/tree", suites))
    t0 = time.monotonic()
    cwd = None if python_root else dts / "dts"
    with open(out / "dts.log", "wb") as log, owned_process.OwnedProcess(
            dts_command(dts, rig, out, timeout_s, python_root), deadline=None, cwd=cwd,
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT) as p:
        while p.proc.poll() is None:
            if _ended(out):
                try:
                    p.proc.wait(grace_s)
                except subprocess.TimeoutExpired:
                    p.proc.send_signal(signal.SIGTERM)
                break
            time.sleep(poll_s)
        rc = _exit_status(p.proc.wait())
    line = (f"DTS {','.join(suites) or 'all suites'}: exit {rc} after {int(time.monotonic() - t0)} s; "
            f"log {out}/dts.log{retries(out)}")
    print(line, flush=True)
    with open(top / "summary.txt", "a") as f:
        f.write(line + "\n")
    return rc


def cases_table(top: Path) -> str:
    """Every case's result, one line each, from the results.json files under top."""
    lines = []
    for path in sorted(str(p) for p in top.rglob("results.json")):
        with open(path) as f:
            suites = json.load(f)["test_suites"]
        for suite, sv in suites.items():
            cases = {c: v for c, v in sv.items()
                     if isinstance(v, dict) and "result" in v and c not in ("setup", "teardown")}
            for case, v in (cases or {"*": sv}).items():
                result, reason = v.get("result", "?"), v.get("reason", "")[:80]
                lines.append(f"{suite:34} {case:44} {result:6} {reason!r}")
    return "".join(line + "\n" for line in lines)


def run_all(dts: Path, rig: Path, top: Path, suites: Sequence[str], each: bool, timeout_s: int,
            python_root: Optional[Path]) -> None:
    """One DTS run for all the suites, or (each) one run per suite: DTS ends
    a whole run at the first critical error (a parser that meets a field the
    PMD does not print), so one run per suite gets every suite an answer. A
    failing DTS run is a result, not the end of the rig."""
    (top / "summary.txt").write_text("")
    start = time.monotonic()
    if each:
        for s in suites or all_suites(dts):
            run_dts(dts, rig, top, [s], top / s, timeout_s, python_root)
    else:
        run_dts(dts, rig, top, suites, top, timeout_s, python_root)
    line = f"all runs: {int(time.monotonic() - start)} s"
    print(line, flush=True)
    with open(top / "summary.txt", "a") as f:
        f.write(line + "\n")
    table = cases_table(top)
    print(table, end="", flush=True)
    (top / "cases.txt").write_text(table)
