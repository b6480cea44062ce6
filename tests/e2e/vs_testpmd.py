# pmdfwd and /usr/bin/dpdk-testpmd run side by side on the same net_pcap
# input: each run its own process, --file-prefix and output folder (port N
# reads inputs[N] and writes txN.pcap there), a few runs at a time. Shared by
# the tests that compare engines with testpmd's (issue 18 well-formed frames,
# issue 29 hostile ones).
import concurrent.futures
import shutil
import tempfile
from pathlib import Path

import forwarder
import rig
from test_pcap_forward import FrameAssertions

TESTPMD = shutil.which("dpdk-testpmd")
# Runs at once: each busy-polls one lcore for about a second.
PARALLEL = 4
# What the forwarding lcore has to read a few frames a port, on a loaded machine.
FORWARD_S = 1


def vdevs(inputs, out):
    return [arg for p, rx in enumerate(inputs)
            for arg in ("--vdev", f"net_pcap{p},rx_pcap={rx},tx_pcap={out / f'tx{p}.pcap'}")]


def eal(prefix):
    return ["-l", "0-1", "--no-pci", *rig.NO_HUGE, "--no-shconf", "--file-prefix", prefix]


def run_pmdfwd(inputs, out, app_args):
    """(exit status, output) of a pmdfwd that forwards FORWARD_S seconds."""
    prefix = rig.unique_prefix()
    res = forwarder.run(forwarder.pmdfwd_args([*eal(prefix), *vdevs(inputs, out)],
                                              [*app_args, f"--run-time={FORWARD_S}"]),
                        cwd=out, timeout=60, prefix=prefix)
    return res.rc, res.out


def run_testpmd(inputs, out, app_args):
    """The same for testpmd in its batch mode: it forwards until Enter."""
    prefix = rig.unique_prefix()
    res = forwarder.run_testpmd_batch([TESTPMD, *eal(prefix), *vdevs(inputs, out), "--",
                                       *app_args], forward_s=FORWARD_S, prefix=prefix, cwd=out)
    return res.rc, res.out


RUNNERS = {"pmdfwd": run_pmdfwd, "testpmd": run_testpmd}


class Result:
    """One run: its output folder, exit status and text."""

    def __init__(self, out, rc, text):
        self.out, self.rc, self.text = out, rc, text

    def frames(self, nb_ports):
        return [rig.read_pcap(self.out / f"tx{p}.pcap") for p in range(nb_ports)]


def run_all(tmp, inputs, cases):
    """Runs every case in both forwarders, PARALLEL at a time. cases maps a
    case name to its application options; the answer maps (case, "pmdfwd" or
    "testpmd") to its Result."""
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(PARALLEL) as pool:
        for case, app_args in cases.items():
            for name, fn in RUNNERS.items():
                out = tmp / f"{case}-{name}"
                out.mkdir()
                jobs[(case, name)] = (out, pool.submit(fn, inputs, out, app_args))
    return {k: Result(out, *f.result()) for k, (out, f) in jobs.items()}


class Comparison(FrameAssertions):
    """A test class that runs its cases() once over its port_frames() (one
    list of frames per port) in both forwarders, before its tests; they read
    cls.results (run_all's)."""

    @classmethod
    def port_frames(cls):
        raise NotImplementedError

    @classmethod
    def cases(cls):
        raise NotImplementedError

    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-vs-testpmd-")
        cls.tmp = Path(cls._tmp.name)
        inputs = []
        for p, frames in enumerate(cls.port_frames()):
            inputs.append(cls.tmp / f"in{p}.pcap")
            rig.write_pcap(inputs[-1], frames)
        cls.results = run_all(cls.tmp, inputs, cls.cases())

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()
