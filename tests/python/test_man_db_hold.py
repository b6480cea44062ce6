"""scripts/man-db-hold.sh: man-db's switch is set aside for one install and
is back however the caller ends (success, a failed install under set -e, a
run killed before it could put it back); a machine without the switch keeps
having none."""
import pathlib
import subprocess
import tempfile
import unittest

from pmdfwd_dev import owned_process

HOLD = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "man-db-hold.sh"


class ManDbHoldTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.flag = pathlib.Path(self.dir.name, "auto-update")
        self.aside = pathlib.Path(self.dir.name, "auto-update.pmdfwd-setup")

    def tearDown(self):
        self.dir.cleanup()

    def run_bash(self, body):
        """BODY after sourcing the script, in bash -e; its exit status and output."""
        script = f'set -euo pipefail\n. "{HOLD}"\n{body}\n'
        return owned_process.run(["bash", "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, timeout=30,
                                 env={"PMDFWD_MAN_DB_FLAG": str(self.flag), "PATH": "/usr/bin:/bin"})

    def test_held_during_the_install_and_back_after(self):
        self.flag.touch()
        p = self.run_bash(f'hold_man_db\n[[ ! -e "{self.flag}" ]] || exit 9\nrelease_man_db')
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("man-db's index update skipped", p.stdout)
        self.assertTrue(self.flag.exists())
        self.assertFalse(self.aside.exists())

    def test_back_after_a_failed_install(self):
        self.flag.touch()
        p = self.run_bash("hold_man_db\nfalse\nrelease_man_db")
        self.assertNotEqual(p.returncode, 0)
        self.assertTrue(self.flag.exists(), "the switch must be back after set -e ended the run")
        self.assertFalse(self.aside.exists())

    def test_back_after_a_run_that_was_killed(self):
        self.aside.touch()  # what a SIGKILLed run leaves
        p = self.run_bash("hold_man_db")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertTrue(self.flag.exists())
        self.assertFalse(self.aside.exists())

    def test_no_switch_stays_no_switch(self):
        p = self.run_bash("hold_man_db\nrelease_man_db")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(p.stdout, "")
        self.assertFalse(self.flag.exists())
        self.assertFalse(self.aside.exists())


if __name__ == "__main__":
    unittest.main()
