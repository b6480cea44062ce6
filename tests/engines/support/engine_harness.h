// What the traffic-engine suites need to call an engine the way the host
// does: the engine looked up in the registry, a real mbuf pool (EAL runs
// with --no-huge), a stream wired to port settings with known MACs, and
// ways to make and read packets. The expected frames are written out byte by
// byte here, independently of the engines' own frame builder.
#pragma once

#include "engine_host/engine_context.h"
#include "engine_host/engine_params.h"
#include "engine_host/engine_registry.h"

#include <gtest/gtest.h>

#include <rte_ip.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace pmdfwd::testing {

inline constexpr std::array<uint8_t, 6> kPortMac = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
inline constexpr std::array<uint8_t, 6> kPeerMac = {0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee};

inline rte_mempool *make_pool(unsigned n, unsigned cache = 32,
                              uint16_t data_room = RTE_MBUF_DEFAULT_BUF_SIZE) {
    static unsigned counter = 0;
    const std::string name = "engine_test_" + std::to_string(counter++);
    return rte_pktmbuf_pool_create(name.c_str(), n, cache, 0, data_room, SOCKET_ID_ANY);
}

// What engines wrote through params.write_text (the host's dump writer)
// since the test began: the host's function takes no context, so one
// buffer for the process.
inline std::string &written_text() {
    static std::string text;
    return text;
}

inline void write_text(const char *text, size_t len) {
    written_text().append(text, len);
}

// A stream from port 0 queue 0 to port 1 queue 0, as the host fills it.
class EngineTest : public ::testing::Test {
  protected:
    void SetUp() override {
        pool_ = make_pool(4095);
        ASSERT_NE(pool_, nullptr) << "rte_pktmbuf_pool_create failed";
        std::copy(kPortMac.begin(), kPortMac.end(), tx_.mac);
        std::copy(kPeerMac.begin(), kPeerMac.end(), tx_.peer_mac);
        params_.burst = 32;
        params_.write_text = write_text;
        written_text().clear();
        stream_.rx_port = 0;
        stream_.tx_port = 1;
        stream_.socket_id = static_cast<int>(rte_socket_id());
        stream_.pool = pool_;
        stream_.tx = &tx_;
        stream_.params = &params_;
    }

    void TearDown() override {
        if (engine_ != nullptr && engine_->stream_fini != nullptr && started_)
            engine_->stream_fini(&stream_);
        rte_mempool_free(pool_);
    }

    const pmdfwd_engine *use(const char *name) {
        engine_ = EngineRegistry::instance().find(name);
        EXPECT_NE(engine_, nullptr) << name << " is not registered";
        if (engine_ != nullptr) stream_.engine_ctx = engine_context(*engine_);
        return engine_;
    }

    // The host's `start` for this one stream.
    int start() {
        int rc = engine_->stream_init ? engine_->stream_init(&stream_) : 0;
        started_ = rc == 0;
        return rc;
    }
    void stop() {
        if (started_ && engine_->stream_fini) engine_->stream_fini(&stream_);
        started_ = false;
    }

    uint16_t burst(rte_mbuf **pkts, uint16_t nb_rx, uint16_t max) {
        return engine_->burst(&stream_, pkts, nb_rx, max);
    }

    // The host's --<engine>-<key>=<value> / `set <engine> <key> <value>`:
    // "" or its message, for the tests to compare texts.
    std::string set_param(const char *key, const char *value) {
        const Status set = set_engine_param(*engine_, key, value);
        return set.ok() ? std::string() : set.message();
    }

    unsigned in_use() const { return rte_mempool_in_use_count(pool_); }

    // n single-segment packets of len bytes, byte i = (seed + i) & 0xff.
    std::vector<rte_mbuf *> make_packets(unsigned n, uint16_t len, uint8_t seed = 0) {
        std::vector<rte_mbuf *> v(n);
        EXPECT_EQ(rte_pktmbuf_alloc_bulk(pool_, v.data(), n), 0);
        for (rte_mbuf *m : v) {
            auto *p = reinterpret_cast<uint8_t *>(rte_pktmbuf_append(m, len));
            if (p == nullptr) {
                ADD_FAILURE() << "no room for " << len << " bytes in an mbuf";
                continue;
            }
            for (uint16_t i = 0; i < len; i++)
                p[i] = static_cast<uint8_t>(seed + i);
        }
        return v;
    }

    // One single-segment packet holding exactly these bytes.
    rte_mbuf *packet(const std::vector<uint8_t> &bytes) {
        rte_mbuf *m = rte_pktmbuf_alloc(pool_);
        if (m == nullptr) {
            ADD_FAILURE() << "mbuf pool empty";
            return nullptr;
        }
        auto *p =
            reinterpret_cast<uint8_t *>(rte_pktmbuf_append(m, static_cast<uint16_t>(bytes.size())));
        if (p == nullptr) {
            ADD_FAILURE() << "no room for " << bytes.size() << " bytes in an mbuf";
            return m;
        }
        std::copy(bytes.begin(), bytes.end(), p);
        return m;
    }

    const pmdfwd_engine *engine_ = nullptr;
    bool started_ = false;
    rte_mempool *pool_ = nullptr;
    pmdfwd_port_tx tx_{};
    pmdfwd_fwd_params params_{};
    pmdfwd_stream stream_{};
};

// The first n bytes of frame (n <= its size). A copy then a cut, not the
// iterator-range constructor: at n == 0 GCC 14 takes that for a write past
// the end (-Wstringop-overflow) and fails the -Werror build.
inline std::vector<uint8_t> frame_prefix(const std::vector<uint8_t> &frame, size_t n) {
    std::vector<uint8_t> out = frame;
    out.resize(n);
    return out;
}

// Every byte of a packet, across its segments.
inline std::vector<uint8_t> packet_bytes(const rte_mbuf *m) {
    if (m->pkt_len == 0) return {}; // memcpy to an empty vector's null data() is UB
    std::vector<uint8_t> v(m->pkt_len);
    const void *p = rte_pktmbuf_read(m, 0, m->pkt_len, v.data());
    if (p != v.data()) std::memcpy(v.data(), p, m->pkt_len);
    return v;
}

inline void push16(std::vector<uint8_t> &f, uint16_t v) {
    f.push_back(static_cast<uint8_t>(v >> 8));
    f.push_back(static_cast<uint8_t>(v & 0xff));
}

// testpmd's txonly frame of len bytes to dst_ip (host order), written out.
inline std::vector<uint8_t> expected_udp_frame(uint32_t len,
                                               uint32_t dst_ip = RTE_IPV4(198, 18, 0, 2),
                                               const std::array<uint8_t, 6> &src_mac = kPortMac) {
    std::vector<uint8_t> f;
    f.insert(f.end(), kPeerMac.begin(), kPeerMac.end());
    f.insert(f.end(), src_mac.begin(), src_mac.end());
    push16(f, 0x0800);                              // IPv4
    f.push_back(0x45);                              // version 4, 5 words
    f.push_back(0);                                 // TOS
    push16(f, static_cast<uint16_t>(len - 14));     // total length
    push16(f, 0);                                   // packet id
    push16(f, 0);                                   // fragment offset
    f.push_back(64);                                // TTL
    f.push_back(17);                                // UDP
    push16(f, 0);                                   // checksum, below
    f.insert(f.end(), {198, 18, 0, 1});             // source
    push16(f, static_cast<uint16_t>(dst_ip >> 16)); // destination
    push16(f, static_cast<uint16_t>(dst_ip & 0xffff));
    push16(f, 9);                               // UDP source port
    push16(f, 9);                               // UDP destination port
    push16(f, static_cast<uint16_t>(len - 34)); // UDP length
    push16(f, 0);                               // no UDP checksum
    f.resize(len, 0);
    const uint16_t ck = rte_ipv4_cksum(reinterpret_cast<const rte_ipv4_hdr *>(&f[14]));
    std::memcpy(&f[24], &ck, sizeof(ck));
    return f;
}

// The receiver's check: a valid IPv4 header sums to 0xffff.
inline bool ipv4_checksum_ok(const std::vector<uint8_t> &frame) {
    return rte_raw_cksum(&frame[14], 20) == 0xffff;
}

} // namespace pmdfwd::testing
