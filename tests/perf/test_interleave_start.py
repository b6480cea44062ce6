"""An interleaved instance is stopped only once it forwards: its counters
must move first (a forwarder stopped while it makes its mbuf pools holds
EAL's lock on the hugepage directory and the other instance's start waits on
it). Fakes stand for the process and its telemetry."""
import unittest

import _path  # noqa: F401
from pmdfwd_tools.perf import interleave, runner


class FakeTelemetry:
    """Port counters that stay at zero for `flat` reads of each port, then
    grow."""

    def __init__(self, flat):
        self.reads = 0
        self.flat = flat

    def query(self, command):
        self.reads += 1
        moved = max(0, self.reads - self.flat)
        return {"ipackets": 32 * moved, "opackets": 32 * moved}


class FakeProc:
    def __init__(self, live_reads=None):
        self.live_reads = live_reads
        self.calls = 0

    def alive(self):
        self.calls += 1
        return self.live_reads is None or self.calls <= self.live_reads

    def text(self):
        return "EAL: Cannot get hugepage information.\n"


def instance(telemetry, proc):
    inst = interleave.Instance.__new__(interleave.Instance)
    inst.label, inst.metric, inst.ports = "A", "rx", [0, 1]
    inst.telemetry, inst.subject, inst.procs = telemetry, proc, [proc]
    return inst


class WaitForwarding(unittest.TestCase):
    def test_returns_once_counters_move(self):
        tel = FakeTelemetry(flat=10)
        instance(tel, FakeProc()).wait_forwarding(5, sleep=lambda s: None)
        self.assertGreater(tel.reads, 10)

    def test_process_that_exits_is_reported_with_its_output(self):
        inst = instance(FakeTelemetry(flat=10 ** 9), FakeProc(live_reads=3))
        with self.assertRaises(runner.RunError) as e:
            inst.wait_forwarding(5, sleep=lambda s: None)
        self.assertIn("A exited before forwarding", str(e.exception))
        self.assertIn("Cannot get hugepage information", str(e.exception))

    def test_counters_that_never_move_time_out(self):
        inst = instance(FakeTelemetry(flat=10 ** 9), FakeProc())
        with self.assertRaises(runner.RunError) as e:
            inst.wait_forwarding(0.05, sleep=lambda s: None)
        self.assertIn("no packet counted", str(e.exception))


if __name__ == "__main__":
    unittest.main()
