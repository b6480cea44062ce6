#include "ports/tx_marks.h"

#include <rte_flow.h>
#include <rte_malloc.h>
#include <rte_mbuf_dyn.h>

#include <array>

namespace pmdfwd {

namespace {

std::array<std::string, 64> g_dynf_names;

uint16_t set_metadata_cb(uint16_t, uint16_t, rte_mbuf *pkts[], uint16_t n, void *arg) {
    const auto *m = static_cast<const TxMarks::Marks *>(arg);
    if (!rte_flow_dynf_metadata_avail()) return n;
    for (uint16_t i = 0; i < n; i++) {
        *RTE_FLOW_DYNF_METADATA(pkts[i]) = m->metadata;
        pkts[i]->ol_flags |= RTE_MBUF_DYNFLAG_TX_METADATA;
    }
    return n;
}

uint16_t set_dynf_cb(uint16_t, uint16_t, rte_mbuf *pkts[], uint16_t n, void *arg) {
    const uint64_t flags = static_cast<const TxMarks::Marks *>(arg)->dynf;
    for (uint16_t i = 0; i < n; i++)
        pkts[i]->ol_flags |= flags;
    return n;
}

} // namespace

const std::string &tx_dynf_name(unsigned bit) {
    static const std::string none;
    return bit < g_dynf_names.size() ? g_dynf_names[bit] : none;
}

TxMarks::~TxMarks() {
    // Ports are closed by now or lcores idle: nothing can run a callback.
    for (auto &[port, m] : ports_) {
        unhook(port, &m->md_cbs, true);
        unhook(port, &m->dynf_cbs, true);
    }
    release();
}

TxMarks::Marks &TxMarks::marks(uint16_t port) {
    std::unique_ptr<Marks> &m = ports_[port];
    if (!m) m = std::make_unique<Marks>();
    return *m;
}

uint32_t TxMarks::metadata(uint16_t port) const {
    auto it = ports_.find(port);
    return it == ports_.end() ? 0 : it->second->metadata;
}

// testpmd's add_tx_md_callback: one callback on each queue the port has now.
void TxMarks::hook(uint16_t port, std::vector<Hook> *cbs, rte_tx_callback_fn fn) {
    if (!cbs->empty()) return;
    rte_eth_dev_info info{};
    if (rte_eth_dev_info_get(port, &info) != 0) return;
    for (uint16_t q = 0; q < info.nb_tx_queues; q++)
        if (const rte_eth_rxtx_callback *cb = rte_eth_add_tx_callback(port, q, fn, &marks(port)))
            cbs->push_back({q, cb});
}

void TxMarks::unhook(uint16_t port, std::vector<Hook> *cbs, bool lcores_idle) {
    for (const Hook &h : *cbs)
        // A closed port's callbacks went with it: nothing to free twice.
        if (rte_eth_remove_tx_callback(port, h.queue, h.cb) == 0) removed_.push_back(h.cb);
    cbs->clear();
    if (lcores_idle) release();
}

void TxMarks::set_metadata(uint16_t port, uint32_t value, bool lcores_idle) {
    Marks &m = marks(port);
    m.metadata = value;
    if (value)
        hook(port, &m.md_cbs, set_metadata_cb);
    else
        unhook(port, &m.md_cbs, lcores_idle);
    rte_flow_dynf_metadata_register();
}

Status TxMarks::set_dynf(uint16_t port, const std::string &name, bool on, bool lcores_idle) {
    int bit = rte_mbuf_dynflag_lookup(name.c_str(), nullptr);
    if (bit <= 0) {
        rte_mbuf_dynflag desc{};
        if (name.size() >= sizeof(desc.name)) return Error("Flag name too long");
        name.copy(desc.name, name.size());
        bit = rte_mbuf_dynflag_register(&desc);
        if (bit < 0) return Error("Can't register flag");
        g_dynf_names[static_cast<unsigned>(bit)] = name;
    }
    Marks &m = marks(port);
    const uint64_t flag = uint64_t{1} << bit;
    m.dynf = on ? m.dynf | flag : m.dynf & ~flag;
    if (m.dynf)
        hook(port, &m.dynf_cbs, set_dynf_cb);
    else
        unhook(port, &m.dynf_cbs, lcores_idle);
    return {};
}

void TxMarks::unhook_port(uint16_t port, bool lcores_idle) {
    auto it = ports_.find(port);
    if (it == ports_.end()) return;
    unhook(port, &it->second->md_cbs, lcores_idle);
    unhook(port, &it->second->dynf_cbs, lcores_idle);
}

void TxMarks::hook_again(const std::vector<uint16_t> &ports) {
    for (uint16_t port : ports) {
        auto it = ports_.find(port);
        if (it == ports_.end()) continue;
        if (it->second->metadata) hook(port, &it->second->md_cbs, set_metadata_cb);
        if (it->second->dynf) hook(port, &it->second->dynf_cbs, set_dynf_cb);
    }
}

void TxMarks::release() {
    for (const rte_eth_rxtx_callback *cb : removed_)
        rte_free(const_cast<rte_eth_rxtx_callback *>(cb));
    removed_.clear();
}

} // namespace pmdfwd
