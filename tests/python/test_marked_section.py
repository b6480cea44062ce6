"""pmdfwd_dev.marked_section: the one writer of a doc's marked section
(the seed verdict, perf doc's A/A widths and engine table)."""
import tempfile
import unittest
from pathlib import Path

from pmdfwd_dev import marked_section

M = marked_section.Markers("<!-- x: begin -->", "<!-- x: end -->")


class MarkedSection(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.doc = Path(tmp.name) / "doc.md"

    def test_appends_then_replaces_in_place(self):
        self.doc.write_text("# Title\n\nbody\n")
        marked_section.write(self.doc, M, "first")
        self.assertEqual(self.doc.read_text(), f"# Title\n\nbody\n\n{M.begin}\nfirst\n{M.end}\n")
        self.doc.write_text(self.doc.read_text() + "after\n")
        marked_section.write(self.doc, M, "second\n")
        self.assertEqual(self.doc.read_text(), f"# Title\n\nbody\n\n{M.begin}\nsecond\n{M.end}\nafter\n")

    def test_refuses_a_doc_without_markers_when_told(self):
        self.doc.write_text("# no section\n")
        with self.assertRaisesRegex(ValueError, "doc.md has no markers"):
            marked_section.write(self.doc, M, "x", append=False)
        self.assertEqual(self.doc.read_text(), "# no section\n")

    def test_kept_is_the_whole_block_or_nothing(self):
        self.assertEqual(M.kept(f"a\n{M.begin}\nkeep me\n{M.end}\nb\n"), f"{M.begin}\nkeep me\n{M.end}\n")
        self.assertEqual(M.kept("# no section\n"), "")
        self.assertEqual(M.kept(f"{M.begin} with no end\n"), "")

    def test_an_end_before_the_begin_is_not_a_section(self):
        self.assertIsNone(M.span(f"{M.end}\n{M.begin}\n"))

    def test_keyed_parts_are_found_by_key_in_order(self):
        a, b = marked_section.keyed("p", "host"), marked_section.keyed("p", "sid")
        doc = f"x\n{b.block('S')}{a.block('H')}{marked_section.keyed('p', 'open').begin}\nno end\n"
        self.assertEqual(marked_section.keyed_blocks(doc, "p"), {"sid": b.block("S"), "host": a.block("H")})
        self.assertEqual(marked_section.keyed_blocks(doc, "q"), {})


if __name__ == "__main__":
    unittest.main()
