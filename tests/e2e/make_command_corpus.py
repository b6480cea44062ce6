"""Makes the testpmd command corpus (data/testpmd_commands-<DPDK>.txt) from
testpmd's user guide (doc/guides/testpmd_app_ug/testpmd_funcs.rst of a DPDK
tag) and the commands DTS's TestPmd class and suites send (DTS_COMMANDS).

Every "testpmd> ..." line of the guide is a syntax or an example. A syntax
becomes concrete commands: the alternatives of its first choice of plain
words are each one command, every other choice takes its first alternative,
optional parts are left out, and placeholders get values valid on two
net_ring ports (VALUES). OVERRIDES replaces what the rules cannot make.
Commands that would leave the rig unusable or change what later commands
see (start, port stop/reset/close) move to the end (LAST); those that end
the session, need files or another device (quit, load, bpf-load, port
attach/detach, help's pages) are left out (LEFT_OUT), and so are those that
crash a testpmd of the matrix (CRASH). Commands the guide gives no line for
(ADDED, each from the DPDK that has it) follow the guide's.

The committed corpora, one per DPDK of the matrix, are the test's input:
tests cannot fetch. Re-make one:
  git --git-dir=DPDK.git show v25.11:doc/guides/testpmd_app_ug/testpmd_funcs.rst > funcs.rst
  python3 tests/e2e/make_command_corpus.py funcs.rst 25.11 > tests/e2e/data/testpmd_commands-25.11.txt
"""
import re
import sys

# Placeholder values valid on two net_ring ports with one queue each.
VALUES = {
    "port_id": "0", "port": "0", "portid": "0", "port id": "0", "port_id|all": "0",
    "queue_id": "0", "queueid": "0", "queue": "0", "rxq_id": "0", "txq_id": "0",
    "num": "1", "value": "1", "vf_id": "0", "vlan_id": "100", "vlan": "100",
    "mask": "0x3", "microseconds": "10", "x[,y]*": "0,1", "on|off": "on",
    "XX:XX:XX:XX:XX:XX": "02:00:00:00:00:42", "mcast_addr": "01:00:5E:00:00:01",
    "udp_port": "4789", "length": "1514", "size": "64", "desc_id": "0",
    "rxd_id": "0", "txd_id": "0", "identifier": "net_ring0", "<identifier>": "net_ring0",
    "level": "debug", "type": "pmd.net.ring", "mtr_id": "0", "profile_id": "0",
    "policy_id": "0", "node_id": "0", "level_id": "0", "ring_name": "MP_mb_pool_0",
    "mempool_name": "mb_pool_0", "burst_num": "16", "offloading": "vlan_strip",
    "bitmask": "0x1", "timeout": "0", "free_cnt": "0", "traffic_class": "4",
    "threshold": "txpt", "mode": "io", "rate": "1000", "tc_num": "4",
}

# Syntaxes the rules cannot make (values in free form, several lines).
OVERRIDES = {
    "show port (port_id) rss reta (size) (mask0, mask1...)": ["show port 0 rss reta 64 (0xffff)"],
    "show port (port_id) rss-hash [key]": ["show port 0 rss-hash", "show port 0 rss-hash key"],
    "set corelist (x[,y]*)": ["set corelist 1"],
    "set nbcore (num)": ["set nbcore 1"],
    "set nbport (num)": ["set nbport 2"],
    "set portmask (mask)": ["set portmask 0x3"],
    # Levels are numbers (TOKEN_NUM); global stays at debug (8), as EAL has it.
    "set log global|(type) (level)": ["set log global 8", "set log pmd.net.ring 6",
                                      "set log pmd.net.ring 9", "set log [ 6"],
    "set default": ["set default"],
    "dump_ring [ring_name]": ["dump_ring", "dump_ring MP_mb_pool_0"],
    "dump_mempool [mempool_name]": ["dump_mempool", "dump_mempool mb_pool_0"],
    "set xstats-hide-zero on|off": ["set xstats-hide-zero on", "show port xstats all",
                                    "set xstats-hide-zero off"],
    "show device info (<identifier>|all)": ["show device info net_ring0", "show device info all"],
    "show port <TAB>": [],
    "port config all (rxq|txq|rxd|txd) (value)": ["port config all rxq 1", "port config all txq 1",
                                                  "port config all rxd 512",
                                                  "port config all txd 512"],
    "port config all max-pkt-len (value)": ["port config all max-pkt-len 1518"],
    "port config mtu (port_id) (value)": ["port config mtu 0 1500"],
    "tx_vlan set (port_id) vlan_id[, vlan_id_outer]": ["tx_vlan set 0 100"],
    "port config (port_id) rss-hash-key (ipv4|ipv4-frag|ipv4-tcp|ipv4-udp|ipv4-sctp|ipv4-other|"
    "ipv6|ipv6-frag|ipv6-tcp|ipv6-udp|ipv6-sctp|ipv6-other|l2-payload|ipv6-ex|ipv6-tcp-ex|"
    "ipv6-udp-ex) (string of hex digits)": ["port config 0 rss-hash-key ipv4 " + "11" * 40],
}

# Commands that end the session or take the ports away: after the rest, in
# this order, or left out (the test quits itself; detach/close end the rig).
LAST = ("start", "stop", "port stop", "port reset", "port close", "port detach", "device detach")
LEFT_OUT = ("quit", "load ", "port attach", "help", "bpf-load", "bpf-unload", "device detach",
            "port detach")
# Commands that crash a testpmd of the matrix on the rig, which would leave
# every later answer unrecorded: testpmd 24.11 and 25.11 dereference the
# template table of a queue rule that no table was made for.
CRASH = ("flow queue 0 create 0 template_table",)

# The rig's own lines: the guide's configuration commands (from its first
# "vlan set" on) run on stopped ports, as most of them want; the ports start
# again before the forwarding commands at the end.
RIG_STOP = ("vlan set", "port stop all  # rig: the configuration commands below want stopped ports")
RIG_START = [
    "set fwd io  # rig: the guide's last mode, recycle_mbufs from 23.11, crashes testpmd's start on "
    "a PMD that cannot recycle",
    "port config 0 rx_offload vlan_strip off  # rig: net_ring cannot start with what the guide set",
    "port 0 rxq 0 rx_offload vlan_strip off  # rig: net_ring cannot start with what the guide set",
    "port start all  # rig: the forwarding commands below want started ports",
]

# What DTS's TestPmd class (dts/api/testpmd) and suites (dts/tests) send.
DTS_COMMANDS = [
    "show port info all", "show port info 0", "show port stats all", "show port stats 0",
    "show device info all", "show port 0 rx_offload capabilities",
    "show port 0 tx_offload capabilities", "show port 0 rx_offload configuration",
    "show port 0 tx_offload configuration", "show rxq info 0 0", "show txq info 0 0",
    "show port 0 flow_ctrl", "set verbose 2", "set verbose 0", "set fwd mac",
    "set promisc 0 off", "set promisc 0 on", "set allmulti all off", "set allmulti all on",
    "clear port stats all", "clear port stats 0", "mac_addr add 0 02:00:00:00:00:42",
    "mac_addr remove 0 02:00:00:00:00:42", "mac_addr set 0 02:00:00:00:00:43",
    "mcast_addr add 0 01:00:5E:00:00:00", "mcast_addr remove 0 01:00:5E:00:00:00",
    "set flow_ctrl rx off tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0",
    "port config 0 rss reta (0,0)", "port config all rss ip",
    "port config 0 rss-hash-key ipv4 " + "00" * 40, "show port 0 rss-hash",
    "rx_vxlan_port add 4789 0", "rx_vxlan_port rm 4789 0", "tx_vlan set 0 100",
    "tx_vlan reset 0", "csum set ip hw 0", "port stop all", "vlan set strip off 0",
    "vlan set filter off 0", "vlan set qinq_strip off 0", "vlan set extend off 0",
    "rx_vlan add 100 0", "rx_vlan rm 100 0", "port config mtu 0 1500",
    "port 0 rxq 0 deferred_start on", "port 0 rxq 0 deferred_start off",
    "port config 0 tx_offload mbuf_fast_free on", "port config 0 tx_offload mbuf_fast_free off",
    "port 0 txq 0 tx_offload mbuf_fast_free on", "port 0 txq 0 tx_offload mbuf_fast_free off",
    "port config 0 rxq 0 ring_size 512", "port 0 rxq 0 setup", "port config 0 rx_offload "
    "buffer_split on", "port config 0 rx_offload buffer_split off", "set rxpkts 14,0",
    "port config all rxq 1", "port config all txq 1", "port start all", "port 0 rxq 0 stop",
    "port 0 rxq 0 start", "set portlist 1,0", "set nbport 2", "show config cores",
    "flow validate 0 ingress pattern eth / ipv4 / end actions queue index 0 / end",
    "flow create 0 ingress pattern eth / ipv4 / end actions queue index 0 / end",
    "flow destroy 0 rule 0", "start tx_first 16", "start", "stop",
]

# Commands of testpmd's grammar its guide gives no line for (issue 35's
# flow commands), each with the DPDK that first has it: after the guide's.
ADDED = [
    ("23.03", "flow validate 0 ingress pattern quota quota_state spec pass / end actions "
              "quota_create limit 10 mode packet / end"),
    ("23.03", "flow validate 0 ingress pattern quota quota_state mask block / end actions drop / end"),
    ("23.03", "flow validate 0 ingress pattern end actions quota_update limit 5 update_op add / end"),
    ("23.03", "flow indirect_action 0 create action_id 7 ingress action quota_create limit 100 "
              "mode l3 / end"),
    ("23.03", "flow indirect_action 0 query_update 7 mode query_first action quota_update limit 5 "
              "update_op set / end"),
    ("23.03", "flow indirect_action 0 query 7"),
    ("23.03", "flow indirect_action 9 query_update 7 action end"),
    ("23.03", "flow queue 0 indirect_action 0 query_update 7 postpone no action end"),
    ("23.07", "flow queue 0 update 0 rule 0 actions_template 0 postpone no pattern end actions "
              "drop / end"),
    ("23.07", "flow queue 9 update 0 rule 0 actions_template 0 postpone no pattern end actions "
              "drop / end"),
    ("24.03", "flow queue 0 update_resized 0 rule 0"),
    ("24.03", "flow queue 9 update_resized 0 rule 0"),
    ("24.03", "flow validate 0 ingress pattern compare op is eq a_type is flex_item a_level is 0 "
              "b_type is tag width is 8 / end actions drop / end"),
]

_SECTION_RULE = re.compile(r"^(~+|-+|=+|\^+)$")
_GROUP = re.compile(r"\(([^()]*)\)|<([^<>]*)>|\[([^\[\]]*)\]|(\S+\|\S+)|(\S+)")


def guide_lines(rst):
    """(section title, syntax) for every "testpmd> " line, continuations joined."""
    lines = rst.splitlines()
    section, i = "", 0
    while i < len(lines):
        line = lines[i]
        if i + 1 < len(lines) and _SECTION_RULE.match(lines[i + 1].strip()) and line.strip() \
                and len(lines[i + 1].strip()) >= len(line.strip()):
            section = line.strip()
        if line.strip().startswith("testpmd> "):
            text = line.strip()[len("testpmd> "):]
            indent = len(line) - len(line.lstrip())
            while i + 1 < len(lines) and _continues(text, lines[i + 1], indent):
                i += 1
                text = text.rstrip("\\").rstrip() + " " + lines[i].strip()
            yield section, " ".join(text.split())
        i += 1


def _continues(text, nxt, indent):
    if not nxt.strip() or nxt.strip().startswith("testpmd>"):
        return False
    if text.endswith("\\"):
        return True
    # Multi-line examples of the flow grammar run until "end".
    deeper = len(nxt) - len(nxt.lstrip()) > indent
    return text.split()[0] in ("flow", "add", "set") and not text.endswith("end") and deeper


def value(name):
    """A placeholder's value: VALUES', else one by the shape of its name."""
    if name in VALUES:
        return VALUES[name]
    if "mask" in name:
        return "0x1"
    if "addr" in name:
        return "02:00:00:00:00:42"
    return "0"


def alternatives(body):
    """A group's alternatives: one is a placeholder, several are words
    (\"\" is none, a <placeholder> among words is left out)."""
    alts = [a.strip() for a in body.split("|")] if body not in VALUES else [body]
    if len(alts) == 1:
        return [value(alts[0])]
    return ["" if a == '""' else VALUES.get(a, a) for a in alts if not a.startswith("<")]


def expand(syntax):
    """Concrete commands for one syntax (or the example itself)."""
    if syntax in OVERRIDES:
        return OVERRIDES[syntax]
    pieces = []  # each a list of alternatives
    for m in _GROUP.finditer(syntax):
        paren, angle, opt, bare, word = m.groups()
        if opt is not None:
            continue  # optional parts left out
        if word is not None:
            pieces.append([word])
        else:
            pieces.append(alternatives(paren if paren is not None else angle if angle is not None
                                       else bare))
    choice = next((i for i, p in enumerate(pieces) if len(p) > 1), None)
    firsts = [p[0] for p in pieces]
    if choice is None:
        return [" ".join(w for w in firsts if w)]
    return [" ".join(w for w in firsts[:choice] + [alt] + firsts[choice + 1:] if w)
            for alt in pieces[choice]]


# The DPDKs whose recorded answers have ADDED's commands: a corpus gets them
# with its recording (each recorded in its Debian root).
ADDED_RECORDED = ("24.11", "25.11")


def added(version):
    """ADDED's commands the DPDK of version ("24.11") has, where recorded."""
    if version not in ADDED_RECORDED:
        return []
    have = tuple(int(x) for x in version.split("."))
    return [f"{c}  # added: not in the guide" for v, c in ADDED
            if tuple(int(x) for x in v.split(".")) <= have]


def corpus(rst, version):
    seen, body, last = set(), [], []
    for section, syntax in guide_lines(rst):
        for cmd in expand(syntax):
            if cmd in seen or cmd.startswith(LEFT_OUT + CRASH) or any(c in cmd for c in "?\\{") \
                    or cmd.count("(") != cmd.count(")"):
                continue
            seen.add(cmd)
            if cmd.startswith(RIG_STOP[0]) and RIG_STOP[1] not in body:
                body.append(RIG_STOP[1])
            (last if cmd.startswith(LAST) else body).append(f"{cmd}  # guide: {section}")
    dts = [f"{c}  # dts: TestPmd/suites" for c in DTS_COMMANDS if c not in seen]
    last.sort(key=lambda line: next(i for i, p in enumerate(LAST) if line.startswith(p)))
    # DTS's sequence is in its own order (stops and starts ports itself).
    return body + added(version) + dts + RIG_START + last


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make_command_corpus.py TESTPMD_FUNCS_RST DPDK_VERSION (e.g. 25.11)")
    rst = open(sys.argv[1]).read()
    print(f"# testpmd commands: testpmd_funcs.rst of DPDK v{sys.argv[2]} made concrete for two net_ring")
    print("# ports (tests/e2e/make_command_corpus.py), then DTS's commands; one a line, the")
    print("# comment after two spaces names the source section. Left out: quit (the test")
    print("# ends the session), load and bpf-load|unload (files), port attach|detach and device")
    print("# detach (the rig's two ports), help (pages of text, not commands).")
    for line in corpus(rst, sys.argv[2]):
        print(line)


if __name__ == "__main__":
    main()
