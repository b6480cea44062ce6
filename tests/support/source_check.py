"""The command line the tree checks share: `--self-test` runs the check's
self-test alone; `ROOT` runs it and then the check over ROOT, printing each
offending line after the check's complaint, exit 1 if any."""
import sys


def main(doc, self_test, offenders, complaint):
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    if len(sys.argv) != 2:
        print(doc, file=sys.stderr)
        return 2
    self_test()
    bad = offenders(sys.argv[1])
    for line in bad:
        print(f"{complaint}: {line}", file=sys.stderr)
    return 1 if bad else 0
