"""The project's Python packages, one per audience (python/pmdfwd_exporter:
installed for users; pmdfwd_perf: the perf tool; pmdfwd_dev: CI and
developer tooling the tests share), and the rules around them: imports run
one way between them, tools never import tests/, and no file but a script's
entry point edits sys.path (meson's default test setup gives every test
PYTHONPATH)."""
import os
import re
import subprocess
import tempfile
import time
import tomllib
import unittest
from pathlib import Path

from pmdfwd_dev import eal, owned_process

ROOT = Path(__file__).resolve().parents[2]
# Entry points run outside meson's test environment: one path line each.
ENTRY_POINTS = {"scripts/perf", "scripts/soak.py", "scripts/dpdk-matrix", "scripts/dts-table.py",
                "scripts/pmdfwd-exporter.py", "scripts/seed-testpmds", "scripts/testpmd-patch",
                "doc/man/argparse_man.py"}


def python_files():
    for top in ("python", "scripts", "tests", "doc"):
        for path in sorted((ROOT / top).rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or (path.suffix == "" and path.read_bytes()[:40].startswith(b"#!")
                                        and b"python" in path.read_bytes()[:40]):
                yield path


class Layout(unittest.TestCase):
    def test_only_entry_points_edit_sys_path(self):
        offenders = [str(p.relative_to(ROOT)) for p in python_files()
                     if re.search(r"sys\.path\.(insert|append)", p.read_text(errors="replace"))
                     and str(p.relative_to(ROOT)) not in ENTRY_POINTS]
        self.assertEqual(offenders, [], "sys.path edits outside the entry points: use PYTHONPATH "
                         "(meson's default test setup) or import pmdfwd_dev")

    def test_tools_never_import_tests(self):
        offenders = []
        for p in python_files():
            rel = p.relative_to(ROOT)
            if rel.parts[0] in ("python", "scripts") or rel.parts[:2] == ("doc", "man"):
                # DTS's own suites (DPDK's dts/tests) are not ours.
                if re.search(r"""(?<!"dts" / )["'/]tests["'/]""", p.read_text(errors="replace")):
                    offenders.append(str(rel))
        self.assertEqual(offenders, [], "tools must not reach into tests/")

    def test_pyproject_installs_every_package(self):
        # A subpackage left out of the list installs without its modules.
        with open(ROOT / "python" / "pyproject.toml", "rb") as f:
            listed = set(tomllib.load(f)["tool"]["setuptools"]["packages"])
        found = {".".join(p.parent.relative_to(ROOT / "python").parts)
                 for p in (ROOT / "python").rglob("__init__.py") if "__pycache__" not in p.parts}
        self.assertEqual(listed, found)

    def test_packages_import_one_way(self):
        # The installed exporter stands alone (the Debian package ships it
        # without the others); the CI tooling never depends on the perf tool
        # built on it.
        allowed = {"pmdfwd_exporter": set(), "pmdfwd_dev": set(), "pmdfwd_perf": {"pmdfwd_dev"}}
        self.assertEqual({p.name for p in (ROOT / "python").iterdir() if (p / "__init__.py").exists()},
                         set(allowed))
        offenders = []
        for package, may in allowed.items():
            for path in sorted((ROOT / "python" / package).rglob("*.py")):
                used = set(re.findall(r"^\s*(?:from|import)\s+(pmdfwd_\w+)", path.read_text(), re.M))
                for other in sorted(used - may - {package}):
                    offenders.append(f"{path.relative_to(ROOT)} imports {other}")
        self.assertEqual(offenders, [])

    def test_packages_hold_python_only(self):
        # Data a tool applies (the seed study's C) lives with its scripts;
        # the perf doc's templates are the one exception, read by docgen.
        others = [str(p.relative_to(ROOT)) for p in (ROOT / "python").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".py", ".j2")
                  and p.name != "pyproject.toml"]
        self.assertEqual(others, [])

    def test_every_python_test_module_is_its_own_meson_test(self):
        # One way to declare them: a table per folder, a row per module
        # (tests/meson.build, tests/perf/meson.build); a module left out of
        # its table would never run.
        for folder, build in (("python", "meson.build"), ("perf", "perf/meson.build")):
            text = (ROOT / "tests" / build).read_text()
            rows = set(re.findall(r"\['([a-z0-9_]+)', \d+(?:, (?:true|false))?\]", text))
            modules = {p.stem[len("test_"):] for p in (ROOT / "tests" / folder).glob("test_*.py")}
            self.assertEqual(modules - rows, set(), f"tests/{folder}: modules no meson test runs")
            self.assertEqual(rows & modules, modules)

    def test_entry_points_hold_no_logic(self):
        # A script finds the package and calls its main; the tool is the
        # package's (importable, type-checked, tested): the perf tool, the
        # soak, the DTS table, the exporter, the DPDK matrix.
        for name in ("perf", "soak.py", "dts-table.py", "pmdfwd-exporter.py", "dpdk-matrix"):
            text = (ROOT / "scripts" / name).read_text()
            self.assertNotIn("def ", text, name)
            self.assertNotIn("argparse", text, name)
            self.assertLess(len(text.splitlines()), 20, name)

    def test_shell_wrappers_exec_the_package(self):
        # The rig scripts keep their names and arguments; their logic is the
        # package's (pmdfwd_dev.rig).
        for name, module in (("dts-tap-bridge.sh", "pmdfwd_dev.rig.tap_bridge"),
                             ("dts-veth-rig.sh", "pmdfwd_dev.rig.dts_veth"),
                             ("test-packages.sh", "pmdfwd_dev.package_check")):
            text = (ROOT / "scripts" / name).read_text()
            self.assertIn(f"exec /usr/bin/python3 -m {module} \"$@\"", text, name)
            self.assertLess(len(text.splitlines()), 15, name)


class Eal(unittest.TestCase):
    def test_runtime_dir_follows_eal(self):
        if os.geteuid() == 0:
            self.assertEqual(eal.runtime_dir("x"), "/var/run/dpdk/x")
        self.assertTrue(eal.telemetry_socket("p").endswith("/dpdk/p/dpdk_telemetry.v2"))

    def test_remove_runtime_dir_and_hugepage_files(self):
        prefix = f"pmdfwd-pkg-test-{os.getpid()}"
        d = Path(eal.runtime_dir(prefix))
        d.mkdir(parents=True)
        (d / "config").write_text("")
        eal.remove_runtime_dir(prefix)
        self.assertFalse(d.exists())
        with tempfile.TemporaryDirectory() as mount:
            for name in (prefix + "map_0", prefix + "map_1", "other" + "map_0"):
                Path(mount, name).write_text("")
            self.assertEqual(eal.hugepage_files(prefix, mount), [prefix + "map_0", prefix + "map_1"])
            eal.remove_hugepage_files(prefix, mount)
            self.assertEqual(sorted(os.listdir(mount)), ["othermap_0"])

    def test_hugepages_available_says_why_not(self):
        with tempfile.TemporaryDirectory() as tmp:
            meminfo, mounts = Path(tmp, "meminfo"), Path(tmp, "mounts")
            meminfo.write_text("HugePages_Total: 512\nHugePages_Free:  10\n")
            mounts.write_text("proc /proc proc rw 0 0\n")
            ok, why = eal.hugepages_available(meminfo=meminfo, mounts=mounts)
            self.assertFalse(ok)
            self.assertIn("no hugetlbfs mounted", why)
            mounts.write_text("nodev /dev/hugepages hugetlbfs rw 0 0\n")
            self.assertEqual(eal.hugepages_available(meminfo=meminfo, mounts=mounts),
                             (False, "only 10 free hugepages (need 64+; echo 512 > /proc/sys/vm/nr_hugepages)"))
            self.assertEqual(eal.hugepages_available(8, meminfo=meminfo, mounts=mounts), (True, "10 free hugepages"))


class Owner(unittest.TestCase):
    def test_run_check_raises_like_subprocess(self):
        with self.assertRaises(subprocess.CalledProcessError):
            owned_process.run(["false"], timeout=10, check=True)
        self.assertEqual(owned_process.run(["true"], timeout=None, check=True).returncode, 0)

    def test_child_carries_the_parent_death_signal(self):
        # /proc/<pid>/status has no field for it: ask the child itself.
        res = owned_process.run(["python3", "-c", "import ctypes; v = ctypes.c_int(); "
                                 "ctypes.CDLL(None).prctl(2, ctypes.byref(v), 0, 0, 0); print(v.value)"],
                                timeout=30, stdout=subprocess.PIPE, text=True)
        self.assertEqual(res.stdout.strip(), "9")

    def test_start_returns_once_the_death_signal_is_set(self):
        # setpriv sets it when it runs: a start returning before that let a
        # parent killed at once leave its child behind for good.
        for _ in range(20):
            p = owned_process.popen(["sleep", "30"])
            try:
                with open(f"/proc/{p.pid}/comm") as f:
                    self.assertEqual(f.read().strip(), "sleep")
            finally:
                p.kill()
                p.wait()

    def test_start_of_a_missing_program_returns_at_once(self):
        t0 = time.monotonic()
        p = owned_process.popen(["/nonexistent/pmdfwd-test-program"], stderr=subprocess.DEVNULL)
        self.assertNotEqual(p.wait(10), 0)
        self.assertLess(time.monotonic() - t0, 5)

    def test_child_leads_its_own_group(self):
        res = owned_process.run(["sh", "-c", "echo $$ $(ps -o pgid= $$)"], timeout=30,
                                stdout=subprocess.PIPE, text=True)
        pid, pgid = res.stdout.split()
        self.assertEqual(pid, pgid)


if __name__ == "__main__":
    unittest.main()
