"""The perf tool's command line as a package (pmdfwd_perf.cli):
scripts/perf only finds the package and calls main(tree=...); the tree
given is where --repo, --pmdfwd and the doc's paths point by default."""
import contextlib
import io
import os
import unittest

import _path
from pmdfwd_perf import arguments, cli


class Cli(unittest.TestCase):
    def test_defaults_point_into_the_given_tree(self):
        ap = arguments.build_parser("/src/tree")
        doc = ap.parse_args(["doc"])
        self.assertEqual(doc.tree, "/src/tree")
        self.assertEqual(doc.output, "/src/tree/doc/performance.md")
        self.assertEqual(doc.charts, "/src/tree/doc/perf")
        self.assertEqual(ap.parse_args(["run"]).repo, "/src/tree")
        self.assertEqual(ap.parse_args(["bisect", "a", "b", "--cell", "null/io"]).repo, "/src/tree")

    def test_the_package_sits_in_this_tree(self):
        self.assertEqual(cli.source_tree(), _path.ROOT)

    def test_errors_are_exit_status_2_with_the_reason(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = cli.main(["check", "--baseline", os.path.join(_path.DATA, "no-such.json"), "results.json"],
                          tree=_path.ROOT)
        self.assertEqual(rc, 2)
        self.assertIn("perf: error:", err.getvalue())
        self.assertIn("no-such.json", err.getvalue())

    def test_bad_usage_exits_2(self):
        with contextlib.redirect_stderr(io.StringIO()) as err, self.assertRaises(SystemExit) as e:
            cli.main(["bisect", "a", "b"], tree=_path.ROOT)
        self.assertEqual(e.exception.code, 2)
        self.assertIn("give --cell", err.getvalue())


if __name__ == "__main__":
    unittest.main()
