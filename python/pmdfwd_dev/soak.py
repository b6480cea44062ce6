"""Soak test: pmdfwd -i on a two-port net_ring loopback, driven through its
stdin pipe for a given time, cycling start/stop with `set fwd io`<->`macswap`,
the macswap kernels and `set burst` changed while stopped. After every cycle:

  - every stream: rx + generated = tx + dropped + consumed (JSON stats);
  - the streams received what the ports received, and sent what the ports
    sent less the tx_first bursts (nothing counted twice or lost);
  - mbufs in use (`show mempool`) = what sits in the loopback rings
    (packets the ports transmitted and did not receive back);
  - resident memory no more than --rss-slack-kb above the first cycle's;
  - open file descriptors (/proc/PID/fd) no more than the first cycle's;
  - every third cycle the ports are stopped and started again (every sixth
    with their descriptor counts changed, so queues are set up again): in
    use must not move, and the next cycle forwards as before.

While each cycle forwards, flow rules churn on port 0 (--flow-rules a
cycle): `set raw_encap`, `flow validate` and `flow create` of rules of
several items and actions, a malformed rule (refused by the parser, the
shell goes on), an indirect action created and destroyed, then the rules
destroyed one by one or flushed: `flow list 0` must show every rule the PMD
took and, after, none. A PMD without rte_flow (net_ring) refuses each rule
with its error; the parser, the rule store and the error paths churn all
the same, under the memory and descriptor checks.

At the end an rxonly cycle drains the rings: in use must be 0 again.
Prints one line per cycle and a summary; exits 1 on the first violation.

  scripts/soak.sh [--seconds N | --minutes N] [--bin build/pmdfwd]
  scripts/soak.sh --seconds 10 --lcores '0@0,(1-4)@(0,1)' --queues 4 --cores 4
"""
import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

from pmdfwd_dev import shell as shell_driver  # its forwarder dies with this script

PROMPT = "pmdfwd> "
BURSTS = [16, 32, 64, 128]
TX_FIRST = 4


class Shell(shell_driver.Shell):
    """pmdfwd -i on a two-port net_ring loopback, driven through its stdin
    pipe (pmdfwd_dev.shell, the end-to-end tests' driver); a command's
    output is everything printed up to the next prompt, its echo left out."""

    def __init__(self, binary, prefix, lcores, queues, cores, deadline):
        # A net_ring vdev has 16 queues, queue i transmitting into its own
        # RX ring i: a loopback per queue.
        args = [binary, "--lcores", lcores, "--no-pci", "--no-huge", "-m", "512", "--no-shconf",
                "--file-prefix", prefix, "--vdev", "net_ring0", "--vdev", "net_ring1",
                "--", "-i", "--stats-format=json", f"--rxq={queues}", f"--txq={queues}",
                f"--nb-cores={cores}"]
        # Interactive: --run-time does not apply, the deadline does.
        super().__init__(args, prefix=prefix, deadline=deadline)
        self.start(60)

    def until_prompt(self, timeout=60):
        try:
            return super().until_prompt(timeout)
        except shell_driver.ShellError as e:
            raise SystemExit(f"soak: {e}") from None

    def run(self, line, timeout=30):
        out = super().run(line, timeout)
        # The piped shell echoes the line after the prompt.
        return out[len(line) + 1:] if out.startswith(line) else out

    def rss_kb(self):
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def fds(self):
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))


def json_line(out, key):
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{") and key in line:
            return json.loads(line)
    raise SystemExit(f"soak: no JSON with {key} in:\n{out}")


def in_use(shell):
    out = shell.run("show mempool")
    pools = [json.loads(ln) for ln in out.splitlines() if ln.strip().startswith('{"mempool"')]
    if not pools:
        raise SystemExit(f"soak: `show mempool` printed no pool:\n{out}")
    return sum(p["in_use"] for p in pools)


def usable_kernels(shell):
    out = shell.run("show fwd macswap")
    return re.findall(r"^\s+(\S+)\s+usable$", out, re.M)


def must(ok, what, cycle, detail):
    if not ok:
        print(f"soak: cycle {cycle}: {what}\n{detail}", file=sys.stderr)
        raise SystemExit(1)


# Rules of several items and actions; {n} varies per rule.
FLOW_RULES = [
    "ingress pattern eth / ipv4 src is 10.0.0.{n} / udp dst is 4789 / end "
    "actions queue index 0 / count / end",
    "ingress pattern eth / ipv6 dst is ::{n} / tcp / end actions drop / end",
    "ingress pattern eth / vlan tci is {n} / end actions mark id {n} / rss / end",
    "ingress pattern eth / ipv4 / udp / vxlan vni is {n} / end actions raw_decap index 1 / "
    "queue index 0 / end",
]


def rule_ids(out):
    """The rule ids `flow list` shows (one row each after its header)."""
    return [int(m) for m in re.findall(r"^(\d+)\s", out, re.M)]


def flow_churn(shell, cycle, nb_rules):
    """Creates, lists and removes flow rules on port 0; returns how many the
    PMD took and how many it refused."""
    for cmd in (f"set raw_encap 1 eth / ipv4 / udp / vxlan vni is {cycle % 4096} / end_set",
                "set raw_decap 1 eth / ipv4 / udp / vxlan / end_set"):
        out = shell.run(cmd)
        must("rror" not in out and "Bad" not in out, f"`{cmd}` refused", cycle, out)
    created = refused = 0
    for i in range(nb_rules):
        rule = FLOW_RULES[i % len(FLOW_RULES)].format(n=(cycle * nb_rules + i) % 250 + 1)
        for verb in ("validate", "create"):
            out = shell.run(f"flow {verb} 0 {rule}")
            took = re.search(r"^Flow rule (#\d+ created|validated)", out, re.M)
            must(took or "Caught PMD error" in out,
                 f"`flow {verb}` neither taken nor refused by the PMD", cycle, out)
        created += 1 if took else 0
        refused += 0 if took else 1
    out = shell.run("flow create 0 ingress pattern eth / nosuchitem / end actions drop / end")
    must(out.startswith("Bad arguments"), "a malformed rule was not refused", cycle, out)
    out = shell.run("flow indirect_action 0 create action_id 7 ingress action count / end")
    must("Indirect action #7" in out, "indirect action neither made nor undone", cycle, out)
    shell.run("flow indirect_action 0 destroy action_id 7")
    ids = rule_ids(shell.run("flow list 0"))
    must(len(ids) == created, f"`flow list 0` shows {len(ids)} rules, {created} created",
         cycle, "")
    if cycle % 2:
        shell.run("flow flush 0")
    else:
        for rid in ids:
            out = shell.run(f"flow destroy 0 rule {rid}")
            must(f"Flow rule #{rid} destroyed" in out, f"rule {rid} not destroyed", cycle, out)
    left = rule_ids(shell.run("flow list 0"))
    must(not left, f"{len(left)} flow rules left after removing them all", cycle, str(left))
    return created, refused


def check_stats(stats, cycle, tx_first=0):
    for s in stats["streams"]:
        must(s["rx_packets"] + s["engine_generated"]
             == s["tx_packets"] + s["tx_dropped"] + s["engine_consumed"],
             "a stream lost packets from its counters", cycle, json.dumps(s))
    srx = sum(s["rx_packets"] for s in stats["streams"])
    prx = sum(p["rx_packets"] for p in stats["ports"])
    must(srx == prx, f"streams received {srx}, ports {prx}", cycle, json.dumps(stats))
    # The ports sent what the streams sent, plus the tx_first bursts.
    stx = sum(s["tx_packets"] for s in stats["streams"])
    ptx = sum(p["tx_packets"] for p in stats["ports"])
    must(ptx - stx == tx_first, f"ports sent {ptx}, streams {stx}, tx_first {tx_first}", cycle,
         json.dumps(stats))
    # What the ports sent and did not receive back is still in the rings.
    return ptx - prx


def main(argv=None, tree=None):
    """The command (argv: sys.argv[1:] by default); tree: the source tree
    whose build/pmdfwd is the default binary (default: this package's)."""
    tree = tree or Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--bin", default=os.environ.get("PMDFWD_BIN", str(tree / "build" / "pmdfwd")))
    ap.add_argument("--forward-ms", type=int, default=300, help="forwarding time per cycle")
    ap.add_argument("--lcores", default="0-1",
                    help="EAL --lcores, e.g. '0@0,(1-4)@(0,1)': 4 forwarding lcores on 2 CPUs")
    ap.add_argument("--queues", type=int, default=1, help="RX and TX queues per port")
    ap.add_argument("--cores", type=int, default=1, help="forwarding lcores (--nb-cores)")
    ap.add_argument("--flow-rules", type=int, default=8,
                    help="flow rules created and removed per cycle (0: no flow churn)")
    ap.add_argument("--rss-slack-kb", type=int,
                    default=int(os.environ.get("SOAK_RSS_SLACK_KB", "4096")))
    args = ap.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else args.minutes * 60

    sh = Shell(args.bin, f"pmdfwd-soak-{os.getpid()}", args.lcores, args.queues, args.cores,
               deadline=seconds + 300)
    try:
        soak(sh, seconds, args)
    finally:
        sh.close()


def restart_ports(shell, cycle, used, reconfigure):
    """port stop/start (testpmd's life cycle) leaks and loses nothing."""
    cmds = ["port stop all"]
    if reconfigure:
        cmds += [f"port config all rxd {512 if cycle % 12 else 1024}",
                 f"port config all txd {512 if cycle % 12 else 1024}"]
    cmds += ["port start all"]
    for cmd in cmds:
        out = shell.run(cmd)
        must("rror" not in out and "ail" not in out and "lease" not in out,
             f"`{cmd}` refused", cycle, out)
    after = in_use(shell)
    must(after == used, f"{after} mbufs in use after a port restart, {used} before", cycle, "")


def soak(shell, seconds, args):
    kernels = usable_kernels(shell)
    must(kernels, "no usable macswap kernel listed", 0, "")
    start_in_use = in_use(shell)
    must(start_in_use == 0, f"{start_in_use} mbufs in use before any start", 0, "")
    t0 = time.monotonic()
    cycle, rss0, rss, fds0, fds, forwarded = 0, None, None, None, None, 0
    rules_created = rules_refused = 0
    while time.monotonic() - t0 < seconds:
        cycle += 1
        mode = "macswap" if cycle % 2 else "io"
        burst = BURSTS[cycle % len(BURSTS)]
        kernel = kernels[(cycle // 2) % len(kernels)]
        for cmd in (f"set fwd {mode}", f"set burst {burst}", f"set macswap kernel {kernel}"):
            out = shell.run(cmd)
            must("rror" not in out and "nknown" not in out and "lease stop" not in out,
                 f"`{cmd}` refused", cycle, out)
        out = shell.run(f"start tx_first {TX_FIRST}")
        must("packet forwarding" in out, "start failed", cycle, out)
        started = time.monotonic()
        if args.flow_rules:
            made, refused = flow_churn(shell, cycle, args.flow_rules)
            rules_created += made
            rules_refused += refused
        time.sleep(max(0.0, args.forward_ms / 1000 - (time.monotonic() - started)))
        stats = json_line(shell.run("stop"), '"fwd_stats"')
        parked = check_stats(stats, cycle, TX_FIRST * burst * len(stats["streams"]))
        used = in_use(shell)
        must(used == parked, f"{used} mbufs in use, {parked} in the rings", cycle, json.dumps(stats))
        rss = shell.rss_kb()
        rss0 = rss if rss0 is None else rss0
        must(rss - rss0 <= args.rss_slack_kb,
             f"RSS grew {rss - rss0} kB since cycle 1 (allowed {args.rss_slack_kb})", cycle, "")
        fds = shell.fds()
        fds0 = fds if fds0 is None else fds0
        must(fds <= fds0, f"{fds} open file descriptors, {fds0} after cycle 1", cycle, "")
        if cycle % 3 == 0:
            restart_ports(shell, cycle, used, reconfigure=cycle % 6 == 0)
        rx = sum(s["rx_packets"] for s in stats["streams"])
        forwarded += rx
        print(f"cycle {cycle:4d}: {len(stats['streams'])} streams {mode:7s} burst {burst:3d} kernel {kernel:15s} "
              f"rx {rx:10d} in use {used:4d} (= in rings) rss {rss} kB fds {fds}", flush=True)

    # rxonly takes back everything still circulating.
    shell.run("set fwd rxonly")
    shell.run("start")
    time.sleep(0.2)
    stats = json_line(shell.run("stop"), '"fwd_stats"')
    check_stats(stats, cycle + 1)
    end_in_use = in_use(shell)
    must(end_in_use == 0, f"{end_in_use} mbufs in use after rxonly drained the rings",
         cycle + 1, json.dumps(stats))
    rc = shell.quit(60)
    must(rc == 0, f"pmdfwd exited {rc}", cycle + 1, "")
    print(f"soak: {cycle} cycles in {time.monotonic() - t0:.0f} s, {forwarded} packets "
          f"forwarded; mbufs in use {start_in_use} before, {end_in_use} after; "
          f"RSS {rss0} kB after cycle 1, {rss} kB at the end; "
          f"open fds {fds0} after cycle 1, {fds} at the end; flow rules: {rules_created} "
          f"created and removed, {rules_refused} refused by the PMD: OK")


if __name__ == "__main__":
    main()
