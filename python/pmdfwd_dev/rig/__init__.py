"""Software NIC loopbacks, built one way for every user: the e2e tests
(af_packet, net_tap bridged), the perf tool's afpacket rig and the DTS rig
(scripts/dts-veth-rig.sh).

  links     the link commands (veth pairs, bridges, sysctls) as
            argv lists, run here or written as a shell prologue for a child
  netns     a network namespace: this process's own (ctypes unshare), or a
            child's (unshare --net) that holds the links until it exits
  tap_bridge  keeps net_tap's kernel interfaces in their bridges
            (scripts/dts-tap-bridge.sh)
  prompt_gate  runs a forwarder on a terminal of its own and holds each
            prompt until the taps are bridged (the DTS tap rig's testpmd)
  dts_veth  DTS's two-link topology with sshd, stand-ins and DTS runs
            (scripts/dts-veth-rig.sh), in namespaces of its own
  dts_files what DTS is told (nodes, test run) and the lshw/sudo stand-ins
  dts_runs  one DTS run watched, a run per suite, every case's result

Teardown is the kernel's: links live in a network namespace that ends with
the process holding it, however it ends; helper processes are owned
(pmdfwd_dev.owned_process) and die with their owner, signals included.
"""
