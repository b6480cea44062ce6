"""An interleaved instance is stopped only once it forwards: its counters
must move first (a forwarder stopped while it makes its mbuf pools holds
EAL's lock on the hugepage directory and the other instance's start waits on
it). Fakes stand for the process and its telemetry."""
import types
import unittest
from unittest import mock

import _path  # noqa: F401
from pmdfwd_perf import interleave, runner


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


class StoppedProc:
    """A started process that has exited: close() needs no signal for it."""

    def __init__(self):
        self.stopped = False
        self.spec = types.SimpleNamespace(role="subject")

    def alive(self):
        return False

    def stop(self):
        self.stopped = True


class FailedStart(unittest.TestCase):
    def test_an_instance_that_fails_to_start_stops_what_it_started(self):
        # Issue 36's measuring: a testpmd that never forwarded (icmpecho fed
        # UDP frames) was left busy-polling through every later cell.
        started = StoppedProc()

        def start(inst, specs, log_prefix, timeout):
            inst.procs.append(started)
            raise runner.RunError("A: no packet counted in 45 s")

        with mock.patch.object(interleave.Instance, "_start", start):
            with self.assertRaisesRegex(runner.RunError, "no packet counted"):
                interleave.Instance("A", [], "log", "rx")
        self.assertTrue(started.stopped)


if __name__ == "__main__":
    unittest.main()
