"""scripts/perf doc rewrites doc/performance.md whole, but keeps the section
scripts/seed-testpmds published there (between its marker lines), after the
rest; a doc without one is written as rendered."""
import tempfile
import unittest
from pathlib import Path

import _path  # noqa: F401
from pmdfwd_perf.commands import doc
from pmdfwd_dev.seed import report


class KeepsPublished(unittest.TestCase):
    def test_the_published_section_stays(self):
        section = report.MARKERS.block("## Seed\n\n| a | b |")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "performance.md"
            path.write_text("# Old\n\nold figures\n\n" + section)
            doc.write_keeping_published(str(path), "# New\n\nnew figures\n")
            self.assertEqual(path.read_text(), "# New\n\nnew figures\n\n" + section)

    def test_a_doc_without_one_is_written_as_rendered(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "performance.md"
            doc.write_keeping_published(str(path), "# New\n")
            self.assertEqual(path.read_text(), "# New\n")
            doc.write_keeping_published(str(path), "# Newer\n")
            self.assertEqual(path.read_text(), "# Newer\n")


if __name__ == "__main__":
    unittest.main()
