"""A stand-in for DTS's main.py (tests/python/test_dts_rig.py): records what
a DTS run would find on the rig, writes one results.json, says it has ended.
A suite named "hold" holds a lock and waits (to be killed with the rig)."""
import argparse
import fcntl
import json
import os
import pathlib
import subprocess
import time

ap = argparse.ArgumentParser()
ap.add_argument("--test-run-config-file")
ap.add_argument("--nodes-config-file")
ap.add_argument("--output-dir")
a = ap.parse_args()
out = pathlib.Path(a.output_dir)
out.mkdir(parents=True, exist_ok=True)
run = pathlib.Path(a.test_run_config_file).read_text()
suites = [line.split("- ")[1] for line in run.splitlines() if line.startswith("  - ") and "<->" not in line]

if "hold" in suites:
    lock = open(out.parent / "hold.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    (out.parent / "holding").write_text(str(os.getpid()))
    while True:
        time.sleep(1)


def sh(cmd):
    return subprocess.run(cmd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout


seen = {
    "links": sorted(line.split(":")[1].strip().split("@")[0] for line in sh("ip -o link").splitlines()),
    "run_dpdk": [line.split()[2] for line in open("/proc/mounts") if line.split()[1] == "/run/dpdk"],
    "lshw": json.loads(sh("PATH=/usr/local/sbin:$PATH lshw -json")),
    "sudo": sh("PATH=/usr/local/sbin:$PATH sudo -E -- echo as root").strip(),
    "nodes": pathlib.Path(a.nodes_config_file).read_text(),
    "run": run,
    "init": sh("cat /proc/1/cmdline | tr '\\0' ' '"),
}
(out / "seen.json").write_text(json.dumps(seen))
results = {"test_suites": {s: {"test_case_a": {"result": "PASS"}} for s in suites or ["all"]}}
(out / "results.json").write_text(json.dumps(results))
(out / "dts.log").write_text("DTS execution has ended\n")
