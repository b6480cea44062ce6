"""Out-of-tree engines, end to end: pmdfwd is installed into a staging
directory (meson install --destdir), examples/engine-plugin is built against
that install alone (pkg-config pmdfwd-engine), and the plugin forwards the
pcap rig's frames. Plugins the host must refuse are built the same way from
tests/e2e/plugins/bad_plugin.c, and plugins that load and then break the
engine contract (issue 13) from tests/e2e/plugins/rogue_plugin.c. A plugin
built for an older or a newer engine ABI is refused, naming both versions
(issue 34). A plugin's engine adds shell commands
(tests/e2e/plugins/cmd_plugin.c), and one whose command clashes with the
shell's is refused at load (issue 20). Two engines of one plugin keep their
state in their own contexts (tests/e2e/plugins/ctx_plugin.c; issue 30).

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_plugin.py
(PMDFWD_BUILD_DIR defaults to the binary's directory.)
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path


import forwarder  # noqa: E402
import frames as fr  # noqa: E402
import rig  # noqa: E402
from test_pcap_forward import RUN_TIME, FrameAssertions  # noqa: E402

EXAMPLE = rig.SOURCE_ROOT / "examples" / "engine-plugin"
BAD_PLUGIN = rig.HERE / "plugins" / "bad_plugin.c"
BAD_VARIANTS = {
    v: [f"-D{v}"]
    for v in ("REFUSE_HOST_ABI", "CLASH_BUILTIN", "NO_ENTRY", "SECOND_DEFAULT", "UNKNOWN_FLAGS",
              "CTX_INIT_NO_SIZE")
}
# Issue 34: one engine ABI version loads; a plugin built for the one before
# or a later one is refused.
BAD_VARIANTS.update({
    "OLDER_ABI": ["-DDESCRIPTOR_ABI=(PMDFWD_ENGINE_ABI_VERSION-1)"],
    "NEWER_ABI": ["-DDESCRIPTOR_ABI=(PMDFWD_ENGINE_ABI_VERSION+1)"],
})
# Issue 37 item 1: aliases that take an option, another engine's parameter,
# or an option's abbreviation.
BAD_VARIANTS.update({
    "ALIAS_OPTION": ['-DALIAS="tx-ip"'],
    "ALIAS_ENGINE_PARAM": ['-DALIAS="macswap-kernel"'],
    "ALIAS_PREFIX": ['-DALIAS="nb-coresx"'],
})
ROGUE_PLUGIN = rig.HERE / "plugins" / "rogue_plugin.c"
CMD_PLUGIN = rig.HERE / "plugins" / "cmd_plugin.c"
MANY_PLUGIN = rig.HERE / "plugins" / "many_plugin.c"
CTX_PLUGIN = rig.HERE / "plugins" / "ctx_plugin.c"
NULL_VDEVS = ["--vdev", "net_null0", "--vdev", "net_null1"]
PEER0, PEER1 = bytes.fromhex("0a0000000010"), bytes.fromhex("0a0000000011")


def build_dir():
    return Path(os.environ.get("PMDFWD_BUILD_DIR", rig.pmdfwd_bin().parent)).resolve()


def check(args, **kw):
    run = forwarder.run(args, timeout=300, **kw)
    if run.rc != 0:
        raise AssertionError(run.describe())
    return run.out


def mac_text(mac):
    return ":".join(f"{b:02x}" for b in mac)


def pcap_size(frames):
    return 24 + sum(16 + len(f) for f in frames)


class PluginTest(FrameAssertions):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-e2e-plugin-")
        tmp = cls.tmp = Path(cls._tmp.name)
        dest = tmp / "dest"
        check(["meson", "install", "-C", build_dir(), "--destdir", dest, "--no-rebuild",
               "--quiet"])
        pcs = list(dest.rglob("pkgconfig/pmdfwd-engine.pc"))
        if len(pcs) != 1:
            raise AssertionError(f"meson install put {len(pcs)} pmdfwd-engine.pc under {dest}")
        cls.env = dict(os.environ, PKG_CONFIG_PATH=str(pcs[0].parent))
        cls.pkg_config = lambda *a: check(["pkg-config", *a], env=cls.env).split()
        includedir = Path(cls.pkg_config("--variable=includedir", "pmdfwd-engine")[0]).resolve()
        if dest not in includedir.parents:
            raise AssertionError(
                f"the staged pmdfwd-engine.pc points at {includedir}, outside {dest}: it is not "
                f"relocatable; meson configure {build_dir()} -Dpkgconfig.relocatable=true")
        if not (includedir / "pmdfwd" / "engine.h").is_file():
            raise AssertionError(f"<pmdfwd/engine.h> is not installed under {includedir}")

        check(["make", "-s", "-C", EXAMPLE, f"BUILD={tmp / 'example'}"], env=cls.env)
        cls.macfwd = tmp / "example" / "macfwd.so"
        cflags = cls.pkg_config("--cflags", "pmdfwd-engine")
        cls.bad = {}
        for v, defs in BAD_VARIANTS.items():
            cls.bad[v] = tmp / f"bad_{v.lower()}.so"
            check(["cc", "-std=gnu11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall",
                   "-Wextra", "-Werror", *defs, *cflags, "-o", cls.bad[v], BAD_PLUGIN])
        libs = cls.pkg_config("--libs", "pmdfwd-engine")
        cls.rogue_so = tmp / "rogue.so"
        cls.rogue_entry_so = tmp / "rogue_entry.so"
        for out, defs in ((cls.rogue_so, []), (cls.rogue_entry_so, ["-DUNTERMINATED_ENTRY"])):
            check(["cc", "-std=gnu11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall",
                   "-Wextra", "-Werror", *defs, *cflags, "-o", out, ROGUE_PLUGIN, *libs])

        cls.cmd_so, cls.clash_so = tmp / "notes.so", tmp / "notes_clash.so"
        for out, defs in ((cls.cmd_so, []), (cls.clash_so, ["-DCLASH"])):
            check(["cc", "-std=gnu11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall",
                   "-Wextra", "-Werror", *defs, *cflags, "-o", out, CMD_PLUGIN])
        cls.ctx_so = tmp / "tally.so"
        check(["cc", "-std=gnu11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wextra",
               "-Werror", *cflags, "-o", cls.ctx_so, CTX_PLUGIN])

        cls.in0, cls.in1 = fr.traffic(seed=3, random_count=100), fr.traffic(seed=4, random_count=100)
        rig.write_pcap(tmp / "in0.pcap", cls.in0)
        rig.write_pcap(tmp / "in1.pcap", cls.in1)
        cls.runs = 0

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def run_dir(self):
        type(self).runs += 1
        d = self.tmp / f"run{self.runs}"
        d.mkdir()
        return d

    def rig_args(self, d):
        vdevs, tx0, tx1 = rig.pcap_vdevs(d, self.tmp / "in0.pcap", self.tmp / "in1.pcap")
        peers = [f"--eth-peer=0,{mac_text(PEER0)}", f"--eth-peer=1,{mac_text(PEER1)}"]
        return vdevs, peers, tx0, tx1

    def macfwd_expected(self, frames, peer, own):
        return [f if len(f) < fr.MIN_SWAP_LEN else peer + own + f[12:] for f in frames]

    def assertMacfwdOutput(self, out, tx0, tx1):
        macs = rig.port_macs(out)
        self.assertEqual(set(macs), {0, 1}, out)
        self.assertNotEqual(macs[0], macs[1])
        self.assertFramesEqual(rig.read_pcap(tx1), self.macfwd_expected(self.in0, PEER1, macs[1]),
                               "port 0 -> 1")
        self.assertFramesEqual(rig.read_pcap(tx0), self.macfwd_expected(self.in1, PEER0, macs[0]),
                               "port 1 -> 0")
        streams = rig.stream_fwd_stats(out)
        self.assertEqual(streams[(0, 1)]["untouched"], fr.runts(self.in0), out)
        self.assertEqual(streams[(1, 0)]["untouched"], fr.runts(self.in1), out)

    def refused(self, plugin_arg):
        """Runs pmdfwd with a plugin that must stop it before any port starts."""
        run = forwarder.run_pmdfwd(["--vdev", "net_null0", "--vdev", "net_null1"],
                                   [plugin_arg, "--forward-mode=io", "--run-time=1"], cwd=self.tmp)
        self.assertEqual(run.rc, 1, run.describe())
        self.assertNotIn("packet forwarding", run.out)
        return run.out

    def test_example_exports_only_the_entry(self):
        symbols = check(["nm", "-D", "--defined-only", self.macfwd]).split()
        self.assertIn("pmdfwd_plugin_engines", symbols)
        self.assertNotIn("macfwd_burst", symbols)

    def test_macfwd_plugin_forwards_the_pcap_rig(self):
        d = self.run_dir()
        vdevs, peers, tx0, tx1 = self.rig_args(d)
        run = forwarder.run_pmdfwd(vdevs, [f"--engine-plugin={self.macfwd}", "--forward-mode=macfwd",
                                           "--no-flush-rx", f"--run-time={RUN_TIME}", *peers], cwd=d)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertIn("macfwd packet forwarding", run.out)
        self.assertMacfwdOutput(run.out, tx0, tx1)

    def test_bare_plugin_name_is_not_loaded_from_cwd(self):
        # Issue 37 item 7: a name without '/' goes where dlopen looks (and
        # the plugin directory), never the current directory: run as root
        # from a world-writable directory, that would load a planted file.
        # ./macfwd.so means it; "--engine-plugin PATH" is as valid as
        # "--engine-plugin=PATH".
        d = self.run_dir()
        shutil.copy(self.macfwd, d / "macfwd.so")
        run = forwarder.run_pmdfwd(["--vdev", "net_null0"], ["--engine-plugin", "macfwd.so", "--help"],
                                   cwd=d)
        self.assertEqual(run.rc, 1, run.describe())
        self.assertIn("pmdfwd: cannot load plugin: macfwd.so: cannot open shared object file",
                      run.out)
        self.assertNotIn("set destination MAC", run.out)
        run = forwarder.run_pmdfwd(["--vdev", "net_null0"], ["--engine-plugin", "./macfwd.so", "--help"],
                                   cwd=d)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertRegex(run.out, r"\n  macfwd +set destination MAC to the TX port's peer")

    def test_abbreviated_engine_plugin_option_loads_the_plugin(self):
        # Issue 37 item 5: the parser takes a unique prefix, so the early
        # scan that loads plugins must too, in both spellings.
        for args in ([f"--engine-plug={self.macfwd}"], ["--engine-p", str(self.macfwd)]):
            run = forwarder.run_pmdfwd(NULL_VDEVS, [*args, "--help"], cwd=self.tmp)
            self.assertEqual(run.rc, 0, run.describe())
            self.assertRegex(run.out, r"\n  macfwd +set destination MAC to the TX port's peer")
        d = self.run_dir()
        vdevs, peers, tx0, tx1 = self.rig_args(d)
        run = forwarder.run_pmdfwd(vdevs, [f"--engine-plugi={self.macfwd}", "--forward-mode=macfwd",
                                           "--no-flush-rx", f"--run-time={RUN_TIME}", *peers], cwd=d)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertMacfwdOutput(run.out, tx0, tx1)

    def plugin_dir_env(self, *plugins):
        """A plugin directory holding `plugins`, as PMDFWD_PLUGIN_DIR."""
        d = self.run_dir() / "plugins"
        d.mkdir()
        for p in plugins:
            shutil.copy(p, d / Path(p).name)
        return d, dict(os.environ, PMDFWD_PLUGIN_DIR=str(d))

    def test_plugin_directory_is_loaded_by_itself(self):
        d = self.run_dir()
        vdevs, peers, tx0, tx1 = self.rig_args(d)
        _, env = self.plugin_dir_env(self.macfwd)
        run = forwarder.run_pmdfwd(vdevs, ["--forward-mode=macfwd", "--no-flush-rx",
                                           f"--run-time={RUN_TIME}", *peers], cwd=d, env=env)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertMacfwdOutput(run.out, tx0, tx1)

    def test_plugin_in_the_directory_and_named_by_path_loads_once(self):
        plugins, env = self.plugin_dir_env(self.macfwd)
        for arg in (f"--engine-plugin={plugins / 'macfwd.so'}", "--engine-plugin=macfwd.so"):
            run = forwarder.run_pmdfwd(NULL_VDEVS, [arg, "--help"], cwd=self.run_dir(), env=env)
            self.assertEqual(run.rc, 0, run.describe())
            self.assertEqual(len(re.findall(r"\n  macfwd +set destination", run.out)), 1, run.out)

    def test_32_plugins_loaded_at_once(self):
        # Issue 29.3: 32 plugins in the plugin directory, each its own
        # engine: all load, --help lists every one, and the last forwards.
        d = self.run_dir()
        names = [f"many{i:02d}" for i in range(32)]
        cflags = type(self).pkg_config("--cflags", "pmdfwd-engine")

        def build(name):
            out = d / f"{name}.so"
            check(["cc", "-std=gnu11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall",
                   "-Wextra", "-Werror", f'-DENGINE_NAME="{name}"', *cflags, "-o", out,
                   MANY_PLUGIN])
            return out

        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            plugins, env = self.plugin_dir_env(*pool.map(build, names))
        run = forwarder.run_pmdfwd(NULL_VDEVS, ["--help"], cwd=d, env=env)
        self.assertEqual(run.rc, 0, run.describe())
        for name in names:
            self.assertRegex(run.out, rf"\n  {name} +one of many plugins")
        run = forwarder.run_pmdfwd(NULL_VDEVS, [f"--forward-mode={names[-1]}", "--run-time=1"],
                                   cwd=d, env=env)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertIn(f"{names[-1]} packet forwarding", run.out)
        self.assertRegex(run.out, r"Engine-untouched: [1-9]")

    def test_refused_plugin_in_the_directory_names_it(self):
        plugins, env = self.plugin_dir_env(self.bad["CLASH_BUILTIN"])
        run = forwarder.run_pmdfwd(NULL_VDEVS, ["--forward-mode=io", "--run-time=1"],
                                   cwd=self.tmp, env=env)
        self.assertEqual(run.rc, 1, run.describe())
        self.assertIn("'io' is already taken by built-in", run.out)
        self.assertIn(f"in the plugin directory {plugins}", run.out)
        self.assertNotIn("packet forwarding", run.out)

    def test_uninstalled_pc_builds_the_example_without_writing_into_the_build_dir(self):
        # The guide's step for a build tree: PKG_CONFIG_PATH=build/meson-uninstalled.
        env = dict(os.environ, PKG_CONFIG_PATH=str(build_dir() / "meson-uninstalled"))
        cflags = check(["pkg-config", "--cflags", "pmdfwd-engine"], env=env).split()
        self.assertIn(f"-I{rig.SOURCE_ROOT.resolve() / 'include'}", cflags)
        # meson test's own logs change while the suites run.
        tops = lambda: {p: p.stat().st_mtime_ns for p in build_dir().iterdir()  # noqa: E731
                        if p.name != "meson-logs"}
        before = tops()
        out = self.run_dir() / "macfwd"
        check(["make", "-s", "-C", EXAMPLE, f"BUILD={out}"], env=env)
        self.assertTrue((out / "macfwd.so").is_file())
        self.assertEqual(tops(), before)

    def test_plugin_built_for_another_abi_version_is_refused(self):
        # Issue 34: one version loads; an older and a newer one are refused
        # by --engine-plugin and by `load engine`, naming both.
        for variant, delta in (("OLDER_ABI", -1), ("NEWER_ABI", 1)):
            plugin = self.bad[variant]
            out = self.refused(f"--engine-plugin={plugin}")
            m = re.search(rf"pmdfwd: engine plugin '{re.escape(str(plugin))}' was built for pmdfwd "
                          r"engine ABI (\d+); this pmdfwd speaks ABI (\d+) \(rebuild it against "
                          r"this pmdfwd's <pmdfwd/engine.h>\)\n", out)
            self.assertIsNotNone(m, out)
            self.assertEqual(int(m[1]), int(m[2]) + delta, out)
            rc, p = self.run_rogue_free(f"load engine {plugin}\nset fwd badplugin\nquit\n")
            self.assertEqual(rc, 0, p.describe())
            self.assertIn(m[0][len("pmdfwd: "):], p.out)
            self.assertIn("unknown mode 'badplugin'", p.out)

    def test_entry_refusing_the_host_abi_is_refused_with_its_message(self):
        out = self.refused(f"--engine-plugin={self.bad['REFUSE_HOST_ABI']}")
        self.assertRegex(out, r"pmdfwd: plugin '.*bad_refuse_host_abi\.so' refused to load: "
                              r"badplugin wants engine ABI (\d+), the host has (\d+)")

    def test_engine_named_like_a_builtin_is_refused(self):
        out = self.refused(f"--engine-plugin={self.bad['CLASH_BUILTIN']}")
        self.assertRegex(out, r"pmdfwd: plugin '.*bad_clash_builtin\.so' refused: engine name "
                              r"'io' is already taken by built-in")

    def test_shared_object_without_entry_is_refused(self):
        out = self.refused(f"--engine-plugin={self.bad['NO_ENTRY']}")
        self.assertRegex(out, r"pmdfwd: '.*bad_no_entry\.so' is not a pmdfwd engine plugin "
                              r"\(no pmdfwd_plugin_engines symbol\)")

    def test_missing_file_is_refused(self):
        missing = self.tmp / "no-such-plugin.so"
        out = self.refused(f"--engine-plugin={missing}")
        self.assertIn(f"pmdfwd: cannot load plugin: {missing}: cannot open shared object file: "
                      "No such file or directory", out)

    # ---- Issue 37: plugins refused whole at load, with the reason.

    def assert_refused_both_ways(self, plugin, reason, mode):
        """Refused by --engine-plugin and by `load engine`, nothing of it
        registered (its sibling badsibling neither) and the shell going on."""
        out = self.refused(f"--engine-plugin={plugin}")
        self.assertIn(f"pmdfwd: plugin '{plugin}' refused: {reason}", out)
        rc, p = self.run_rogue_free(f"load engine {plugin}\nset fwd {mode}\nset fwd badsibling\n"
                                    "quit\n")
        self.assertEqual(rc, 0, p.describe())
        self.assertIn(f"plugin '{plugin}' refused: {reason}", p.out)
        self.assertNotIn("Loaded", p.out)
        self.assertIn(f"unknown mode '{mode}'", p.out)
        self.assertIn("unknown mode 'badsibling'", p.out)
        return out

    def test_second_default_engine_is_refused_with_the_reason(self):
        # Item 3: the trial registration saw only the plugin's own engines,
        # and the real one's refusal was dropped: "Loaded", the sibling
        # registered, the engine itself nowhere.
        self.assert_refused_both_ways(
            self.bad["SECOND_DEFAULT"],
            "engine 'badplugin' declares itself the default mode, which 'io' already is "
            "(PMDFWD_ENGINE_F_DEFAULT: one engine at most)", "badplugin")

    def test_alias_taking_an_option_is_refused(self):
        # Item 1: `--help` listed --tx-ip twice, and the plugin's alias
        # took testpmd's option.
        self.assert_refused_both_ways(
            self.bad["ALIAS_OPTION"],
            "engine 'badplugin' parameter 'level' alias 'tx-ip' is already the option --tx-ip "
            "(an alias must be no option's name", "badplugin")

    def test_alias_taking_an_engine_parameter_is_refused(self):
        # Item 1: --macswap-kernel=scalar reached the plugin, not macswap.
        self.assert_refused_both_ways(
            self.bad["ALIAS_ENGINE_PARAM"],
            "engine 'badplugin' parameter 'level' alias 'macswap-kernel' would take "
            "--macswap-kernel, engine 'macswap' parameter 'kernel'", "badplugin")

    def test_alias_making_an_abbreviation_ambiguous_is_refused(self):
        # Item 1: --nb-core=1 became ambiguous (nb-cores, nb-coresx) and every
        # run stopped, the plugin being in the plugin directory.
        plugins, env = self.plugin_dir_env(self.bad["ALIAS_PREFIX"])
        run = forwarder.run_pmdfwd(NULL_VDEVS, ["--nb-core=1", "--run-time=1"], cwd=self.tmp, env=env)
        self.assertEqual(run.rc, 1, run.describe())
        self.assertIn("engine 'badplugin' parameter 'level' alias 'nb-coresx' extends the option "
                      "--nb-cores (its abbreviations, --nb-core, would be ambiguous)", run.out)
        self.assertIn(f"in the plugin directory {plugins}", run.out)
        self.assertNotIn("is ambiguous; possibilities", run.out)

    def test_unknown_engine_flags_are_refused(self):
        # Item 10, as unknown command-row flags are.
        self.assert_refused_both_ways(
            self.bad["UNKNOWN_FLAGS"],
            "engine 'badplugin' has unknown flags 0x200 (allowed: PMDFWD_ENGINE_F_NO_RX",
            "badplugin")

    def test_ctx_init_without_ctx_size_is_refused(self):
        # Item 12b: ctx_init never ran and the hooks got NULL.
        self.assert_refused_both_ways(
            self.bad["CTX_INIT_NO_SIZE"],
            "engine 'badplugin' has ctx_init but ctx_size 0 (ctx_init needs a ctx_size > 0)",
            "badplugin")

    def test_fifo_is_refused_before_it_is_opened(self):
        # Item 8: dlopen blocked in open() on a FIFO until a signal came.
        fifo = self.run_dir() / "engine.so"
        os.mkfifo(fifo)
        reason = (f"cannot load plugin: {fifo} is not a regular file (a FIFO, directory or device "
                  "cannot be loaded; expected a .so file)")
        out = self.refused(f"--engine-plugin={fifo}")
        self.assertIn(f"pmdfwd: {reason}", out)
        rc, p = self.run_rogue_free(f"load engine {fifo}\nload engine {fifo.parent}\n"
                                    "show config fwd\nquit\n")
        self.assertEqual(rc, 0, p.describe())
        self.assertIn(reason, p.out)
        self.assertIn(f"cannot load plugin: {fifo.parent} is not a regular file", p.out)

    def test_load_engine_in_interactive_mode(self):
        # A refused plugin first: the shell reports it, keeps going, and none
        # of its engines is left registered. Then the good one.
        d = self.run_dir()
        vdevs, peers, tx0, tx1 = self.rig_args(d)
        cmds = d / "cmds.txt"
        cmds.write_text(f"load engine {self.bad['NEWER_ABI']}\n"
                        "set fwd badplugin\n"
                        f"load engine {self.macfwd}\n"
                        "set fwd macfwd\n"
                        "start\n")
        prefix = rig.unique_prefix()
        fwd = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *vdevs],
                                     ["-i", f"--cmdline-file={cmds}", "--no-flush-rx", *peers],
                                     prefix=prefix, cwd=d, stdin=subprocess.PIPE)
        # net_pcap flushes its dumper every burst: wait until both
        # outputs hold every frame, then stop from the shell's stdin.
        want = {tx0: pcap_size(self.in1), tx1: pcap_size(self.in0)}
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and fwd.proc.poll() is None and any(
                not p.exists() or p.stat().st_size < n for p, n in want.items()):
            time.sleep(0.05)
        fwd.write("show fwd stats all\nstop\nquit\n")
        fwd.proc.stdin.close()
        rc = fwd.wait(20)
        out = fwd.out
        self.assertEqual(rc, 0, out)
        self.assertRegex(out, r"engine plugin '.*bad_newer_abi\.so' was built for pmdfwd engine ABI")
        self.assertIn("cmds.txt:1: command failed, continuing", out)
        allowed = re.search(r"unknown mode 'badplugin' \(allowed: (.*)\)", out)
        self.assertIsNotNone(allowed, out)
        self.assertNotIn("badplugin", allowed[1].split(", "))
        self.assertIn("io", allowed[1].split(", "))
        loaded = re.search(f"Loaded {re.escape(str(self.macfwd))}; modes: (.*)", out)
        self.assertIsNotNone(loaded, out)
        self.assertIn("macfwd", loaded[1].split(", "))
        self.assertIn("Set macfwd packet forwarding mode", out)
        self.assertIn("macfwd packet forwarding - ports=2", out)
        self.assertMacfwdOutput(out, tx0, tx1)

    # ---- Issue 13: plugins that load and then break the contract. Every run
    # is an owned process (its group killed on any exit) with a --run-time.
    def run_rogue(self, app, *, stdin=subprocess.DEVNULL, timeout=30):
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *NULL_VDEVS],
                                   [f"--engine-plugin={self.rogue_so}", *app], prefix=prefix,
                                   cwd=self.tmp, stdin=stdin)
        rc = p.wait(timeout)
        self.assertIsNotNone(rc, "still running after %d s\n%s" % (timeout, p.describe()))
        self.assertNotIn("Segmentation", p.out)
        self.assertNotIn("AddressSanitizer", p.out)
        return rc, p

    def test_stream_init_failing_on_the_second_stream(self):
        # stream_fini must run on stream 0 only: the plugin's fini
        # dereferences priv, NULL on the stream whose init failed.
        rc, p = self.run_rogue(["--forward-mode=failinit", "--run-time=5"])
        self.assertEqual(rc, 1, p.describe())
        self.assertIn("pmdfwd: engine failinit could not set up stream 1", p.out)

    def test_stream_init_failure_leaves_the_shell_usable(self):
        with open(self.write_cmds("start\nset fwd io\nstart\nstop\nquit\n")) as cmds:
            rc, p = self.run_rogue(["-i", "--run-time=60", "--forward-mode=failinit"], stdin=cmds)
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("engine failinit could not set up stream 1", p.out)
        self.assertIn("io packet forwarding - ports=2", p.out)
        self.assertIn("Accumulated forward statistics for all ports", p.out)

    def write_cmds(self, text):
        d = self.run_dir()
        (d / "cmds").write_text(text)
        return d / "cmds"

    def assert_overrun_clamped(self, mode, claimed):
        rc, p = self.run_rogue([f"--forward-mode={mode}", "--run-time=1"])
        self.assertEqual(rc, 0, p.describe())
        msg = (f"pmdfwd: engine {mode} broke the burst contract: it returned {claimed} packets "
               "from a burst of at most 32")
        self.assertEqual(p.out.count("broke the burst contract"), 1, p.describe())
        self.assertIn(msg, p.out)
        streams = rig.stream_fwd_stats(p.out)
        self.assertEqual(len(streams), 2, p.out)
        for key, s in streams.items():
            # Exactly the packets the engine made were sent: no stale
            # pkts[] entry past max went out or was freed.
            self.assertGreater(s["generated"], 0, f"stream {key}\n{p.out}")
            self.assertEqual(s["tx"] + s["dropped"], s["generated"], f"stream {key}\n{p.out}")
        self.assertRegex(p.out, r"Engine-overruns: [1-9]\d* \(bursts that returned more than max")
        ports = rig.port_fwd_stats(p.out)
        self.assertEqual(sum(v["tx"] for v in ports.values()),
                         sum(s["tx"] for s in streams.values()), p.out)

    def test_burst_returning_max_plus_one(self):
        self.assert_overrun_clamped("overrun1", 33)

    def test_burst_returning_600(self):
        self.assert_overrun_clamped("overrun600", 600)

    # Issue 13, item 4: text a plugin writes without a NUL (every byte of the
    # buffer filled) is cut at the buffer's end, never read past it.

    def test_unterminated_entry_message(self):
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *NULL_VDEVS],
                                   [f"--engine-plugin={self.rogue_entry_so}", "--run-time=5"],
                                   prefix=prefix, cwd=self.tmp)
        self.assertEqual(p.wait(30), 1, p.describe())
        m = re.search(r"refused to load: (X*)\n", p.out)
        self.assertIsNotNone(m, p.describe())
        self.assertEqual(len(m[1]), 255, p.describe())  # PMDFWD_ERRMSG_LEN - 1

    def test_unterminated_set_param_message(self):
        rc, p = self.run_rogue(["--unterminated-key=value", "--run-time=5"])
        self.assertEqual(rc, 2, p.describe())
        m = re.search(r"pmdfwd: --unterminated-key: (E*)\n", p.out)
        self.assertIsNotNone(m, p.describe())
        self.assertEqual(len(m[1]), 255, p.describe())

    def test_unterminated_describe_and_set_in_the_shell(self):
        cmds = "show fwd unterminated\nset fwd unterminated\nshow config fwd\n" \
               "set unterminated key value\nquit\n"
        with open(self.write_cmds(cmds)) as f:
            rc, p = self.run_rogue(["-i", "--run-time=60"], stdin=f)
        self.assertEqual(rc, 0, p.describe())
        # `show fwd` prints the text alone, `show config fwd` indented.
        described = re.findall(r"(?:^|\n)(?:pmdfwd> )?(?:  )?(D+)\n", p.out)
        self.assertEqual([len(d) for d in described], [2047, 2047], p.describe())
        # Whole lines only: other output (a sanitizer's, EAL's) may end in "E".
        refused = re.findall(r"(?:^|\n)(?:pmdfwd> )?(E+)\n", p.out)
        self.assertEqual([len(e) for e in refused], [255], p.describe())

    def test_engine_summary_and_describe_are_shown_escaped(self):
        # Issue 37 item 9: --help printed the summary's ESC[2J raw (a
        # cleared screen), and `show fwd` the describe text; the describe
        # text keeps its line ends.
        rc, p = self.run_rogue(["--help"])
        self.assertEqual(rc, 0, p.describe())
        self.assertRegex(p.out, r"\n  escapes +clears\\x1b\[2J the screen\\x07\n")
        with open(self.write_cmds("show fwd escapes\nshow config fwd\nquit\n")) as f:
            rc, p = self.run_rogue(["-i", "--run-time=60", "--forward-mode=escapes"], stdin=f)
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("escapes: a\\x1b[2Jb\\x07c\n  second\\x0dline\\x7f\n", p.out)
        self.assertFalse(any(c in p.out for c in "\x1b\x07\r\x7f"), repr(p.out))

    # ---- Issue 20: an engine's own shell commands, from a plugin.

    def run_notes(self, plugin, cmds):
        prefix = rig.unique_prefix()
        with open(self.write_cmds(cmds)) as f:
            p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *NULL_VDEVS],
                                       [f"--engine-plugin={plugin}", "-i", "--run-time=60"],
                                       prefix=prefix, cwd=self.tmp, stdin=f)
            rc = p.wait(30)
        self.assertIsNotNone(rc, "still running after 30 s\n" + p.describe())
        return rc, p

    def test_plugin_commands_run_through_the_shell(self):
        cmds = ('help\nhelp notes\nnotes add "first note"\nnotes add second\nshow notes\n'
                "show notes 2\nshow notes 9\nnotes port 5\nnotes port all\n"
                "set fwd notes\nstart\nshow notes\nnotes clear\nstop\nnotes clear\n"
                "show notes\nquit\n")
        rc, p = self.run_notes(self.cmd_so, cmds)
        self.assertEqual(rc, 0, p.describe())
        out = p.out
        self.assertRegex(out, r"\n    help notes +: Commands of the notes forwarding engine\.\n")
        self.assertIn("\nnotes engine:\n-------------\n\nnotes add <text>\n    keep a note\n",
                      out)
        self.assertIn("\nnotes clear\n    forget every note (forwarding stopped)\n", out)
        self.assertIn("note 1: first note\n", out)
        self.assertIn("notes: 2 (notes, stopped)\nnote 1: first note\nnote 2: second\n", out)
        self.assertIn("notes: no note '9' (allowed: 1..2)", out)
        # The host checks the port before the engine sees it.
        self.assertIn("Invalid port 5", out)
        self.assertNotIn("port word '5'", out)
        self.assertIn("notes: port word 'all'", out)
        self.assertIn("notes: 2 (notes, forwarding)", out)
        self.assertIn('Please stop forwarding first ("notes clear" needs forwarding stopped)', out)
        self.assertIn("notes cleared\n", out)
        self.assertIn("notes: 0 (notes, stopped)", out)

    def test_engines_keep_their_state_in_their_own_contexts(self):
        # Issue 30 item 2: one source, two engines, two contexts.
        cmds = ("show tally-a\nset tally-a level 3\nset tally-b level 5\nshow fwd tally-a\n"
                "show fwd tally-b\nset fwd tally-b\nstart\nstop\nshow tally-a\nshow tally-b\n"
                "quit\n")
        rc, p = self.run_notes(self.ctx_so, cmds)
        self.assertEqual(rc, 0, p.describe())
        out = p.out
        self.assertIn("tally-a: level 1, inits 1, port begins 0, streams 0\n", out)
        self.assertIn("tally: level 3\n", out)
        self.assertIn("tally: level 5\n", out)
        self.assertIn("tally-a: level 3, inits 1, port begins 0, streams 0\n", out)
        self.assertRegex(out, r"tally-b: level 5, inits 1, port begins 2, streams [1-9]\d*")

    def test_plugin_answer_with_control_bytes_is_shown_escaped(self):
        # Issue 29.4: the notes engine echoes its argument; ESC, BEL and CR
        # in it reached the terminal raw (a screen clear, a bell, a line
        # overwritten). Shown as \xNN, as the host shows its own texts.
        rc, p = self.run_notes(self.cmd_so, 'notes add "a\x1b[2Jb\x07c\rd\x7f"\nquit\n')
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("note 1: a\\x1b[2Jb\\x07c\\x0dd\\x7f\n", p.out)
        answer = p.out.split("note 1: ", 1)[1].split("\n", 1)[0]
        self.assertFalse(any(ord(c) < 0x20 or ord(c) == 0x7f for c in answer), repr(answer))

    def test_plugin_command_clashing_with_the_shell_is_refused_at_load(self):
        out = self.refused(f"--engine-plugin={self.clash_so}")
        self.assertRegex(out, r"pmdfwd: plugin '.*notes_clash\.so' refused: engine 'notes' "
                              r"command 'set notes colour <c>' clashes with the shell's "
                              r"'set <mode> <key> <value>'")
        # In the shell: refused, nothing of it registered, the shell goes on.
        rc, p = self.run_rogue_free(f"load engine {self.clash_so}\nset fwd notes\n"
                                    "notes add x\nquit\n")
        self.assertEqual(rc, 0, p.describe())
        self.assertIn("clashes with the shell's 'set <mode> <key> <value>'", p.out)
        self.assertIn("unknown mode 'notes'", p.out)
        self.assertIn("unknown command 'notes'", p.out)

    def run_rogue_free(self, cmds):
        prefix = rig.unique_prefix()
        with open(self.write_cmds(cmds)) as f:
            p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *NULL_VDEVS], ["-i", "--run-time=60"],
                                       prefix=prefix, cwd=self.tmp, stdin=f)
            rc = p.wait(30)
        self.assertIsNotNone(rc, "still running after 30 s\n" + p.describe())
        return rc, p

    def test_builtin_engine_command_macswap_calibrate(self):
        rc, p = self.run_rogue_free("macswap calibrate\nset macswap kernel scalar\n"
                                    "macswap calibrate\nquit\n")
        self.assertEqual(rc, 0, p.describe())
        self.assertEqual(p.out.count("auto picks "), 2, p.describe())
        self.assertIn("scalar stays forced", p.out)

    # Issue 13, item 7: `load engine` takes a quoted path with a space.
    def test_load_engine_path_with_a_space(self):
        d = self.run_dir() / "my engines"
        d.mkdir()
        shutil.copy(self.macfwd, d / "mac fwd.so")
        cmds = f'load engine "{d}/mac fwd.so"\nset fwd macfwd\nquit\n'
        prefix = rig.unique_prefix()
        with open(self.write_cmds(cmds)) as f:
            p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *NULL_VDEVS], ["-i", "--run-time=60"],
                                       prefix=prefix, cwd=self.tmp, stdin=f)
            self.assertEqual(p.wait(30), 0, p.describe())
        self.assertIn(f"Loaded {d}/mac fwd.so; modes: ", p.out)
        self.assertIn("Set macfwd packet forwarding mode", p.out)


if __name__ == "__main__":
    unittest.main()
