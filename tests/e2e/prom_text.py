# A strict parser of the Prometheus text exposition format (0.0.4) and of
# OpenMetrics 1.0.0, for checking what an exporter serves: every line is
# checked against the grammar, and so are the rules across lines (a family's
# TYPE before its samples, its samples together, no series twice, # EOF last
# in OpenMetrics). Raises ParseError naming the line; returns the families.
import math
import re

NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
FLOAT = re.compile(r"[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)")
TYPES_TEXT = {"counter", "gauge", "histogram", "summary", "untyped"}
TYPES_OM = {"counter", "gauge", "histogram", "gaugehistogram", "stateset", "info", "summary",
            "unknown"}
# Sample name suffixes a family of a type may use (beyond the bare name).
SUFFIXES = {
    "counter": ("_total", "_created"), "histogram": ("_bucket", "_sum", "_count", "_created"),
    "gaugehistogram": ("_bucket", "_gsum", "_gcount"), "summary": ("_sum", "_count", "_created"),
    "info": ("_info",),
}


class ParseError(ValueError):
    pass


class Family:
    def __init__(self, name):
        self.name, self.type, self.help, self.samples = name, None, None, {}


def parse(text, openmetrics=False, grouped=True):
    """{family name: Family} with samples {(sample name, ((label, value), ...)): value}.
    grouped=False accepts a family's lines apart (0.0.4 only), as Prometheus'
    parsers do though the format asks for one group per family: DPDK's
    dpdk-telemetry-exporter.py writes every HELP and TYPE first, then the
    samples."""
    if openmetrics and not grouped:
        raise ValueError("OpenMetrics families are always grouped")
    return _Parser(openmetrics, grouped).run(text)


class _Parser:
    def __init__(self, om, grouped=True):
        self.om, self.grouped = om, grouped
        self.families, self.current, self.closed = {}, None, set()

    def run(self, text):
        if not text.endswith("\n"):
            raise ParseError("the text does not end with a newline")
        lines = text[:-1].split("\n")
        for n, line in enumerate(lines, 1):
            try:
                if self.om and line == "# EOF":
                    if n != len(lines):
                        raise ParseError("text after # EOF")
                    return self.families
                self.line(line)
            except ParseError as e:
                raise ParseError(f"line {n}: {e}: {line!r}") from None
        if self.om:
            raise ParseError("OpenMetrics text does not end with # EOF")
        return self.families

    def line(self, line):
        if "\r" in line:
            raise ParseError("carriage return")
        if line == "" or (not self.om and line.strip() == ""):
            if self.om:
                raise ParseError("empty line")
            return
        if line.startswith("#"):
            return self.comment(line)
        self.sample(line)

    def comment(self, line):
        parts = line.split(" ", 3) if self.om else line[1:].split(None, 2)
        if self.om:
            if len(parts) < 3 or parts[0] != "#" or parts[1] not in ("HELP", "TYPE", "UNIT"):
                raise ParseError("OpenMetrics allows only # HELP, # TYPE, # UNIT, # EOF")
            keyword, name, rest = parts[1], parts[2], parts[3] if len(parts) > 3 else None
        else:
            if len(parts) < 2 or parts[0] not in ("HELP", "TYPE"):
                return  # a plain comment
            keyword, name, rest = parts[0], parts[1], parts[2] if len(parts) > 2 else ""
        if not NAME.fullmatch(name):
            raise ParseError(f"bad metric name {name!r}")
        fam = self.enter(name, new=True)
        if keyword == "HELP":
            if fam.help is not None:
                raise ParseError("second HELP")
            fam.help = self.unescape(rest or "", help_text=True)
        elif keyword == "TYPE":
            allowed = TYPES_OM if self.om else TYPES_TEXT
            if fam.type is not None:
                raise ParseError("second TYPE")
            if fam.samples:
                raise ParseError("TYPE after the family's samples")
            if rest not in allowed:
                raise ParseError(f"type {rest!r} (allowed: {', '.join(sorted(allowed))})")
            if self.om and rest == "counter" and name.endswith("_total"):
                raise ParseError("an OpenMetrics counter family is named without _total")
            fam.type = rest

    def enter(self, name, new=False):
        """The family `name`, which must be the current one or a new one."""
        if self.current is not None and self.current.name == name:
            return self.current
        if name in self.families:
            if not self.grouped:
                self.current = self.families[name]
                return self.current
            raise ParseError(f"family {name} is not contiguous")
        if self.current is not None:
            self.closed.add(self.current.name)
        fam = self.families[name] = Family(name)
        self.current = fam
        return fam

    def family_of(self, sample_name):
        cur = self.current
        if cur is not None:
            if sample_name == cur.name and not (self.om and cur.type == "counter"):
                return cur
            for suffix in SUFFIXES.get(cur.type or "", ()):
                if sample_name == cur.name + suffix:
                    if not self.om and cur.type == "counter":
                        break  # 0.0.4: a counter's samples carry the TYPE'd name
                    return cur
        if self.om:
            raise ParseError(f"sample {sample_name} outside its family's TYPE")
        if not self.grouped and sample_name not in self.families:
            for fam in self.families.values():
                if any(sample_name == fam.name + x for x in SUFFIXES.get(fam.type or "", ())):
                    if fam.type != "counter":
                        self.current = fam
                        return fam
        return self.enter(sample_name)  # 0.0.4: an untyped family of its own

    def sample(self, line):
        m = NAME.match(line)
        if not m:
            raise ParseError("a sample starts with a metric name")
        name, pos = m.group(), m.end()
        labels, pos = self.labels(line, pos)
        rest = line[pos:]
        fields = rest.split(" ") if self.om else rest.split()
        if self.om:
            if not rest.startswith(" ") or "" in fields[1:]:
                raise ParseError("OpenMetrics separates with exactly one space")
            fields = fields[1:]
        elif rest and rest[0] not in " \t":
            raise ParseError("no space before the value")
        if len(fields) not in (1, 2):
            raise ParseError("expected a value and an optional timestamp")
        value = self.number(fields[0])
        if len(fields) == 2:
            self.number(fields[1]) if self.om else self.integer(fields[1])
        fam = self.family_of(name)
        if fam.type in ("counter",) and (math.isnan(value) or value < 0):
            raise ParseError("a counter is a non-negative number")
        key = (name, tuple(sorted(labels.items())))
        if key in fam.samples:
            raise ParseError("the same series twice")
        fam.samples[key] = value

    def blanks(self, line, pos):
        """0.0.4 (as Prometheus' own parser) allows blanks and tabs between
        the tokens of a label set; OpenMetrics none."""
        if not self.om:
            while pos < len(line) and line[pos] in " \t":
                pos += 1
        return pos

    def labels(self, line, pos):
        labels = {}
        if pos >= len(line) or line[pos] != "{":
            return labels, pos
        pos = self.blanks(line, pos + 1)
        while True:
            if line.startswith("}", pos):
                return labels, pos + 1
            m = LABEL.match(line, pos)
            if not m or m.group().startswith("__"):
                raise ParseError(f"bad label name at column {pos + 1}")
            lname, pos = m.group(), self.blanks(line, m.end())
            if not line.startswith("=", pos):
                raise ParseError(f"expected = after label {lname}")
            pos = self.blanks(line, pos + 1)
            if not line.startswith('"', pos):
                raise ParseError(f"expected a quoted value for label {lname}")
            value, pos = self.quoted(line, pos + 1)
            pos = self.blanks(line, pos)
            if lname in labels:
                raise ParseError(f"label {lname} twice")
            labels[lname] = value
            if line.startswith(",", pos):
                pos = self.blanks(line, pos + 1)
                if self.om and line.startswith("}", pos):
                    raise ParseError("OpenMetrics allows no trailing comma")
            elif not line.startswith("}", pos):
                raise ParseError(f"expected , or }} after label {lname}")

    def quoted(self, line, pos):
        out = []
        while pos < len(line):
            c = line[pos]
            if c == '"':
                return "".join(out), pos + 1
            if c == "\\":
                esc = line[pos + 1: pos + 2]
                if esc not in ("\\", '"', "n"):
                    raise ParseError(f"bad escape \\{esc} in a label value")
                out.append("\n" if esc == "n" else esc)
                pos += 2
            elif c == "\n":
                raise ParseError("newline in a label value")
            else:
                out.append(c)
                pos += 1
        raise ParseError("unterminated label value")

    def unescape(self, text, help_text=False):
        out, i = [], 0
        allowed = ("\\", "n", '"') if self.om else ("\\", "n")
        while i < len(text):
            if text[i] == "\\":
                esc = text[i + 1: i + 2]
                if esc not in allowed:
                    if self.om or not help_text:
                        raise ParseError(f"bad escape \\{esc} in HELP")
                    out.append("\\" + esc)  # 0.0.4 keeps unknown escapes
                else:
                    out.append("\n" if esc == "n" else esc)
                i += 2
            else:
                out.append(text[i])
                i += 1
        return "".join(out)

    @staticmethod
    def number(s):
        if s in ("NaN", "+Inf", "-Inf", "Inf", "+inf", "-inf", "inf", "nan"):
            return float(s.replace("Inf", "inf").replace("NaN", "nan"))
        if not FLOAT.fullmatch(s):
            raise ParseError(f"bad value {s!r}")
        return float(s)

    @staticmethod
    def integer(s):
        if not re.fullmatch(r"-?\d+", s):
            raise ParseError(f"bad timestamp {s!r} (milliseconds, an integer)")
        return int(s)


def series(families, sample_name):
    """{labels dict as sorted tuple: value} of one sample name, any family."""
    out = {}
    for fam in families.values():
        for (name, labels), value in fam.samples.items():
            if name == sample_name:
                out[labels] = value
    return out
