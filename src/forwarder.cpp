#include "forwarder.h"

#include "engine_api.h"
#include "engine_registry.h"
#include "packet_template.h"
#include "parse.h"

#include <rte_cycles.h>
#include <rte_launch.h>
#include <rte_lcore.h>

#include <cstdio>

namespace pmdfwd {

Forwarder::Forwarder(Config &cfg, Ports &ports, std::vector<unsigned> fwd_lcores)
    : cfg_(cfg), ports_(ports), fwd_lcores_(std::move(fwd_lcores)) {}

Forwarder::~Forwarder() {
    stop();
}

std::vector<uint16_t> Forwarder::fwd_ports(std::string *err, std::string *note) const {
    std::string ignored;
    return select_fwd_ports(ports_.ids(), cfg_.fwd_port_list, cfg_.nb_fwd_ports, err,
                            note ? note : &ignored);
}

size_t Forwarder::nb_streams_for_config(std::string *err) const {
    const std::vector<uint16_t> ports = fwd_ports(err);
    if (ports.empty()) return 0;
    return build_streams(ports, cfg_.topology, cfg_.nb_rxq, cfg_.nb_txq, err).size();
}

std::string Forwarder::build(const pmdfwd_engine *engine) {
    std::string err;
    fwd_ports_ = fwd_ports(&err);
    if (fwd_ports_.empty()) return err;
    specs_ = build_streams(fwd_ports_, cfg_.topology, cfg_.nb_rxq, cfg_.nb_txq, &err);
    if (specs_.empty()) return err;
    const size_t nb_lcores = std::min<size_t>(cfg_.nb_cores, fwd_lcores_.size());
    const auto groups = spread_streams(specs_.size(), nb_lcores);

    params_ = {};
    params_.burst = cfg_.burst;
    params_.nb_txpkt_segs = static_cast<uint16_t>(cfg_.txpkts.size());
    for (size_t i = 0; i < cfg_.txpkts.size(); i++) {
        params_.txpkt_seg_len[i] = cfg_.txpkts[i];
        params_.txpkt_len += cfg_.txpkts[i];
    }

    streams_ = std::make_unique<Stream[]>(specs_.size());
    contexts_.clear();
    for (size_t g = 0; g < groups.size(); g++) {
        auto ctx = std::make_unique<LcoreContext>();
        const unsigned lcore = fwd_lcores_[g];
        for (size_t idx : groups[g]) {
            Stream &s = streams_[idx];
            const StreamSpec &sp = specs_[idx];
            s.pub.rx_port = sp.rx_port;
            s.pub.rx_queue = sp.rx_queue;
            s.pub.tx_port = sp.tx_port;
            s.pub.tx_queue = sp.tx_queue;
            s.pub.socket_id = lcore_socket(lcore);
            s.pub.pool = ports_.lcore_pool(lcore);
            s.pub.tx = &ports_.find(sp.tx_port)->tx;
            s.pub.params = &params_;
            // testpmd's disabled stream: a queue stopped (`port P rxq Q
            // stop`, deferred start) is not polled; the stream stays listed.
            if (queue_started(sp.rx_port, true, sp.rx_queue) &&
                queue_started(sp.tx_port, false, sp.tx_queue))
                ctx->streams.push_back(&s);
        }
        ctx->burst_fn = engine->burst;
        ctx->burst = cfg_.burst;
        ctx->retry_num = cfg_.tx_retry ? cfg_.tx_retry_num : 0;
        ctx->retry_delay_us = cfg_.tx_retry_delay_us;
        ctx->no_rx = (engine->flags & PMDFWD_ENGINE_F_NO_RX) != 0;
        ctx->generator = (engine->flags & PMDFWD_ENGINE_F_GENERATOR) != 0;
        ctx->record_cycles = cfg_.record_core_cycles;
        ctx->record_bursts = cfg_.record_burst_stats;
        ctx->stop = &stop_;
        contexts_.push_back(std::move(ctx));
    }
    return {};
}

std::string Forwarder::init_engine(const pmdfwd_engine *engine) {
    engine_ = engine;
    std::vector<uint16_t> begun;
    size_t inited = 0;
    std::string err;
    for (uint16_t p : fwd_ports_) {
        if (engine->port_begin && engine->port_begin(p) != 0) {
            err = std::string("engine ") + engine->name + " refused to start on port " +
                  std::to_string(p);
            break;
        }
        begun.push_back(p);
    }
    for (; err.empty() && inited < specs_.size(); inited++)
        if (engine->stream_init && engine->stream_init(&streams_[inited].pub) != 0)
            err = std::string("engine ") + engine->name + " could not set up stream " +
                  std::to_string(inited);
    if (err.empty()) {
        engine_started_ = true;
        return {};
    }
    for (size_t i = 0; i < inited; i++)
        if (engine->stream_fini) engine->stream_fini(&streams_[i].pub);
    for (uint16_t p : begun)
        if (engine->port_end) engine->port_end(p);
    return err;
}

void Forwarder::fini_engine() {
    if (!engine_started_) return;
    for (size_t i = 0; i < specs_.size(); i++)
        if (engine_->stream_fini) engine_->stream_fini(&streams_[i].pub);
    for (uint16_t p : fwd_ports_)
        if (engine_->port_end) engine_->port_end(p);
    engine_started_ = false;
}

void Forwarder::send_tx_first(unsigned bursts) {
    const uint16_t len = static_cast<uint16_t>(params_.txpkt_len);
    rte_mbuf *pkts[kMaxBurst];
    for (unsigned b = 0; b < bursts; b++)
        for (size_t i = 0; i < specs_.size(); i++) {
            const pmdfwd_stream &s = streams_[i].pub;
            const uint16_t n = build_udp_burst(s.pool, pkts, cfg_.burst, len, *s.tx);
            const uint16_t sent = rte_eth_tx_burst(s.tx_port, s.tx_queue, pkts, n);
            rte_pktmbuf_free_bulk(pkts + sent, n - sent);
        }
}

void Forwarder::snapshot_ports() {
    base_.clear();
    for (uint16_t p : fwd_ports_) {
        rte_eth_stats s{};
        rte_eth_stats_get(p, &s);
        base_.push_back(s);
    }
}

bool Forwarder::queue_started(uint16_t port, bool rx, uint16_t queue) const {
    const Port *p = ports_.find(port);
    if (p == nullptr) return false;
    const std::vector<QueueSettings> &q = rx ? p->rxq : p->txq;
    return queue >= q.size() || q[queue].state != RTE_ETH_QUEUE_STATE_STOPPED;
}

bool Forwarder::uses_port(uint16_t port) const {
    for (const StreamSpec &s : specs_)
        if (s.rx_port == port || s.tx_port == port) return true;
    return false;
}

std::string Forwarder::start(unsigned tx_first_bursts, const std::function<void()> &shown) {
    // testpmd's order: stopped ports before a second start.
    if (!ports_.all_started()) return "Not all ports were started";
    if (running_) return "Packet forwarding already started";
    const pmdfwd_engine *engine = EngineRegistry::instance().find(cfg_.forward_mode);
    if (engine == nullptr) return registry_engines().unknown_mode(cfg_.forward_mode);
    fini_engine();
    if (std::string err = build(engine); !err.empty()) return err;
    if (!cfg_.no_flush_rx) ports_.flush_rx(fwd_ports_, cfg_.nb_rxq);
    if (std::string err = init_engine(engine); !err.empty()) return err;
    snapshot_ports();
    if (shown) shown();
    send_tx_first(tx_first_bursts);
    stop_.store(false);
    for (size_t g = 0; g < contexts_.size(); g++) {
        LcoreContext *ctx = contexts_[g].get();
        const int rc = rte_eal_remote_launch(select_lcore_main(*ctx), ctx, fwd_lcores_[g]);
        if (rc != 0) {
            stop_.store(true);
            for (unsigned l : launched_)
                rte_eal_wait_lcore(l);
            launched_.clear();
            fini_engine();
            return "cannot launch lcore " + std::to_string(fwd_lcores_[g]) + " (busy?)";
        }
        launched_.push_back(fwd_lcores_[g]);
    }
    running_ = true;
    return {};
}

void Forwarder::stop() {
    if (!running_) return;
    stop_.store(true);
    for (unsigned l : launched_)
        rte_eal_wait_lcore(l);
    launched_.clear();
    running_ = false;
    fini_engine();
}

FwdStats Forwarder::collect() const {
    FwdStats f;
    f.engine = engine_ ? engine_->name : cfg_.forward_mode;
    f.record_cycles = cfg_.record_core_cycles;
    f.record_bursts = cfg_.record_burst_stats;
    f.rx_cksum_stats = engine_ && (engine_->flags & PMDFWD_ENGINE_F_RX_CKSUM_STATS);
    f.tsc_hz = rte_get_tsc_hz();
    for (size_t i = 0; i < specs_.size(); i++) {
        const Stream &s = streams_[i];
        StreamStats st;
        st.spec = specs_[i];
        st.rx = s.rx_packets.get();
        st.tx = s.tx_packets.get();
        st.dropped = s.fwd_dropped.get();
        st.retries = s.tx_retries.get();
        st.cycles = s.core_cycles.get();
        st.untouched = s.pub.engine_untouched;
        st.consumed = s.pub.engine_consumed;
        st.generated = s.pub.engine_generated;
        st.bad_cksum = {s.pub.rx_bad_ip_csum, s.pub.rx_bad_l4_csum, s.pub.rx_bad_outer_l4_csum,
                        s.pub.rx_bad_outer_ip_csum};
        if (!running_) st.rx_bursts = s.rx_bursts, st.tx_bursts = s.tx_bursts;
        f.streams.push_back(st);
    }
    std::string err;
    const std::vector<uint16_t> ids = specs_.empty() ? fwd_ports(&err) : fwd_ports_;
    for (size_t i = 0; i < ids.size(); i++) {
        rte_eth_stats now{};
        rte_eth_stats_get(ids[i], &now);
        const rte_eth_stats base = i < base_.size() ? base_[i] : rte_eth_stats{};
        auto since = [](uint64_t n, uint64_t b) { return n >= b ? n - b : n; };
        PortFwdStats p;
        p.port = ids[i];
        p.rx = since(now.ipackets, base.ipackets);
        p.rx_dropped = since(now.imissed, base.imissed);
        p.rx_errors = since(now.ierrors, base.ierrors);
        p.rx_nombuf = since(now.rx_nombuf, base.rx_nombuf);
        p.tx = since(now.opackets, base.opackets);
        p.tx_dropped = since(now.oerrors, base.oerrors);
        for (const StreamStats &st : f.streams) {
            if (st.spec.tx_port == p.port) p.tx_dropped += st.dropped;
            if (st.spec.rx_port == p.port) {
                p.bad_cksum.ip += st.bad_cksum.ip;
                p.bad_cksum.l4 += st.bad_cksum.l4;
                p.bad_cksum.outer_l4 += st.bad_cksum.outer_l4;
                p.bad_cksum.outer_ip += st.bad_cksum.outer_ip;
            }
        }
        f.ports.push_back(p);
    }
    return f;
}

void Forwarder::clear() {
    for (size_t i = 0; i < specs_.size(); i++)
        streams_[i].reset_counters();
    snapshot_ports();
}

std::string Forwarder::describe() const {
    std::string err;
    const std::vector<uint16_t> ports = fwd_ports(&err);
    const auto specs = ports.empty()
                           ? std::vector<StreamSpec>{}
                           : build_streams(ports, cfg_.topology, cfg_.nb_rxq, cfg_.nb_txq, &err);
    if (specs.empty()) return err + "\n";
    const size_t nb_lcores = std::min<size_t>(cfg_.nb_cores, fwd_lcores_.size());
    const auto groups = spread_streams(specs.size(), nb_lcores);
    char line[256];
    std::snprintf(line, sizeof(line),
                  "%s packet forwarding%s - ports=%zu - cores=%zu - streams=%zu - NUMA support "
                  "%s, MP allocation mode: native\n",
                  cfg_.forward_mode.c_str(), cfg_.tx_retry ? " with retry" : "", ports.size(),
                  groups.size(), specs.size(), cfg_.numa ? "enabled" : "disabled");
    std::string o = line;
    for (size_t g = 0; g < groups.size(); g++) {
        const unsigned lcore = fwd_lcores_[g];
        std::snprintf(line, sizeof(line),
                      "Logical Core %u (socket %d) forwards packets on %zu streams:\n", lcore,
                      lcore_socket(lcore), groups[g].size());
        o += line;
        for (size_t idx : groups[g]) {
            const StreamSpec &sp = specs[idx];
            Port *tx = ports_.find(sp.tx_port);
            std::snprintf(line, sizeof(line),
                          "  RX P=%u/Q=%u (socket %d) -> TX P=%u/Q=%u (socket %d) peer=%s\n",
                          sp.rx_port, sp.rx_queue, ports_.find(sp.rx_port)->socket, sp.tx_port,
                          sp.tx_queue, tx->socket, format_mac(tx->tx.peer_mac).c_str());
            o += line;
        }
    }
    std::snprintf(line, sizeof(line), "\n  %s packet forwarding packets/burst=%u\n",
                  cfg_.forward_mode.c_str(), cfg_.burst);
    o += line;
    std::snprintf(line, sizeof(line), "  nb forwarding cores=%zu - nb forwarding ports=%zu\n",
                  groups.size(), ports.size());
    o += line;
    if (std::string state; registry_engines().describe(cfg_.forward_mode, &state).empty())
        o += "  " + state + "\n";
    return o;
}

} // namespace pmdfwd
