"""The files of the DTS rig (rig.dts_veth): what DTS is told about the
nodes and the run, and the stand-ins its sessions find first on PATH.

DTS matches ports by bus address, which a veth has not: each port's "pci"
string is an EAL -a argument that makes the vdev (SUT) or a made-up address
(TG), and the lshw stand-in reports each port's MAC, driver and link under
that string. Pure functions of the rig's settings: tested without root.
"""
import glob
import json
import os
from typing import Dict, List, NamedTuple, Optional, Sequence

SUT_IFACES = ("sut0", "sut1")
TG_IFACES = ("tg0", "tg1")
TG_PCI = ("0000:ee:00.0", "0000:ee:00.1")
# net_tap's MAC is random unless given; DTS addresses frames to the MAC the
# stand-in lshw reports, so it is fixed here.
SUT_MAC = ("02:00:00:00:dd:00", "02:00:00:00:dd:01")
# The MACs net_tap's kernel interfaces keep (rig.tap_bridge): any other.
TAP_MAC = ("02:00:00:00:ee:00", "02:00:00:00:ee:01")
PMDS = ("af_packet", "tap")


def sut_pci(pmd: str) -> List[str]:
    """The SUT ports' "pci" strings: EAL -a arguments that make the vdevs."""
    if pmd == "tap":
        return [f"net_tap0000:dd:00.{i},iface=dtap{i},mac={SUT_MAC[i]}" for i in range(2)]
    return [f"net_af_packet0000:dd:00.{i},iface={SUT_IFACES[i]}" for i in range(2)]


def lshw_json(pmd: str, macs: Dict[str, str]) -> str:
    """lshw -json's answer: the four ports. The SUT's logical names stay the
    veths (DTS sets them up; a dtapN exists only while a forwarder runs);
    with tap their MAC is net_tap's. macs: each veth's own MAC."""
    ports = [(pci, iface, SUT_MAC[i] if pmd == "tap" else macs[iface])
             for i, (pci, iface) in enumerate(zip(sut_pci(pmd), SUT_IFACES))]
    ports += [(pci, iface, macs[iface]) for pci, iface in zip(TG_PCI, TG_IFACES)]
    entries = [json.dumps({"id": "network", "class": "network", "businfo": f"pci@{pci}", "logicalname": iface,
                           "serial": mac, "configuration": {"driver": "veth", "link": "yes", "firmware": "N/A"}},
                          separators=(",", ":")) for pci, iface, mac in ports]
    return "[\n" + ",\n".join(entries) + "]\n"


def lshw_script(pmd: str, json_path: str) -> str:
    """The lshw stand-in: -json prints the ports; -businfo a table of them."""
    sut, tg = sut_pci(pmd), TG_PCI
    return ("#!/bin/sh\n# lshw stand-in: -json prints the ports; -businfo a table of them.\n"
            f'case " $* " in\n*" -json "*) cat "{json_path}" ;;\n'
            f"*) printf 'pci@%s  sut0  network  veth\\npci@%s  sut1  network  veth\\n' \"{sut[0]}\" \"{sut[1]}\"\n"
            f"   printf 'pci@%s  tg0  network  veth\\npci@%s  tg1  network  veth\\n' \"{tg[0]}\" \"{tg[1]}\" ;;\n"
            "esac\n")


def tap_specs() -> List[str]:
    """rig.tap_bridge's TAP,BRIDGE,MAC for each SUT port of the tap rig."""
    return [f"dtap{i},brs{i},{TAP_MAC[i]}" for i in range(len(SUT_IFACES))]


class RootRun(NamedTuple):
    """How a binary built in a Debian root (scripts/dpdk-matrix) runs here
    without a chroot: the root's dynamic loader with the root's libraries,
    and EAL given the root's DPDK drivers (-d), since EAL's own driver path
    names a directory of the root."""
    loader: str
    libs: str
    drivers: str
    version: str


def root_run(root: str) -> RootRun:
    """The root's loader, libraries, driver directory and DPDK version;
    ValueError says what the root lacks."""
    libs = f"{root}/usr/lib/x86_64-linux-gnu"
    loader = f"{libs}/ld-linux-x86-64.so.2"
    if not os.path.isfile(loader):
        raise ValueError(f"no dynamic loader at {loader}")
    drivers = sorted(glob.glob(f"{libs}/dpdk/pmds-*"))
    if len(drivers) != 1:
        raise ValueError(f"want one DPDK driver directory {libs}/dpdk/pmds-*, found {len(drivers)}")
    version = ""
    try:
        with open(f"{libs}/pkgconfig/libdpdk.pc") as pc:
            version = next((line.split(":", 1)[1].strip() for line in pc if line.startswith("Version:")), "")
    except OSError:
        pass
    if not version:
        raise ValueError(f"no DPDK version in {libs}/pkgconfig/libdpdk.pc (libdpdk-dev)")
    return RootRun(loader, libs, drivers[0], version)


def testpmd_script(binary: str, gate: Optional[Sequence[str]] = None, root: Optional[RootRun] = None) -> str:
    """The tree's build/app/dpdk-testpmd when it cannot be a link to the
    binary: the binary run as this path (its prompt may follow its name),
    with a root's loader and drivers (root), each prompt held until the
    taps are bridged (gate: python3 and the directory that holds
    pmdfwd_dev, for rig.prompt_gate)."""
    if root:
        program = root.loader
        argv = [f"'{root.loader}'", "--library-path", f"'{root.libs}'", "--argv0", '"$0"', f"'{binary}'",
                "-d", f"'{root.drivers}'"]
    else:
        program, argv = binary, ['"$0"']
    head = "#!/bin/sh\n# The binary under test (pmdfwd_dev.rig.dts_files.testpmd_script).\n"
    if not gate:
        if not root:
            raise ValueError("a plain binary is a link, not a script")
        return head + f"exec {' '.join(argv)} \"$@\"\n"
    python, python_dir = gate
    taps = " ".join(f"--tap {t}" for t in tap_specs())
    return (head + f"export PYTHONPATH='{python_dir}'\n"
            f"exec '{python}' -m pmdfwd_dev.rig.prompt_gate --binary '{program}' {taps} -- {' '.join(argv)} \"$@\"\n")


SUDO_SCRIPT = """#!/bin/sh
# sudo stand-in: the sessions are root already. PATH as Debian's sudo sets
# it (secure_path), whatever the login shell's rc files put first.
while [ $# -gt 0 ]; do case "$1" in --) shift; break ;; -*) shift ;; *) break ;; esac; done
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin exec "$@"
"""


def sshd_config(rig: str, sftp: str) -> str:
    """sshd on 127.0.0.1 with the keys of this run only."""
    return (f"ListenAddress 127.0.0.1\nHostKey {rig}/host_key\nPidFile {rig}/sshd.pid\nPermitRootLogin yes\n"
            f"AuthorizedKeysFile {rig}/authorized_keys\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nMaxSessions 200\nMaxStartups 200\n"
            f"Subsystem sftp {sftp}\n")


def _node(name: str, pcis: Sequence[str]) -> str:
    out = f'- name: "{name}"\n  hostname: 127.0.0.1\n  user: root\n  os: linux\n  ports:\n'
    for i, pci in enumerate(pcis):
        out += f'    - name: port-{i}\n      pci: "{pci}"\n      os_driver_for_dpdk: veth\n      os_driver: veth\n'
    return out


def nodes_yaml(pmd: str) -> str:
    """DTS's nodes: the SUT and the TG, both this host's sshd."""
    return _node("SUT 1", sut_pci(pmd)) + _node("TG 1", TG_PCI)


def test_run_yaml(tree: str, suites: Sequence[str]) -> str:
    """DTS's test run: the tree as a precompiled DPDK, functional suites
    (all of them, or `suites`), DTS's two-link topology."""
    out = f"""dpdk:
  lcores: "0-1"
  memory_channels: 1
  build:
    dpdk_location:
      dpdk_tree: {tree}
      remote: true
    precompiled_build_dir: build
func_traffic_generator:
  type: SCAPY
perf: false
func: true
crypto: false
use_virtual_functions: false
skip_smoke_tests: true # its unit-test stage runs meson test in the build: none here
system_under_test_node: "SUT 1"
traffic_generator_node: "TG 1"
port_topology:
  - sut.port-0 <-> tg.port-0
  - port-1 <-> port-1
"""
    if suites:
        out += "test_suites:\n" + "".join(f"  - {s}\n" for s in suites)
    return out
