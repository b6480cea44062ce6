"""Matrix expansion, lcore pinning, ring tiers, subject specs, command lines."""
import shutil
import tempfile
import unittest

from pmdfwd_perf import machine, matrix, rigs, subjects

CACHES = {"L1d": 48 * 1024, "L2": 2048 * 1024, "L3": 300 * 1024 * 1024}


class TestRingTiers(unittest.TestCase):
    def test_tiers_from_cache_sizes(self):
        t = {x.name: x for x in machine.ring_tiers(CACHES, nb_ports=2, nb_queues=1, burst=32)}
        self.assertEqual(t["hot"].bursts, 1)  # 64 pkts x 2 KiB = 128 KiB: no N fits 48 KiB
        self.assertEqual(t["hot"].note, "")  # but its touched lines (12 KiB) do
        self.assertEqual(t["warm"].bursts, 16)  # 16 x 64 x 2 KiB = 2 MiB = L2
        self.assertEqual(t["warm"].footprint, 2048 * 1024)
        # Touched lines (3 x 64 B a packet) beyond 2 x L2 = 4 MiB: one queue
        # holds 31 bursts (992 <= 1023 ring entries), 2 x 992 x 192 B =
        # 372 KiB, so 12 queues per port, of which 29 bursts reach 4.08 MiB.
        self.assertEqual((t["cold"].queues, t["cold"].bursts), (12, 29))
        self.assertIn("12 queues per port", t["cold"].note)
        self.assertEqual((t["hot"].queues, t["warm"].queues), (1, 1))

    def test_cold_takes_the_fewest_bursts_beyond_twice_l2(self):
        t = {x.name: x for x in machine.ring_tiers({"L1d": 32768, "L2": 262144, "L3": 1 << 20}, 2, 1, 32)}
        # 512 KiB: 2 queues x 22 bursts x 64 pkts x 192 B = 528 KiB; 21 would be 504.
        self.assertEqual((t["cold"].queues, t["cold"].bursts), (2, 22))

    def test_cold_caps_at_the_ring_pmd_queues(self):
        t = {x.name: x for x in machine.ring_tiers({"L1d": 32768, "L2": 64 << 20}, 2, 1, 32)}
        self.assertEqual((t["cold"].queues, t["cold"].bursts), (16, 31))
        self.assertIn("capped", t["cold"].note)

    def test_cold_cells_name_their_queues(self):
        cells = matrix.build_cells(["ring"], ["macswap"], [], [64], [machine.parse_layout("1Q1C")], ["warm", "cold"],
                                   [0, 1], CACHES)
        self.assertEqual([c.key for c in cells], ["ring-warm/macswap/64B/1Q1C", "ring-cold/macswap/64B/12Q1C"])

    def test_hot_says_when_even_its_touched_lines_miss_l1(self):
        t = machine.ring_tiers({"L1d": 8192, "L2": 262144}, 2, 1, 32)[0]
        self.assertIn("touched lines (12 KiB) already exceed L1d (8 KiB)", t.note)

    def test_sysfs_cache_sizes(self):
        self.assertTrue(set(machine.cache_sizes()) >= {"L1d", "L2"})

    def test_cache_sizes_without_sysfs_come_from_getconf(self):
        # Issue 34 item 7: an AMD EPYC VM with no cpu0/cache had no sizes,
        # and the ring tiers none to work from.
        sizes = machine.cache_sizes(root="/nonexistent/cache")
        self.assertTrue(set(sizes) >= {"L1d", "L2"}, sizes)
        self.assertEqual(machine.cache_sizes(root="/nonexistent/cache", getconf="/nonexistent/getconf"), {})


class TestLcores(unittest.TestCase):
    def test_busy_threads_never_share_a_cpu(self):
        fwd, gen = machine.lcore_plan([0, 1], forwarder_busy=1, generator_busy=1)
        self.assertEqual((fwd, gen), ("0@0,1@1", "0@0,1@0"))
        fwd, _ = machine.lcore_plan([0, 1], 2)
        self.assertEqual(fwd, "0@0,1@1,2@0")

    def test_too_many_busy_threads_is_refused_with_reason(self):
        with self.assertRaisesRegex(ValueError, "needs 3 busy-polling cores"):
            machine.lcore_plan([0, 1], 2, 1)

    def test_layout_parsing(self):
        self.assertEqual(machine.parse_layout("2q2c").name, "2Q2C")
        with self.assertRaisesRegex(ValueError, "e.g. 1Q1C"):
            machine.parse_layout("two")


class TestCells(unittest.TestCase):
    def cells(self, cpus, **kw):
        args = dict(rig_names=["null", "ring", "memif"], modes=["macswap"], kernels=[], frames=[64, 1518],
                    layouts=[machine.parse_layout("1Q1C"), machine.parse_layout("2Q2C")],
                    tiers=["hot", "warm", "cold"], cpus=cpus, caches=CACHES)
        args.update(kw)
        return matrix.build_cells(**args)

    def test_two_cpus_skip_memif_2q2c_only(self):
        cells = self.cells([0, 1])
        skipped = {c.key for c in cells if c.skip}
        self.assertEqual(skipped, {"memif/macswap/64B/2Q2C", "memif/macswap/1518B/2Q2C"})
        self.assertEqual(len(cells), 2 * 2 * (1 + 3 + 1))

    def test_four_cpus_run_everything(self):
        self.assertFalse([c for c in self.cells([0, 1, 2, 3]) if c.skip])

    def test_kernels_multiply_macswap_only(self):
        cells = self.cells([0, 1], rig_names=["null"], modes=["io", "macswap"], kernels=["scalar", "avx2"],
                           frames=[64], layouts=[machine.parse_layout("1Q1C")])
        self.assertEqual([c.key for c in cells], ["null/io/64B/1Q1C", "null/macswap+scalar/64B/1Q1C",
                                                  "null/macswap+avx2/64B/1Q1C"])

    def test_nonsense_mode_rig_pairs_are_skipped(self):
        cells = self.cells([0, 1], rig_names=["ring"], modes=["rxonly"], frames=[64],
                           layouts=[machine.parse_layout("1Q1C")], tiers=["warm"])
        self.assertIn("nothing feeds", cells[0].skip)
        cells = self.cells([0, 1], rig_names=["ring"], modes=["icmpecho"], frames=[64],
                           layouts=[machine.parse_layout("1Q1C")], tiers=["hot"])
        self.assertIn("which icmpecho drops", cells[0].skip)

    def test_unknown_rig(self):
        with self.assertRaisesRegex(ValueError, "use one of"):
            self.cells([0, 1], rig_names=["dpdk"])


class TestSubjects(unittest.TestCase):
    def test_spec_forms(self):
        s = subjects.parse_spec("after:bin=build/pmdfwd,kernel=avx2,args=--burst=64 --no-flush-rx")
        self.assertEqual((s.label, s.binary, s.kernel), ("after", "build/pmdfwd", "avx2"))
        self.assertEqual(s.extra_args, ["--burst=64", "--no-flush-rx"])
        self.assertEqual(subjects.parse_spec("/usr/bin/dpdk-testpmd").label, "dpdk-testpmd")
        self.assertEqual(subjects.parse_spec("rev=HEAD~1").label, "HEAD~1")
        self.assertEqual(subjects.parse_spec("old:/opt/x").binary, "/opt/x")

    def test_bad_specs(self):
        with self.assertRaisesRegex(ValueError, "KEY one of"):
            subjects.parse_spec("a:bin=x,colour=red")
        with self.assertRaisesRegex(ValueError, "not both"):
            subjects.parse_spec("a:bin=x,rev=HEAD")


def fake(label, **features):
    s = subjects.Subject(label=label, binary="/bin/fwd")
    s.features = {"stats-period": True, "cmdline-file": True, **features}
    return s


class TestCommandLines(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="perf-test-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.ctx = rigs.Context(workdir=self.tmp, warmup=1, duration=2, generator=fake("gen"))

    def cell(self, rig, layout="1Q1C", **params):
        return matrix.Cell(rig, rig, "macswap", None, 128, machine.parse_layout(layout), params)

    def test_testpmd_gets_no_pmdfwd_options(self):
        (p,) = rigs.build(self.cell("null"), fake("t"), self.ctx, [0, 1])
        argv = " ".join(p.argv)
        self.assertIn("--vdev net_null0,size=128", argv)
        self.assertIn("--lcores 0@0,1@1", argv)
        self.assertNotIn("--run-time", argv)
        self.assertNotIn("--macswap-kernel", argv)
        self.assertIn("--file-prefix pmdfwd-perf-", argv)

    def test_pmdfwd_gets_run_time_and_kernel(self):
        s = fake("p", **{"run-time": True, "macswap-kernel": True})
        s.kernel = "avx2"
        (p,) = rigs.build(self.cell("null"), s, self.ctx, [0, 1])
        self.assertIn("--macswap-kernel=avx2", p.argv)
        self.assertIn("--run-time=14", p.argv)

    def test_ring_tx_first_bursts(self):
        (p,) = rigs.build(self.cell("ring", bursts=1), fake("t"), self.ctx, [0, 1])
        self.assertIn("--tx-first", p.argv)
        (p,) = rigs.build(self.cell("ring", bursts=16), fake("t"), self.ctx, [0, 1])
        path = next(a.split("=", 1)[1] for a in p.argv if a.startswith("--cmdline-file="))
        self.assertEqual(p.files[path], "start tx_first 16\n")

    def test_afpacket_loops_through_a_veth_pair_of_its_own_namespace(self):
        (p,) = rigs.build(self.cell("afpacket", layout="2Q2C"), fake("t"), self.ctx, [0, 1, 2])
        self.assertEqual(p.role, "subject")
        self.assertEqual(p.argv[:3], ["unshare", "--net", "--"])
        self.assertIn("ip link add pf0 type veth peer name pf1", p.argv[5])
        argv = " ".join(p.argv)
        self.assertIn("--vdev net_af_packet0,iface=pf0,qpairs=2", argv)
        self.assertIn("--vdev net_af_packet1,iface=pf1,qpairs=2", argv)
        self.assertEqual(p.argv[-1], "--tx-first")
        self.assertEqual(rigs.unsupported("afpacket", "txonly")[:20], "txonly on afpacket: ")

    def test_memif_generator_is_server_on_the_other_core(self):
        gen, fwd = rigs.build(self.cell("memif"), fake("t"), self.ctx, [0, 1])
        self.assertEqual((gen.role, fwd.role), ("generator", "subject"))
        self.assertIn("role=server", " ".join(gen.argv))
        self.assertIn("socket-abstract=no", " ".join(gen.argv))
        self.assertIn("role=client", " ".join(fwd.argv))
        self.assertIn("--forward-mode=flowgen", gen.argv)
        self.assertEqual(gen.argv[gen.argv.index("--lcores") + 1], "0@0,1@0")
        self.assertEqual(fwd.argv[fwd.argv.index("--lcores") + 1], "0@0,1@1")
        self.assertEqual(len(gen.wait_sockets), 1)
        self.assertTrue(gen.wait_sockets[0].endswith(".sock"))

    def test_vhost_generator_owns_both_sockets_and_starts_first(self):
        gen, fwd = rigs.build(self.cell("vhost"), fake("t"), self.ctx, [0, 1])
        self.assertEqual((gen.role, fwd.role), ("generator", "subject"))
        self.assertEqual(len(gen.wait_sockets), 2, "the forwarder starts once both sockets exist")
        g, f = " ".join(gen.argv), " ".join(fwd.argv)
        for i, sock in enumerate(gen.wait_sockets):
            self.assertIn(f"--vdev net_vhost{i},iface={sock},queues=1", g)
            self.assertIn(f"--vdev virtio_user{i},path={sock},queues=1", f)
        self.assertIn("--forward-mode=flowgen", gen.argv)
        self.assertIn("--huge-unlink", gen.argv)
        # virtio_user hands its memory over by file descriptor: hugepages in
        # memory only, one file per segment list (22.11 refuses
        # --single-file-segments together with --huge-unlink).
        self.assertIn("--in-memory", fwd.argv)
        self.assertIn("--single-file-segments", fwd.argv)
        self.assertNotIn("--huge-unlink", fwd.argv)
        # Its own runtime directory all the same: its telemetry socket is
        # what compare --interleave reads, and two instances run at once.
        self.assertNotEqual(fwd.argv[fwd.argv.index("--file-prefix") + 1],
                            gen.argv[gen.argv.index("--file-prefix") + 1])
        self.assertEqual(gen.argv[gen.argv.index("--lcores") + 1], "0@0,1@0")
        self.assertEqual(fwd.argv[fwd.argv.index("--lcores") + 1], "0@0,1@1")

    def test_vhost_needs_hugepages(self):
        self.ctx.no_huge = True
        with self.assertRaisesRegex(ValueError, "hugepages"):
            rigs.build(self.cell("vhost"), fake("t"), self.ctx, [0, 1])

    def test_vhost_skips_like_memif(self):
        self.assertIsNotNone(rigs.unsupported("vhost", "rxonly"))
        self.assertIsNotNone(rigs.unsupported("vhost", "txonly"))
        self.assertIsNone(rigs.unsupported("vhost", "io"))
        cells = matrix.build_cells(["vhost"], ["macswap"], [], [64], [machine.parse_layout("2Q2C")],
                                   ["hot"], [0, 1], {})
        self.assertIn("needs 3 busy-polling cores", cells[0].skip)

    def test_kernel_cells_reach_subjects_that_have_kernels(self):
        cell = matrix.Cell("null", "null", "macswap", "sse", 64, machine.parse_layout("1Q1C"), {})
        (p,) = rigs.build(cell, fake("p", **{"macswap-kernel": True}), self.ctx, [0, 1])
        self.assertIn("--macswap-kernel=sse", p.argv)
        # testpmd has one macswap: it runs it in every kernel cell.
        (p,) = rigs.build(cell, fake("t"), self.ctx, [0, 1])
        self.assertFalse([a for a in p.argv if a.startswith("--macswap-kernel")])
        # A subject's own kernel= wins over the cell's.
        s = fake("p", **{"macswap-kernel": True})
        s.kernel = "avx2"
        (p,) = rigs.build(cell, s, self.ctx, [0, 1])
        self.assertIn("--macswap-kernel=avx2", p.argv)

    def test_pci_uses_allow_list(self):
        self.ctx.pci_ports = ["0000:81:00.0", "0000:81:00.1"]
        (p,) = rigs.build(self.cell("pci", bursts=1), fake("t"), self.ctx, [0, 1])
        self.assertNotIn("--no-pci", p.argv)
        self.assertEqual(p.argv.count("-a"), 2)


if __name__ == "__main__":
    unittest.main()
