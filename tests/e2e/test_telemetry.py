"""pmdfwd's DPDK telemetry endpoints, read with DPDK's dpdk-telemetry.py
while pmdfwd forwards on a net_ring loopback: /pmdfwd/stats counters grow
between two calls and equal `show fwd stats` once stopped; /pmdfwd/engine
names the macswap kernel and follows `set` commands; /pmdfwd/config and
/pmdfwd/engines say what the shell says; answers stay right (and pmdfwd
alive) while a client polls through start/stop cycles and quit.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_telemetry.py
"""
import json
import re
import socket
import threading
import time
import unittest


import forwarder  # noqa: E402
import obs_rig  # noqa: E402
import rig  # noqa: E402
import shell as shells  # noqa: E402

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
_ACCUMULATED = re.compile(
    r"Accumulated forward statistics for all ports\+*\n"
    r"\s+RX-packets: (\d+)\s+RX-dropped: (\d+)\s*RX-total: (\d+)\n"
    r"\s+TX-packets: (\d+)\s+TX-dropped: (\d+)\s*TX-total: (\d+)\n")


def ring_shell(test, app_args=(), eal_extra=(), vdevs=RING_VDEVS):
    prefix = rig.unique_prefix()
    test.addCleanup(rig.remove_runtime_dir, prefix)
    shell = shells.pmdfwd(test, [*rig.eal_args(prefix), *vdevs, *eal_extra], app_args)
    test.assertTrue(obs_rig.socket_path(prefix).exists(),
                    f"no telemetry socket {obs_rig.socket_path(prefix)}")
    return shell, prefix


def streams_of(stats):
    return {(s["rx_port"], s["tx_port"]): s for k, s in stats.items() if k.startswith("stream_")}


def ports_of(stats):
    return {s["port"]: s for k, s in stats.items() if k.startswith("port_")}


class StatsTest(unittest.TestCase):
    def test_counters_grow_while_forwarding_and_equal_show_fwd_stats_after_stop(self):
        shell, prefix = ring_shell(self, ["--forward-mode=macswap"])
        before = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
        self.assertEqual(before["running"], 0, before)
        self.assertIn("macswap packet forwarding - ports=2", shell.run("start tx_first 4"))
        first = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
        time.sleep(0.5)
        second = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
        self.assertEqual((first["running"], first["engine"], first["nb_streams"]),
                         (1, "macswap", 2), first)
        for what in ("rx_packets", "tx_packets"):
            self.assertGreater(second["total"][what], first["total"][what], (first, second))
            for p in (0, 1):
                self.assertGreater(ports_of(second)[p][what], ports_of(first)[p][what])
            for key in ((0, 1), (1, 0)):
                self.assertGreater(streams_of(second)[key][what], streams_of(first)[key][what])
        # The second call is 0.5 s after the first: a whole rate window.
        self.assertGreater(second["total"]["rx_pps"], 0, second)
        self.assertGreater(ports_of(second)[0]["tx_pps"], 0, second)

        out = shell.run("stop")
        after = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
        self.assertEqual(after["running"], 0, after)
        text_ports, text_streams = rig.port_fwd_stats(out), rig.stream_fwd_stats(out)
        self.assertEqual(set(text_ports), {0, 1}, out)
        # Counted since the start, as the telemetry was (the lcore may have
        # been preempted since the last call: no growth is required here).
        self.assertGreaterEqual(text_ports[0]["rx"], ports_of(second)[0]["rx_packets"], out)
        got_ports = {p: {"rx": s["rx_packets"], "rx_dropped": s["rx_dropped"],
                         "tx": s["tx_packets"], "tx_dropped": s["tx_dropped"]}
                     for p, s in ports_of(after).items()}
        self.assertEqual(got_ports, text_ports, out)
        # Two streams on two ports: as testpmd 22.11, no per-stream block in
        # the text; each stream's receive count is its RX port's there (the
        # ports' TX counts also hold the tx_first bursts).
        self.assertEqual(text_streams, {}, out)
        for (rx, _), s in streams_of(after).items():
            self.assertEqual(s["rx_packets"], text_ports[rx]["rx"], out)
        acc = _ACCUMULATED.search(out)
        self.assertIsNotNone(acc, out)
        t = after["total"]
        self.assertEqual([t["rx_packets"], t["rx_dropped"], t["rx_total"], t["tx_packets"],
                          t["tx_dropped"], t["tx_total"]], [int(x) for x in acc.groups()], out)
        # Stopped: nothing moves, so the rates of a window that starts after
        # the stop are zero. The window that spans the stop closes a window's
        # length plus a shell poll after it, the next one as long again (up
        # to about 0.7 s): ask until then, with room for a loaded machine.
        deadline = time.monotonic() + 5
        while True:
            time.sleep(0.2)
            idle = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
            if idle["total"]["rx_pps"] == 0 or time.monotonic() > deadline:
                break
        self.assertEqual(idle["total"]["rx_pps"], 0, idle)
        self.assertEqual(idle["total"]["rx_packets"], after["total"]["rx_packets"], idle)
        self.assertEqual(shell.quit(), 0, shell.describe())

    def test_clear_fwd_stats_is_seen(self):
        shell, prefix = ring_shell(self, ["--forward-mode=io"])
        shell.run("start tx_first")
        time.sleep(0.2)
        shell.run("stop")
        self.assertGreater(obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]["total"]
                           ["rx_packets"], 0)
        shell.run("clear fwd stats all")
        cleared = obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0]
        self.assertEqual(cleared["total"]["rx_packets"], 0, cleared)
        self.assertEqual({s["rx_packets"] for s in streams_of(cleared).values()}, {0}, cleared)

    def test_streams_that_do_not_fit_one_reply_come_in_pages(self):
        # 16 queues on each of 2 ports: 32 streams, more than one 16 KiB reply holds.
        shell, prefix = ring_shell(self, ["--forward-mode=io", "--rxq=16", "--txq=16",
                                          "--total-num-mbufs=8192"])
        shell.run("start tx_first")
        seen, page, calls = {}, obs_rig.telemetry(self, prefix, "/pmdfwd/stats")[0], 1
        self.assertEqual(page["nb_streams"], 32, page)
        self.assertIn("next_stream", page, "32 streams fit one reply: no paging to test")
        while True:
            for k, s in page.items():
                if k.startswith("stream_"):
                    self.assertNotIn(s["stream"], seen)
                    seen[s["stream"]] = s
            if "next_stream" not in page:
                break
            self.assertGreater(page["next_stream"], page["first_stream"], page)
            page = obs_rig.telemetry(self, prefix, f"/pmdfwd/stats,{page['next_stream']}")[0]
            calls += 1
        self.assertEqual(sorted(seen), list(range(32)))
        self.assertGreater(calls, 1)
        self.assertEqual({(s["rx_queue"], s["tx_queue"]) for s in seen.values()},
                         {(q, q) for q in range(16)})
        bad = obs_rig.telemetry(self, prefix, "/pmdfwd/stats,x", "/pmdfwd/stats,-1")
        self.assertEqual(bad, [None, None])


class EngineTest(unittest.TestCase):
    def test_engine_names_the_forced_kernel(self):
        shell, prefix = ring_shell(self, ["--forward-mode=macswap", "--macswap-kernel=scalar"])
        shell.run("start tx_first")
        engine = obs_rig.telemetry(self, prefix, "/pmdfwd/engine")[0]
        self.assertEqual((engine["name"], engine["running"], engine["origin"]),
                         ("macswap", 1, "built-in"), engine)
        self.assertEqual(engine["state"][0], "macswap kernel: scalar (forced)", engine)

    def test_engine_names_the_chosen_kernel_as_the_shell_does(self):
        shell, prefix = ring_shell(self, ["--forward-mode=macswap"])
        shown = shell.run("show fwd macswap")
        line = next(ln.strip() for ln in shown.splitlines() if "macswap kernel:" in ln)
        self.assertIn("(auto: fastest measured)", line)
        shell.run("start tx_first")
        engine = obs_rig.telemetry(self, prefix, "/pmdfwd/engine")[0]
        self.assertEqual(engine["state"][0], line, engine)
        # The kernel list the shell shows, line for line.
        shown_lines = [ln.rstrip() for ln in shown.splitlines() if ln.strip()]
        self.assertEqual([ln.rstrip() for ln in engine["state"]],
                         shown_lines[shown_lines.index(next(
                             ln for ln in shown_lines if "macswap kernel:" in ln)):], engine)

    def test_shell_changes_are_seen_at_once(self):
        shell, prefix = ring_shell(self, ["--forward-mode=macswap"])
        shell.run("set macswap kernel scalar")
        engine, config = obs_rig.telemetry(self, prefix, "/pmdfwd/engine", "/pmdfwd/config")
        self.assertEqual(engine["state"][0], "macswap kernel: scalar (forced)", engine)
        self.assertEqual(engine["running"], 0)
        shell.run("set fwd io")
        shell.run("set burst 64")
        engine, config = obs_rig.telemetry(self, prefix, "/pmdfwd/engine", "/pmdfwd/config")
        self.assertEqual(engine["name"], "io", engine)
        self.assertEqual((config["forward_mode"], config["burst"]), ("io", 64), config)


class ConfigTest(unittest.TestCase):
    def test_config_matches_the_options(self):
        shell, prefix = ring_shell(self, ["--forward-mode=mac", "--burst=48", "--rxq=2",
                                          "--txq=2", "--port-topology=loop", "--txpkts=60,4"])
        config = obs_rig.telemetry(self, prefix, "/pmdfwd/config")[0]
        want = {"forward_mode": "mac", "burst": 48, "nb_rxq": 2, "nb_txq": 2,
                "port_topology": "loop", "nb_cores": 1, "fwd_lcores": [1], "ports": [0, 1],
                "nb_ports": 2, "txpkts": [60, 4], "nb_streams": 4, "running": 0,
                "latencystats_lcore": -1, "bitrate_lcore": -1}
        self.assertEqual({k: config.get(k) for k in want}, want, config)
        self.assertEqual(config["streams"], [
            "RX P=0/Q=0 -> TX P=0/Q=0 lcore 1", "RX P=1/Q=0 -> TX P=1/Q=0 lcore 1",
            "RX P=0/Q=1 -> TX P=0/Q=1 lcore 1", "RX P=1/Q=1 -> TX P=1/Q=1 lcore 1"], config)
        # The same layout `show config fwd` prints.
        shown = shell.run("show config fwd")
        for s in config["streams"]:
            m = re.match(r"RX P=(\d+)/Q=(\d+) -> TX P=(\d+)/Q=(\d+)", s)
            self.assertRegex(shown, rf"RX P={m[1]}/Q={m[2]} \(socket \d+\) -> "
                                    rf"TX P={m[3]}/Q={m[4]} ")

    def test_a_stream_list_cut_by_the_reply_size_says_where_it_goes_on(self):
        # Issue 37: 208 of 400 streams were listed, with nothing saying so.
        shell, prefix = ring_shell(self, ["--rxq=200", "--txq=200", "--rxd=32", "--txd=32",
                                          "--total-num-mbufs=16384"],
                                   vdevs=["--vdev", "net_null0", "--vdev", "net_null1"])
        page = obs_rig.telemetry(self, prefix, "/pmdfwd/config")[0]
        self.assertEqual(page["nb_streams"], 400, page)
        self.assertIn("next_stream", page, "400 streams fit one reply: no paging to test")
        streams, calls = [], 1
        while True:
            self.assertEqual(page["first_stream"], len(streams), page)
            streams += page["streams"]
            if "next_stream" not in page:
                break
            self.assertGreater(page["next_stream"], page["first_stream"], page)
            page = obs_rig.telemetry(self, prefix, f"/pmdfwd/config,{page['next_stream']}")[0]
            calls += 1
        self.assertEqual(len(streams), 400)
        self.assertEqual(len(set(streams)), 400, streams)
        self.assertGreater(calls, 1)
        self.assertEqual(obs_rig.telemetry(self, prefix, "/pmdfwd/config,x"), [None])

    def test_engines_are_the_registered_ones(self):
        shell, prefix = ring_shell(self)
        engines = obs_rig.telemetry(self, prefix, "/pmdfwd/engines")[0]
        listed = [engines[f"engine_{i}"] for i in range(engines["nb_engines"])]
        help_out = forwarder.run_pmdfwd(RING_VDEVS, ["--help"], cwd="/tmp").out
        modes = re.search(r"forwarding modes:\n((?:  \S+ .*\n)+)", help_out)
        self.assertIsNotNone(modes, help_out)
        names = [ln.split()[0] for ln in modes[1].splitlines()]
        self.assertEqual([e["name"] for e in listed], names, engines)
        self.assertEqual({e["origin"] for e in listed}, {"built-in"}, engines)
        by_name = {e["name"]: e for e in listed}
        self.assertEqual((by_name["txonly"]["no_rx"], by_name["flowgen"]["generator"],
                          by_name["macswap"]["parameters"], by_name["io"]["parameters"]),
                         (1, 1, 1, 0), engines)

    def test_help_texts(self):
        shell, prefix = ring_shell(self)
        cmds = ["/pmdfwd/stats", "/pmdfwd/config", "/pmdfwd/engines", "/pmdfwd/engine"]
        listed = obs_rig.telemetry(self, prefix, "/")[0]
        self.assertTrue(set(cmds) <= set(listed), listed)
        helps = obs_rig.telemetry(self, prefix, *[f"/help,{c}" for c in cmds])
        for c, h in zip(cmds, helps):
            self.assertTrue(h[c], f"{c}: no help")


def poll(path, stop, errors, replies):
    """A telemetry client asking /pmdfwd/stats as fast as pmdfwd answers."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as s:
            s.connect(str(path))
            max_len = json.loads(s.recv(1024))["max_output_len"]
            while not stop.is_set():
                s.send(b"/pmdfwd/stats")
                data = s.recv(max_len)
                if not data:
                    return  # pmdfwd exited
                replies.append(json.loads(data)["/pmdfwd/stats"])
    except (ConnectionError, OSError):
        return  # the socket went away with pmdfwd
    except Exception as e:  # a reply that is not JSON
        errors.append(repr(e))


class ConcurrencyTest(unittest.TestCase):
    def test_polling_through_start_stop_cycles_and_quit(self):
        shell, prefix = ring_shell(self, ["--forward-mode=macswap"])
        stop, errors, replies = threading.Event(), [], []
        t = threading.Thread(target=poll, args=(obs_rig.socket_path(prefix), stop, errors,
                                                replies))
        t.start()
        self.addCleanup(t.join, 10)
        self.addCleanup(stop.set)
        for mode in ("macswap", "io", "mac", "macswap"):
            shell.run(f"set fwd {mode}")
            shell.run("start tx_first")
            time.sleep(0.1)
            out = shell.run("stop")
            self.assertIn("Accumulated forward statistics", out)
        self.assertEqual(shell.quit(), 0, shell.describe())
        stop.set()
        t.join(10)
        self.assertEqual(errors, [])
        self.assertGreater(len(replies), 10)
        dicts = [r for r in replies if isinstance(r, dict)]
        self.assertEqual({r["engine"] for r in dicts if r["running"]}, {"macswap", "io", "mac"})
        self.assertNotIn("Segmentation", shell.out)


if __name__ == "__main__":
    unittest.main()
