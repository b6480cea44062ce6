"""The perf tool's command line as a package (pmdfwd_perf.cli):
scripts/perf only finds the package and calls main(tree=...); the tree
given is where --repo, --pmdfwd and the doc's paths point by default."""
import contextlib
import io
import os
import tempfile
import unittest
from unittest import mock

import _path
from pmdfwd_perf import arguments, cli
from pmdfwd_perf.commands import doc


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

    def test_a_doc_part_stopped_by_a_signal_stops_the_whole_run(self):
        # doc runs its parts in this process: SIGTERM or Ctrl-C in a part
        # comes back as the part's 128+N, which must end the run, not start
        # the next part (an hour of measuring that nothing could stop).
        ran = []

        def part(argv):
            ran.append(argv)
            return 128 + 15

        with tempfile.TemporaryDirectory() as work:
            args = arguments.build_parser(_path.ROOT).parse_args(
                ["doc", "--only", "engines", "--engines", "--no-versions", "--work", work])
            with mock.patch("pmdfwd_perf.docgen.rendering.renderer_missing", return_value=None), \
                    contextlib.redirect_stderr(io.StringIO()) as err:
                rc = doc.cmd_doc(args, part)
        self.assertEqual(rc, 143)
        self.assertEqual(len(ran), 1)
        self.assertIn("stopped in part engines-ring", err.getvalue())


if __name__ == "__main__":
    unittest.main()
