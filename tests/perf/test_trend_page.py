"""The trend page as a user sees it: rendered from a synthetic store with a
known step in one cell and none in the other, opened in headless Chromium.

Checks: every chart image decodes and its area on the screenshot is drawn
(not blank), the change point's red marks appear in the stepped cell's
chart only, and the page text names the commit of the step with its size.
About 10 s (matplotlib, Chromium start-up twice).
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

import synth
from pmdfwd_perf import trend

from pmdfwd_dev import owned_process

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
STEP, FLAT = "ring-hot/macswap/64B/1Q1C", "null/io/64B/1Q1C"
WIDTH, HEIGHT = 1000, 1500

# The test's own probe, appended to the page: where each chart sits and
# whether its image decoded, written into the DOM that --dump-dom prints.
PROBE = """<script>window.addEventListener('load', () => {
  const r = [...document.querySelectorAll('img.chart')].map(i => {
    const b = i.getBoundingClientRect();
    return {alt: i.alt, x: b.x, y: b.y, w: b.width, h: b.height, decoded: i.naturalWidth};
  });
  const p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify(r);
  document.body.appendChild(p);
});</script>"""


def skip_reason():
    if not CHROMIUM:
        return "no chromium (apt-get install chromium)"
    try:
        import matplotlib  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as e:
        return f"{e.name} missing (apt-get install python3-matplotlib python3-pil)"
    return None


@unittest.skipIf(skip_reason(), skip_reason())
class TestTrendPage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="perf-trend-")
        levels = [1.0] * 5 + [1.15] * 4
        db = synth.store_with(os.path.join(cls.dir, "s.sqlite"), {STEP: levels, FLAT: [0.9] * 9}, 9)
        page, cls.found = trend.render(db, [STEP, FLAT], confidence=0.99, min_effect=0.03)
        cls.page = os.path.join(cls.dir, "trend.html")
        with open(cls.page, "w") as f:
            f.write(page.replace("</body>", PROBE + "</body>"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def chromium(self, *args):
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
               f"--user-data-dir={os.path.join(self.dir, 'profile')}", f"--window-size={WIDTH},{HEIGHT}",
               *args, "file://" + self.page]
        r = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        return r.stdout

    def test_step_found_in_its_cell_only(self):
        pts, changes = self.found[STEP]
        self.assertEqual([c.index for c in changes], [5])
        self.assertEqual(self.found[FLAT][1], [])

    def test_charts_drawn_and_change_marked_on_screen(self):
        from PIL import Image

        dom = self.chromium("--dump-dom", "--virtual-time-budget=5000")
        rects = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1).replace("&quot;", '"'))
        self.assertEqual(len(rects), 2, rects)
        shot = os.path.join(self.dir, "shot.png")
        self.chromium(f"--screenshot={shot}")
        img = Image.open(shot).convert("RGB")
        red = {}
        for r in rects:
            self.assertGreater(r["decoded"], 0, f"{r['alt']}: image did not decode")
            self.assertLessEqual(r["y"] + r["h"], img.height, "chart below the screenshot: raise HEIGHT")
            box = img.crop((int(r["x"]), int(r["y"]), int(r["x"] + r["w"]), int(r["y"] + r["h"])))
            px = list(box.getdata())
            drawn = sum(1 for p in px if sum(p) < 600) / len(px)
            self.assertGreater(drawn, 0.03, f"{r['alt']}: plot area nearly blank ({drawn:.1%} drawn)")
            red[r["alt"].split(" over")[0]] = sum(1 for p in px if p[0] > 200 and p[1] < 80 and p[2] < 80)
        self.assertGreater(red[STEP], 50, "no change-point mark in the stepped cell's chart")
        self.assertEqual(red[FLAT], 0, "a change-point mark in the flat cell's chart")
        # The page says which commit and how much, as text a reader can copy.
        step = re.search(r"<tr class=\"change\">(.*?)</tr>", dom, re.S).group(1)
        self.assertIn("0505050505", step)
        self.assertRegex(step, r"\+1[4-6]\.\d%")
        self.assertIn("no change point", dom)


if __name__ == "__main__":
    unittest.main()
