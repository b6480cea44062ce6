#include "fwd/forwarder.h"

#include "engine_host/abi_calls.h"
#include "engine_host/engine_api.h"
#include "engine_host/engine_context.h"
#include "fwd/packet_template.h"
#include "ports/packet_dump.h"
#include "text/mac_text.h"
#include "text/text_format.h"

#include <rte_cycles.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>

#include <algorithm>
#include <atomic>
#include <cstdio>

namespace pmdfwd {

Forwarder::Forwarder(Config &cfg, Ports &ports, EngineApi &engines,
                     std::vector<unsigned> fwd_lcores)
    : cfg_(cfg), ports_(ports), engines_(engines), fwd_lcores_(std::move(fwd_lcores)) {}

Result<std::vector<StreamSpec>> plan_fwd_streams(const Config &cfg, const EngineApi &engines,
                                                 const std::vector<uint16_t> &ports) {
    const pmdfwd_engine *e = engines.descriptor(cfg.forward_mode);
    const bool replies = e != nullptr && (e->flags & PMDFWD_ENGINE_F_REPLIES) != 0;
    return build_streams(ports, replies ? Topology::Loop : cfg.topology, cfg.nb_rxq, cfg.nb_txq);
}

Forwarder::~Forwarder() {
    stop();
}

Result<std::vector<uint16_t>> Forwarder::fwd_ports(std::string *note) const {
    std::string ignored;
    return select_fwd_ports(ports_.fwd_ids(), cfg_.fwd_port_list, cfg_.nb_fwd_ports,
                            note ? note : &ignored);
}

Result<size_t> Forwarder::nb_streams_for_config() const {
    const Result<std::vector<uint16_t>> ports = fwd_ports();
    if (!ports) return ports.status();
    const Result<StreamLayout> planned = layout(*ports);
    if (!planned) return planned.status();
    return planned->specs.size();
}

size_t Forwarder::nb_lcores_configured() const {
    return std::min<size_t>(cfg_.nb_cores, fwd_lcores_.size());
}

Result<StreamLayout> Forwarder::layout(const std::vector<uint16_t> &ports) const {
    if (dcb_forwarding()) return dcb_streams(ports);
    Result<std::vector<StreamSpec>> specs = plan_fwd_streams(cfg_, engines_, ports);
    if (!specs) return specs.status();
    StreamLayout l;
    l.groups = spread_streams(specs->size(), nb_lcores_configured());
    l.specs = std::move(specs).value();
    return l;
}

// testpmd's fwd_config_setup: the DCB layout once a port was put in DCB mode
// (its dcb_config), with several RX and TX queues, for any engine but one
// that replies (testpmd lays its reply mode out first).
bool Forwarder::dcb_forwarding() const {
    const pmdfwd_engine *e = engines_.descriptor(cfg_.forward_mode);
    if (e != nullptr && (e->flags & PMDFWD_ENGINE_F_REPLIES) != 0) return false;
    if (cfg_.nb_rxq <= 1 || cfg_.nb_txq <= 1) return false;
    const std::vector<uint16_t> all = ports_.ids();
    return std::any_of(all.begin(), all.end(), [&](uint16_t p) { return port_in_dcb_mode(p); });
}

bool Forwarder::port_in_dcb_mode(uint16_t port) const {
    const Port *p = ports_.find(port);
    return p != nullptr && (p->conf.rxmode.mq_mode & RTE_ETH_MQ_RX_DCB_FLAG) != 0;
}

Result<StreamLayout> Forwarder::dcb_streams(const std::vector<uint16_t> &ports) const {
    std::vector<rte_eth_dcb_info> dcb(ports.size());
    for (size_t i = 0; i < ports.size(); i++) {
        if (!port_in_dcb_mode(ports[i]))
            return Error("In DCB mode, all forwarding ports must be configured in this mode.");
        // A port that cannot say keeps no class: it gets no stream.
        (void)rte_eth_dev_get_dcb_info(ports[i], &dcb[i]);
    }
    const size_t nb_lcores = nb_lcores_configured();
    if (nb_lcores == 1)
        return Error("In DCB mode,the nb forwarding cores should be larger than 1.");
    const DcbSettings s{.tc_mask = cfg_.dcb_fwd_tc_mask,
                        .tc_cores = cfg_.dcb_fwd_tc_cores,
                        .numa = cfg_.numa,
                        .nb_ports = ports_.ids().size()};
    return dcb_layout(ports, dcb, cfg_.topology, nb_lcores, s, this_dpdks_dcb_rules());
}

Status Forwarder::build(const pmdfwd_engine *engine) {
    Result<std::vector<uint16_t>> ports = fwd_ports();
    if (!ports) {
        fwd_ports_.clear();
        return ports.status();
    }
    fwd_ports_ = std::move(ports).value();
    Result<StreamLayout> planned = layout(fwd_ports_);
    if (!planned) {
        specs_.clear();
        return planned.status();
    }
    specs_ = std::move(planned->specs);
    const std::vector<std::vector<size_t>> groups = std::move(planned->groups);
    set_packet_params();
    // Not make_shared: GCC 12's array form copies an element, and a Stream
    // holds atomics.
    streams_ = std::shared_ptr<Stream[]>(new Stream[specs_.size()]);
    stream_lcores_.assign(specs_.size(), 0);
    overrun_reported_.store(false);
    contexts_.clear();
    context_lcores_.clear();
    for (size_t g = 0; g < groups.size(); g++) {
        contexts_.push_back(make_lcore_context(engine, fwd_lcores_[g], groups[g]));
        context_lcores_.push_back(fwd_lcores_[g]);
    }
    add_duty_only_contexts();
    return {};
}

void Forwarder::set_verbose(unsigned level) {
    std::atomic_ref<uint32_t>(params_.verbose_level)
        .store(static_cast<uint32_t>(level), std::memory_order_relaxed);
}

void Forwarder::set_packet_params() {
    const uint32_t verbose = params_.verbose_level; // `set verbose` outlives a start
    params_ = {};
    params_.verbose_level = verbose;
    params_.write_text = packet_dump_write;
    params_.burst = cfg_.burst;
    params_.nb_txpkt_segs = static_cast<uint16_t>(cfg_.txpkts.size());
    for (size_t i = 0; i < cfg_.txpkts.size(); i++) {
        params_.txpkt_seg_len[i] = cfg_.txpkts[i];
        params_.txpkt_len += cfg_.txpkts[i];
    }
}

void Forwarder::init_stream(size_t idx, unsigned lcore, const pmdfwd_engine *engine) {
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
    s.engine_name = engine->name;
    s.overrun_reported = &overrun_reported_;
    stream_lcores_[idx] = lcore;
}

std::unique_ptr<LcoreContext> Forwarder::make_lcore_context(const pmdfwd_engine *engine,
                                                            unsigned lcore,
                                                            const std::vector<size_t> &group) {
    auto ctx = std::make_unique<LcoreContext>();
    for (size_t idx : group) {
        init_stream(idx, lcore, engine);
        ctx->all_streams.push_back(&streams_[idx].pub);
        const StreamSpec &sp = specs_[idx];
        // testpmd's disabled stream: a queue stopped (`port P rxq Q stop`,
        // deferred start) is not polled; the stream stays listed.
        if (queue_started(sp.rx_port, true, sp.rx_queue) &&
            queue_started(sp.tx_port, false, sp.tx_queue))
            ctx->streams.push_back(&streams_[idx]);
    }
    for (pmdfwd_stream *pub : ctx->all_streams) {
        pub->lcore_streams = ctx->all_streams.data();
        pub->nb_lcore_streams = static_cast<uint32_t>(ctx->all_streams.size());
    }
    ctx->burst_fn = engine->burst;
    ctx->burst = cfg_.burst;
    ctx->out_max = (engine->flags & PMDFWD_ENGINE_F_GROWS) ? PMDFWD_BURST_ROOM : cfg_.burst;
    ctx->retry_num = cfg_.tx_retry ? cfg_.tx_retry_num : 0;
    ctx->retry_delay_us = cfg_.tx_retry_delay_us;
    ctx->rx = (engine->flags & PMDFWD_ENGINE_F_NO_RX)       ? RxMode::None
              : (engine->flags & PMDFWD_ENGINE_F_COUNTS_RX) ? RxMode::EngineCounts
                                                            : RxMode::HostCounts;
    ctx->generator = (engine->flags & PMDFWD_ENGINE_F_GENERATOR) != 0;
    ctx->record_cycles = cfg_.record_core_cycles;
    ctx->record_bursts = cfg_.record_burst_stats;
    ctx->stop = &stop_;
    ctx->duty = duty_of(lcore);
    return ctx;
}

void Forwarder::set_lcore_duty(unsigned lcore, LcoreDuty duty) {
    for (auto &[l, d] : duties_)
        if (l == lcore) {
            d = duty;
            return;
        }
    duties_.emplace_back(lcore, duty);
}

LcoreDuty Forwarder::duty_of(unsigned lcore) const {
    for (const auto &[l, d] : duties_)
        if (l == lcore) return d;
    return {};
}

// A duty lcore without streams (left out by `set corelist` or --nb-cores)
// still does its duty while forwarding runs.
void Forwarder::add_duty_only_contexts() {
    for (const auto &[lcore, duty] : duties_) {
        if (std::find(context_lcores_.begin(), context_lcores_.end(), lcore) !=
            context_lcores_.end())
            continue;
        auto ctx = std::make_unique<LcoreContext>();
        ctx->stop = &stop_;
        ctx->duty = duty;
        contexts_.push_back(std::move(ctx));
        context_lcores_.push_back(lcore);
    }
}

Status Forwarder::init_engine(const pmdfwd_engine *engine) {
    engine_ = engine;
    std::vector<uint16_t> begun;
    size_t inited = 0;
    Status err;
    for (uint16_t p : fwd_ports_) {
        if (call_port_begin(*engine, p) != 0) {
            err = Error(std::string("engine ") + engine->name + " refused to start on port " +
                        std::to_string(p));
            break;
        }
        begun.push_back(p);
    }
    // Streams [0, inited) are set up; the one that failed is not, so its
    // stream_fini must not run (its priv may be anything).
    void *const engine_ctx = engine_context(*engine);
    for (size_t i = 0; i < specs_.size(); i++)
        streams_[i].pub.engine_ctx = engine_ctx;
    for (; err.ok() && inited < specs_.size(); inited++)
        if (engine->stream_init && engine->stream_init(&streams_[inited].pub) != 0) {
            err = Error(std::string("engine ") + engine->name + " could not set up stream " +
                        std::to_string(inited));
            break;
        }
    if (err.ok()) {
        engine_started_ = true;
        return {};
    }
    for (size_t i = 0; i < inited; i++)
        if (engine->stream_fini) engine->stream_fini(&streams_[i].pub);
    for (uint16_t p : begun)
        call_port_end(*engine, p);
    return err;
}

void Forwarder::fini_engine() {
    if (!engine_started_) return;
    for (size_t i = 0; i < specs_.size(); i++)
        if (engine_->stream_fini) engine_->stream_fini(&streams_[i].pub);
    for (uint16_t p : fwd_ports_)
        call_port_end(*engine_, p);
    engine_started_ = false;
}

// tx_first sends single-segment frames; one that does not fit an mbuf was
// cut to the mbuf's room without a word. Generators refuse the same.
Status Forwarder::check_tx_first() const {
    for (size_t i = 0; i < specs_.size(); i++) {
        const unsigned room = rte_pktmbuf_data_room_size(streams_[i].pub.pool);
        const unsigned fits = room > RTE_PKTMBUF_HEADROOM ? room - RTE_PKTMBUF_HEADROOM : 0;
        if (params_.txpkt_len > fits)
            return Error("tx_first: the --txpkts frame of " + std::to_string(params_.txpkt_len) +
                         " bytes does not fit one mbuf (" + std::to_string(fits) +
                         " bytes of data room after the headroom) and tx_first sends "
                         "single-segment frames (allowed: --txpkts totalling at most " +
                         std::to_string(fits) + " bytes)");
    }
    return {};
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

Status Forwarder::start(unsigned tx_first_bursts, const std::function<void()> &shown) {
    // testpmd's order: stopped ports before a second start.
    if (!ports_.all_started()) return Error("Not all ports were started");
    if (running_) return Error("Packet forwarding already started");
    const pmdfwd_engine *engine = engines_.descriptor(cfg_.forward_mode);
    if (engine == nullptr) return Error(engines_.unknown_mode(cfg_.forward_mode));
    fini_engine();
    if (Status built = build(engine); !built) return built;
    if (tx_first_bursts > 0)
        if (Status fits = check_tx_first(); !fits) return fits;
    if (!cfg_.no_flush_rx) ports_.flush_rx(fwd_ports_, cfg_.nb_rxq);
    if (Status inited = init_engine(engine); !inited) return inited;
    snapshot_ports();
    if (shown) shown();
    send_tx_first(tx_first_bursts);
    stop_.store(false);
    for (size_t g = 0; g < contexts_.size(); g++) {
        LcoreContext *ctx = contexts_[g].get();
        const int rc = rte_eal_remote_launch(select_lcore_main(*ctx), ctx, context_lcores_[g]);
        if (rc != 0) {
            stop_.store(true);
            for (unsigned l : launched_)
                rte_eal_wait_lcore(l);
            launched_.clear();
            fini_engine();
            return Error("cannot launch lcore " + std::to_string(context_lcores_[g]) + " (busy?)",
                         -rc);
        }
        launched_.push_back(context_lcores_[g]);
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

FwdView Forwarder::view() const {
    FwdView v;
    v.engine = engine_ ? engine_->name : cfg_.forward_mode;
    v.running = running_;
    v.record_cycles = cfg_.record_core_cycles;
    v.record_bursts = cfg_.record_burst_stats;
    v.rx_cksum_stats = engine_ && (engine_->flags & PMDFWD_ENGINE_F_RX_CKSUM_STATS);
    v.specs = specs_;
    v.stream_lcores = stream_lcores_;
    v.streams = streams_;
    if (specs_.empty()) {
        Result<std::vector<uint16_t>> ports = fwd_ports();
        if (ports) v.port_ids = std::move(ports).value();
    } else {
        v.port_ids = fwd_ports_;
    }
    v.base = base_;
    return v;
}

void Forwarder::clear() {
    for (size_t i = 0; i < specs_.size(); i++)
        streams_[i].reset_counters();
    snapshot_ports();
}

std::string Forwarder::describe() const {
    const Result<std::vector<uint16_t>> ports = fwd_ports();
    if (!ports) return ports.message() + "\n";
    const Result<StreamLayout> planned = layout(*ports);
    if (!planned) return planned.message() + "\n";
    const std::vector<StreamSpec> &specs = planned->specs;
    const std::vector<std::vector<size_t>> &groups = planned->groups;
    std::string o = text_format(
        "%s packet forwarding%s - ports=%zu - cores=%zu - streams=%zu - NUMA support "
        "%s, MP allocation mode: %s\n",
        cfg_.forward_mode.c_str(), cfg_.tx_retry ? " with retry" : "", ports->size(), groups.size(),
        specs.size(), cfg_.numa ? "enabled" : "disabled", to_string(cfg_.mp_alloc));
    for (size_t g = 0; g < groups.size(); g++) {
        const unsigned lcore = fwd_lcores_[g];
        append_format(&o, "Logical Core %u (socket %d) forwards packets on %zu streams:\n", lcore,
                      lcore_socket(lcore), groups[g].size());
        for (size_t idx : groups[g]) {
            const StreamSpec &sp = specs[idx];
            Port *tx = ports_.find(sp.tx_port);
            append_format(&o, "  RX P=%u/Q=%u (socket %d) -> TX P=%u/Q=%u (socket %d) peer=%s\n",
                          sp.rx_port, sp.rx_queue, ports_.find(sp.rx_port)->socket, sp.tx_port,
                          sp.tx_queue, tx->socket, mac_to_text(tx->tx.peer_mac).c_str());
        }
    }
    return o + "\n";
}

size_t Forwarder::nb_lcores_used() const {
    const Result<std::vector<uint16_t>> ports = fwd_ports();
    const Result<StreamLayout> planned =
        ports ? layout(*ports) : Result<StreamLayout>(ports.status());
    // No stream at all still shows one lcore, as testpmd's display does.
    if (!planned || planned->groups.empty()) return std::min<size_t>(nb_lcores_configured(), 1);
    return planned->groups.size();
}

std::string Forwarder::rxtx_header() const {
    const Result<std::vector<uint16_t>> ports = fwd_ports();
    return text_format("  %s packet forwarding%s packets/burst=%u\n"
                       "  nb forwarding cores=%zu - nb forwarding ports=%zu\n",
                       cfg_.forward_mode.c_str(), cfg_.tx_retry ? " with retry" : "", cfg_.burst,
                       nb_lcores_used(), ports ? ports->size() : size_t{0});
}

std::string Forwarder::engine_state() const {
    if (cfg_.testpmd_texts) return {};
    const pmdfwd_engine *e = engines_.descriptor(cfg_.forward_mode);
    if (e != nullptr && (e->flags & PMDFWD_ENGINE_F_QUIET_START) != 0) return {};
    const Result<std::string> state = engines_.describe(cfg_.forward_mode);
    return state ? "  " + *state + "\n" : std::string();
}

} // namespace pmdfwd
