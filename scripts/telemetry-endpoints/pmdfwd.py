# SPDX-License-Identifier: BSD-3-Clause
"""pmdfwd's forward statistics as Prometheus/OpenMetrics metrics.

An endpoint module in the form DPDK's dpdk-telemetry-exporter.py (DPDK 24.11+)
loads: info() names the metrics, metrics(sock) reads them from pmdfwd's
telemetry commands. With DPDK's exporter:

    dpdk-telemetry-exporter.py -p scripts/telemetry-endpoints -e pmdfwd \\
        -s /var/run/dpdk/<prefix>/dpdk_telemetry.v2 -o prometheus://127.0.0.1:9876

scripts/pmdfwd-exporter.py serves the same metrics through
python3-prometheus-client (DPDK 22.11 ships no exporter). Both name them
dpdk_pmdfwd_<name>.
"""

# Counters are named with _total, as the Prometheus text format expects; the
# OpenMetrics family name is the same without it.
PORT_COUNTERS = {
    "rx_packets": "Packets received on the port since forwarding started or was cleared.",
    "rx_dropped": "Packets the port dropped on receive (imissed).",
    "rx_errors": "Erroneous packets received on the port.",
    "rx_nombuf": "Receive mbuf allocation failures on the port.",
    "tx_packets": "Packets sent on the port.",
    "tx_dropped": "Packets not sent on the port: device errors and packets the PMD refused.",
}
STREAM_COUNTERS = {
    "rx_packets": "Packets the stream received.",
    "tx_packets": "Packets the stream sent.",
    "tx_dropped": "Packets the stream's engine returned that the PMD did not accept.",
    "tx_retries": "Transmit retries of the stream (set fwd <mode> retry).",
    "engine_untouched": "Packets the engine forwarded without processing (e.g. runts).",
    "engine_consumed": "Packets the engine consumed without sending them.",
    "engine_generated": "Packets the engine generated.",
    "core_cycles": "TSC cycles spent on non-empty bursts (--record-core-cycles).",
}
RATES = {
    "rx_pps": "Packets received per second over the last telemetry window (at least 0.1 s).",
    "tx_pps": "Packets sent per second over the last telemetry window (at least 0.1 s).",
}
STREAM_LABELS = ("stream", "lcore", "rx_port", "rx_queue", "tx_port", "tx_queue")


def info():
    """Metric name -> (description, type), as dpdk-telemetry-exporter.py asks."""
    out = {
        "forwarding": ("1 while pmdfwd forwards, 0 while it is stopped.", "gauge"),
        "engine_info": ("The running (else configured) engine and its state line.", "gauge"),
        "streams": ("Forwarding streams since the last start.", "gauge"),
    }
    for scope, counters in (("port", PORT_COUNTERS), ("stream", STREAM_COUNTERS)):
        for name, desc in counters.items():
            out[f"{scope}_{name}_total"] = (desc, "counter")
        for name, desc in RATES.items():
            out[f"{scope}_{name}"] = (desc, "gauge")
    return out


def _reply(sock, uri, arg=None):
    data = sock.cmd(uri, arg)
    if not isinstance(data, dict):
        # pmdfwd answers with a string while starting up or shutting down.
        raise RuntimeError(f"{uri}: {data!r}")
    return data


def _stats_pages(sock):
    """Every /pmdfwd/stats page: a reply lists as many streams as fit."""
    page = _reply(sock, "/pmdfwd/stats")
    yield page
    while "next_stream" in page:
        page = _reply(sock, "/pmdfwd/stats", page["next_stream"])
        yield page


def metrics(sock):
    """[(name, value, labels)] from pmdfwd's telemetry commands."""
    engine = _reply(sock, "/pmdfwd/engine")
    state = engine.get("state") or [""]
    out = [("engine_info", 1, {"engine": engine["name"], "origin": engine["origin"],
                               "state": state[0].strip()})]
    for n, page in enumerate(_stats_pages(sock)):
        if n == 0:
            out.append(("forwarding", page["running"], {}))
            out.append(("streams", page["nb_streams"], {}))
        for key, value in page.items():
            if not isinstance(value, dict):
                continue
            if key.startswith("port_") and n == 0:
                out += _series("port", value, PORT_COUNTERS, {"port": value["port"]})
            elif key.startswith("stream_"):
                labels = {k: value[k] for k in STREAM_LABELS}
                out += _series("stream", value, STREAM_COUNTERS, labels)
    return out


def _series(scope, values, counters, labels):
    out = [(f"{scope}_{name}_total", values[name], labels) for name in counters]
    out += [(f"{scope}_{name}", values[name], labels) for name in RATES]
    return out
