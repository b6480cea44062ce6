#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes pmdfwd(1) and pmdfwd's bash completion from the tables pmdfwd
itself prints (pmdfwd_tables: the option table behind --help, the command
table behind the shell's `help`, the registered engines), so that neither
can list anything else than --help and `help` do.

    gen_man.py TABLES VERSION PLUGIN_DIR MAN_OUT COMPLETION_OUT
"""
import sys
from collections import OrderedDict

# The EAL options a pmdfwd command line starts with (README, user guide);
# EAL has many more (dpdk-testpmd(1), DPDK's EAL parameters guide).
EAL_OPTIONS = ["-l", "--lcores", "-a", "--allow", "--vdev", "--no-pci", "--no-huge", "-m",
               "--in-memory", "--file-prefix", "--huge-unlink", "--log-level", "-d"]


def read_tables(path):
    t = {"option": [], "command": [], "engine": [], "param": []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            kind, *fields = line.rstrip("\n").split("\t")
            t[kind].append(["" if x == "-" else x for x in fields])
    if not t["option"] or not t["command"] or not t["engine"]:
        sys.exit(f"gen_man.py: {path} lacks options, commands or engines")
    return t


def esc(text):
    """Roff text: backslashes escaped, minus signs as such, no line read as
    a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def option_head(short, name, arg):
    head = f"\\fB\\-{esc(short)}\\fR, " if short else ""
    head += f"\\fB\\-\\-{esc(name)}\\fR"
    if arg:
        head += f"=\\fI{esc(arg)}\\fR"
    return head


def man_page(t, version, plugin_dir):
    out = [
        '.TH PMDFWD 1 "" "pmdfwd %s" "User Commands"' % version,
        ".SH NAME",
        "pmdfwd \\- testpmd\\-style DPDK packet forwarder with plugin forwarding engines",
        ".SH SYNOPSIS",
        ".B pmdfwd",
        ".RI [ \"EAL options\" ]",
        "\\-\\-",
        ".RI [ options ]",
        ".SH DESCRIPTION",
        ".B pmdfwd",
        "forwards packets between DPDK ports as",
        ".BR dpdk\\-testpmd (1)",
        "does, with its option names, shell commands and statistics texts. Options before",
        "\\fB\\-\\-\\fR are DPDK's EAL options (e.g. \\fB\\-l\\fR, \\fB\\-\\-vdev\\fR,",
        "\\fB\\-\\-no\\-pci\\fR, \\fB\\-\\-file\\-prefix\\fR); those after it are pmdfwd's, below.",
        "A long option may be shortened to any unique prefix.",
        "Without \\fB\\-i\\fR pmdfwd forwards until \\fB\\-\\-run\\-time\\fR ends or a signal",
        "arrives; with it, it reads the shell commands below.",
        ".SH OPTIONS",
    ]
    groups = OrderedDict()
    for group, short, name, arg, text in t["option"]:
        groups.setdefault(group, []).append((short, name, arg, text))
    for group, options in groups.items():
        out.append(f".SS {esc(group[:1].upper() + group[1:])}")
        for short, name, arg, text in options:
            out += [".TP", option_head(short, name, arg), esc(text)]
    out.append(".SS Engine parameters")
    out += [".TP", "\\fB\\-\\-\\fR<\\fIengine\\fR>\\fB\\-\\fR<\\fIkey\\fR>=<\\fIvalue\\fR>",
            "An engine's parameter, also \\fBset\\fR \\fIengine key value\\fR in the shell:"]
    for engine, line in t["param"]:
        key, _, text = line.partition(" ")
        out += [".TP", f"\\fB\\-\\-{esc(engine)}\\-{esc(key)}\\fR", esc(text.strip())]
    out += [".SH FORWARDING MODES",
            "The engines built in (\\fB\\-\\-forward\\-mode\\fR, \\fBset fwd\\fR); plugins add",
            "theirs (ENGINE PLUGINS):"]
    for name, summary in t["engine"]:
        out += [".TP", f"\\fB{esc(name)}\\fR", esc(summary)]
    out += [".SH SHELL COMMANDS",
            "With \\fB\\-i\\fR, from \\fB\\-\\-cmdline\\-file\\fR, or piped in; \\fBhelp\\fR lists",
            "them too. \\fIa\\fR|\\fIb\\fR is a choice, <\\fIname\\fR> a value, [\\fIword\\fR]",
            "optional."]
    for syntax, text, stopped in t["command"]:
        out += [".TP", f"\\fB{esc(syntax)}\\fR",
                esc(text) + (" (forwarding stopped)" if stopped == "1" else "")]
    out += [".SH ENGINE PLUGINS",
            "At start\\-up pmdfwd loads every \\fI*.so\\fR in its plugin directory",
            f"(\\fI{esc(plugin_dir)}\\fR, or \\fBPMDFWD_PLUGIN_DIR\\fR). \\fB\\-\\-engine\\-plugin\\fR",
            "takes a path; a bare file name is looked up in the plugin directory, then in the",
            "library search path, never in the current directory (write \\fI./x.so\\fR). Plugins",
            "are built against the pmdfwd\\-dev package:",
            "\\fBpkg\\-config \\-\\-cflags \\-\\-libs pmdfwd\\-engine\\fR",
            "(/usr/share/doc/pmdfwd\\-dev/engine\\-authoring.md). A plugin loads only into a pmdfwd",
            "of the engine ABI version it was built for; one built for another is refused,",
            "naming both versions, and is rebuilt against this pmdfwd's SDK.",
            ".SH ENVIRONMENT",
            ".TP", "\\fBPMDFWD_PLUGIN_DIR\\fR",
            "The plugin directory to load plugins from instead of the built\\-in one.",
            ".SH FILES",
            ".TP", f"\\fI{esc(plugin_dir)}\\fR", "Engine plugins loaded at start\\-up.",
            ".SH EXIT STATUS",
            "0 on success, 1 when a port, plugin or EAL could not be set up, 2 on a bad option.",
            ".SH EXAMPLES",
            ".nf",
            "pmdfwd \\-l 0\\-1 \\-\\-no\\-pci \\-\\-vdev net_ring0 \\-\\-vdev net_ring1 \\-\\- \\e",
            "    \\-\\-forward\\-mode=macswap \\-\\-tx\\-first \\-\\-stats\\-period=1 \\-\\-run\\-time=5",
            ".fi",
            ".SH SEE ALSO",
            ".BR dpdk\\-testpmd (1)",
            ""]
    return "\n".join(out)


def completion(t):
    options = []
    for _, short, name, arg, _ in t["option"]:
        options.append(f"--{name}=" if arg else f"--{name}")
        if short:
            options.append(f"-{short}")
    for engine, line in t["param"]:
        options.append(f"--{engine}-{line.partition(' ')[0].partition('=')[0]}=")
    engines = " ".join(name for name, _ in t["engine"])
    return f"""# bash completion for pmdfwd, generated from its option table (doc/man/gen_man.py)
_pmdfwd() {{
    local cur prev words cword split i app=
    _init_completion -s || return
    for ((i = 1; i < cword; i++)); do
        [[ ${{words[i]}} == -- ]] && app=1
    done
    if [[ -z $app ]]; then
        COMPREPLY=($(compgen -W "{' '.join(EAL_OPTIONS)} --" -- "$cur"))
        return
    fi
    case $prev in
        --forward-mode)
            COMPREPLY=($(compgen -W "{engines}" -- "$cur"))
            return ;;
        --engine-plugin | --cmdline-file)
            _filedir
            return ;;
    esac
    $split && return
    COMPREPLY=($(compgen -W "{' '.join(options)}" -- "$cur"))
    [[ ${{COMPREPLY-}} == *= ]] && compopt -o nospace
}}
complete -F _pmdfwd pmdfwd
"""


def main():
    tables, version, plugin_dir, man_out, completion_out = sys.argv[1:]
    t = read_tables(tables)
    with open(man_out, "w", encoding="utf-8") as f:
        f.write(man_page(t, version, plugin_dir))
    with open(completion_out, "w", encoding="utf-8") as f:
        f.write(completion(t))


if __name__ == "__main__":
    main()
