"""Per-suite and per-case table of two DTS runs (scripts/dts-veth-rig.sh --out
directories): the reference binary's and the one under test.

    scripts/dts-table.py REFERENCE_OUT SUBJECT_OUT [--names testpmd,pmdfwd]

Prints a markdown table (pass/fail/skip per suite), then every case whose
result differs, then every case failing on both with each side's reason.
Exits 1 when a case passes on the reference and not on the subject.
"""
import argparse
import json
import pathlib
import sys


def cases(out_dir):
    """(suite, case) -> (result, reason) from every results.json under out_dir;
    a suite skipped as a whole is one case named '*'."""
    found = {}
    for path in sorted(pathlib.Path(out_dir).rglob("results.json")):
        try:
            suites = json.loads(path.read_text())["test_suites"]
        except (OSError, ValueError, KeyError) as e:
            print(f"dts-table: {path}: unreadable ({e})", file=sys.stderr)
            continue
        for suite, sv in suites.items():
            named = {c: v for c, v in sv.items()
                     if isinstance(v, dict) and "result" in v and c not in ("setup", "teardown")}
            for case, v in (named or {"*": sv}).items():
                found[(suite, case)] = (v.get("result", "?"), " ".join(v.get("reason", "").split()))
    return found


def tally(results):
    p = sum(r == "PASS" for r in results)
    k = sum(r == "SKIP" for r in results)
    return p, len(results) - p - k, k


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reference")
    ap.add_argument("subject")
    ap.add_argument("--names", default="testpmd,pmdfwd", help="column names, REF,SUBJECT")
    a = ap.parse_args(argv)
    ref_name, sub_name = a.names.split(",")
    ref, sub = cases(a.reference), cases(a.subject)
    if not ref or not sub:
        sys.exit(f"dts-table: no results.json under {a.reference if not ref else a.subject}")
    print(f"| suite | {ref_name} pass/fail/skip | {sub_name} pass/fail/skip |")
    print("|---|---|---|")
    totals = [[0, 0, 0], [0, 0, 0]]
    for suite in sorted({s for s, _ in ref} | {s for s, _ in sub}):
        cells = []
        for i, d in enumerate((ref, sub)):
            t = tally([v[0] for (s, _), v in d.items() if s == suite])
            totals[i] = [x + y for x, y in zip(totals[i], t)]
            cells.append("/".join(map(str, t)))
        print(f"| {suite} | {cells[0]} | {cells[1]} |")
    print(f"| total | {'/'.join(map(str, totals[0]))} | {'/'.join(map(str, totals[1]))} |")
    keys = sorted(set(ref) | set(sub))
    worse = False
    print("\ndiffering cases:")
    for k in keys:
        r, s = ref.get(k, ("-", "")), sub.get(k, ("-", ""))
        if r[0] != s[0]:
            worse |= r[0] == "PASS"
            print(f"- {k[0]} {k[1]}: {ref_name} {r[0]} ({r[1][:100]}), {sub_name} {s[0]} ({s[1][:100]})")
    print("\nfailing on both:")
    for k in keys:
        r, s = ref.get(k), sub.get(k)
        if r and s and r[0] not in ("PASS", "SKIP") and s[0] not in ("PASS", "SKIP"):
            same = "same reason" if r[1] == s[1] else f"{sub_name}: {s[1][:100]}"
            print(f"- {k[0]} {k[1]}: {r[1][:100]} ({same})")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
