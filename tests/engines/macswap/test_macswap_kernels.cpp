// Every compiled macswap kernel against the contract (macswap_kernel.h):
// known answers, random bursts compared with the scalar reference and with an
// independent model of the expected result, and heads flush against
// PROT_NONE pages. Fake mbufs, no EAL.
#include "engine_host/engine_params.h"
#include "engine_host/engine_registry.h"
#include "macswap_fields.h"
#include "support/fake_mbuf.h"
#include "support/macswap_settings.h"
#include "support/status_matchers.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace pmdfwd::macswap {
namespace {

using pmdfwd::testing::FakeMbufPool;
using pmdfwd::testing::GuardedPages;
using pmdfwd::testing::IsOk;

bool cpu_runs(const Kernel &k) {
    for (pmdfwd::compat::CpuFlag f : k.cpu_flags)
        if (pmdfwd::compat::cpu_flag_enabled(f) <= 0) return false;
    return true;
}

// Every kernel meson compiled (the table it generated from its kernel list),
// as the registry holds it; EveryGeneratedRowIsRegistered checks none is
// missing there.
std::vector<const Kernel *> all_kernels() {
    std::vector<const Kernel *> v;
#define PMDFWD_TEST_KERNEL(name, ...)                                                              \
    if (const Kernel *k = KernelRegistry::instance().find(name)) v.push_back(k);
    PMDFWD_MACSWAP_KERNELS(PMDFWD_TEST_KERNEL)
#undef PMDFWD_TEST_KERNEL
    return v;
}

std::string test_name(const ::testing::TestParamInfo<const Kernel *> &info) {
    std::string s = info.param->name;
    for (char &c : s)
        if (c == '-') c = '_';
    return s;
}

class KernelTest : public ::testing::TestWithParam<const Kernel *> {
  protected:
    void SetUp() override {
        if (!cpu_runs(kernel())) GTEST_SKIP() << "this CPU lacks " << kernel().isa;
    }
    const Kernel &kernel() const { return *GetParam(); }
    uint16_t run(std::vector<rte_mbuf *> &burst, const TxFields &f) const {
        return kernel().fn(burst.data(), static_cast<uint16_t>(burst.size()), f);
    }
};

// Byte k of the test pattern after the swap: bytes 0-5 and 6-11 trade places.
uint8_t swapped_index(size_t k) {
    return static_cast<uint8_t>(k < 6 ? k + 6 : k < 12 ? k - 6 : k);
}

// ---------------------------------------------------------------- known answers

TEST_P(KernelTest, KnownAnswerOnePacket) {
    FakeMbufPool pool(1);
    rte_mbuf *m = pool.at(0);
    const std::array<uint8_t, 16> frame = {0x02, 0x00, 0x00, 0x00, 0x00, 0x01, // dst
                                           0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, // src
                                           0x08, 0x00, 0x45, 0x00};
    std::memcpy(rte_pktmbuf_mtod(m, void *), frame.data(), frame.size());
    m->data_len = 60;
    m->pkt_len = 60;
    m->ol_flags = RTE_MBUF_F_INDIRECT | RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_TX_TCP_SEG;
    m->vlan_tci = 0x0bad;
    m->vlan_tci_outer = 0xbeef;
    m->tx_offload = ~uint64_t{0};
    std::vector<rte_mbuf *> burst = {m};

    EXPECT_EQ(run(burst, TxFields{RTE_MBUF_F_TX_VLAN, 0x0123, 0x0456}), 0);

    const std::array<uint8_t, 16> expected = {0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x02, 0x00,
                                              0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45, 0x00};
    EXPECT_EQ(std::memcmp(rte_pktmbuf_mtod(m, void *), expected.data(), expected.size()), 0);
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_INDIRECT | RTE_MBUF_F_TX_VLAN);
    EXPECT_EQ(m->vlan_tci, 0x0123);
    EXPECT_EQ(m->vlan_tci_outer, 0xbeef) << "no QinQ insert: outer TCI left alone";
    EXPECT_EQ(m->l2_len, 14u);
    EXPECT_EQ(m->l3_len, 20u);
    EXPECT_EQ(m->l4_len, 0xffu);
    EXPECT_EQ(m->tso_segsz, 0xffffu);
    EXPECT_EQ(m->outer_l3_len, 0x1ffu);
    EXPECT_EQ(m->outer_l2_len, 0x7fu);
    EXPECT_EQ(m->data_len, 60);
    EXPECT_EQ(m->pkt_len, 60u);
}

TEST_P(KernelTest, KnownAnswerQinqKeepsExternal) {
    FakeMbufPool pool(1);
    rte_mbuf *m = pool.at(0);
    m->data_len = 64;
    m->ol_flags = RTE_MBUF_F_EXTERNAL | RTE_MBUF_F_TX_IP_CKSUM;
    m->tx_offload = 0;
    std::vector<rte_mbuf *> burst = {m};

    EXPECT_EQ(run(burst, TxFields{RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ, 7, 9}), 0);

    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_EXTERNAL | RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ);
    EXPECT_EQ(m->vlan_tci, 7);
    EXPECT_EQ(m->vlan_tci_outer, 9);
    EXPECT_EQ(m->tx_offload, uint64_t{14} | uint64_t{20} << 7);
}

// Heads of 11..17 bytes and a long one, repeated so that every kernel's
// grouped path and its tail see each length: 11 is untouched and counted,
// 12..15 are swapped without touching byte 12 onwards beyond the data.
TEST_P(KernelTest, KnownAnswerShortHeads) {
    const std::array<uint16_t, 8> lens = {11, 12, 13, 14, 15, 16, 17, 64};
    constexpr size_t kCopies = 5;
    FakeMbufPool pool(lens.size() * kCopies);
    std::vector<rte_mbuf *> burst;
    for (size_t i = 0; i < pool.size(); i++) {
        rte_mbuf *m = pool.at(i);
        m->data_len = lens[i % lens.size()];
        m->ol_flags = RTE_MBUF_F_RX_L4_CKSUM_BAD;
        auto *p = rte_pktmbuf_mtod(m, uint8_t *);
        for (size_t k = 0; k < 64; k++)
            p[k] = static_cast<uint8_t>(k);
        burst.push_back(m);
    }

    EXPECT_EQ(run(burst, TxFields{0, 0, 0}), kCopies);

    for (rte_mbuf *m : burst) {
        SCOPED_TRACE("data_len " + std::to_string(m->data_len));
        const auto *p = rte_pktmbuf_mtod(m, const uint8_t *);
        const bool swapped = m->data_len >= 12;
        for (size_t k = 0; k < 64; k++)
            ASSERT_EQ(p[k], swapped ? swapped_index(k) : k) << "byte " << k;
        EXPECT_EQ(m->ol_flags, swapped ? 0 : RTE_MBUF_F_RX_L4_CKSUM_BAD);
        EXPECT_EQ(m->l2_len, swapped ? 14u : 0u);
        EXPECT_EQ(m->l3_len, swapped ? 20u : 0u);
    }
}

// ---------------------------------------------------------------- random bursts

// The contract as an independent model: what an mbuf object (header, mbuf,
// buffer) must look like after the kernel, from what it looked like before.
void apply_contract(char *obj, const rte_mbuf *m, const TxFields &f) {
    if (m->data_len < kMinSwapLen) return;
    const char *object_start = reinterpret_cast<const char *>(m) - FakeMbufPool::kObjHeader;
    char *p = obj + (rte_pktmbuf_mtod(m, const char *) - object_start);
    char tmp[RTE_ETHER_ADDR_LEN];
    std::memcpy(tmp, p, sizeof(tmp));
    std::memmove(p, p + RTE_ETHER_ADDR_LEN, RTE_ETHER_ADDR_LEN);
    std::memcpy(p + RTE_ETHER_ADDR_LEN, tmp, sizeof(tmp));
    auto *e = reinterpret_cast<rte_mbuf *>(obj + FakeMbufPool::kObjHeader);
    e->ol_flags = (m->ol_flags & (RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL)) | f.ol_flags;
    if (f.ol_flags & RTE_MBUF_F_TX_VLAN) e->vlan_tci = f.vlan_tci;
    if (f.ol_flags & RTE_MBUF_F_TX_QINQ) e->vlan_tci_outer = f.vlan_tci_outer;
    if (!f.lean || f.ol_flags != 0)
        e->tx_offload = (m->tx_offload & ~uint64_t{0xffff}) | 14 | 20 << 7;
}

// Object i's bytes with its pointers (which differ between pools) replaced
// by what they point at, relative to the pool.
std::vector<char> object_bytes(const FakeMbufPool &pool, size_t i) {
    std::vector<char> v(pool.object(i), pool.object(i) + pool.stride());
    auto *m = reinterpret_cast<rte_mbuf *>(v.data() + FakeMbufPool::kObjHeader);
    m->buf_addr = reinterpret_cast<void *>(static_cast<char *>(m->buf_addr) - pool.object(0));
    if (m->next != nullptr)
        m->next = reinterpret_cast<rte_mbuf *>(reinterpret_cast<char *>(m->next) - pool.object(0));
    return v;
}

enum class Lengths { kLong, kMixed, kShort };

struct RandomBurst {
    FakeMbufPool pool;
    std::vector<size_t> firsts; // pool indices of the burst's first segments
    TxFields fields{};
};

uint16_t random_len(std::mt19937_64 &rng, Lengths mode, uint16_t max) {
    auto in = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    int len = 0;
    switch (mode) {
    case Lengths::kShort:
        len = in(0, 20);
        break;
    case Lengths::kLong:
        len = in(0, 3) == 0 ? in(16, 20) : in(16, 2048);
        break;
    case Lengths::kMixed:
        len = in(0, 2) == 0 ? in(0, 20) : in(0, 2048);
        break;
    }
    return static_cast<uint16_t>(len < max ? len : max);
}

// nb first segments (some with one or two more segments) with random bytes
// everywhere, random metadata, random data offsets (odd ones included).
void fill_random_burst(RandomBurst &b, uint16_t nb, std::mt19937_64 &rng, Lengths mode) {
    auto bits = [&] { return rng(); };
    size_t next_free = nb;
    for (size_t i = 0; i < b.pool.size(); i++) {
        char *obj = b.pool.object(i);
        for (size_t k = 0; k < b.pool.stride(); k++)
            obj[k] = static_cast<char>(bits());
        rte_mbuf *m = b.pool.at(i);
        m->buf_addr = b.pool.buffer(i);
        m->buf_len = b.pool.buf_len();
        m->next = nullptr;
        m->nb_segs = 1;
        m->pool = nullptr;
        m->data_len = random_len(rng, mode, 2048);
        const uint16_t room = b.pool.buf_len() - m->data_len;
        m->data_off = static_cast<uint16_t>(bits() % (room < 255 ? room + 1 : 256));
        m->pkt_len = m->data_len;
    }
    for (size_t i = 0; i < nb; i++) {
        b.firsts.push_back(i);
        rte_mbuf *m = b.pool.at(i);
        for (unsigned s = static_cast<unsigned>(bits() % 8); s < 2 && next_free < b.pool.size();
             s++) {
            rte_mbuf *seg = b.pool.at(next_free++);
            seg->next = m->next;
            m->next = seg;
            m->nb_segs++;
            m->pkt_len += seg->data_len;
        }
    }
    const uint64_t insert[] = {0,
                               RTE_MBUF_F_TX_VLAN,
                               RTE_MBUF_F_TX_QINQ,
                               RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ,
                               RTE_MBUF_F_TX_MACSEC | RTE_MBUF_F_TX_VLAN,
                               RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_QINQ};
    b.fields.ol_flags = insert[bits() % std::size(insert)];
    b.fields.vlan_tci = static_cast<uint16_t>(bits());
    b.fields.vlan_tci_outer = static_cast<uint16_t>(bits());
    b.fields.lean = bits() % 2;
}

void check_random_burst(const Kernel &k, uint16_t nb, uint64_t seed, Lengths mode) {
    std::mt19937_64 rng(seed);
    const size_t n_objs = 3 * size_t{nb} + 1;
    RandomBurst orig{FakeMbufPool(n_objs), {}, {}};
    fill_random_burst(orig, nb, rng, mode);
    FakeMbufPool ref(n_objs), got(n_objs);
    ref.copy_from(orig.pool);
    got.copy_from(orig.pool);
    std::vector<rte_mbuf *> ref_burst, got_burst;
    uint16_t short_heads = 0;
    for (size_t i : orig.firsts) {
        ref_burst.push_back(ref.at(i));
        got_burst.push_back(got.at(i));
        short_heads += orig.pool.at(i)->data_len < kMinSwapLen;
    }

    const uint16_t ref_ret = macswap_scalar(ref_burst.data(), nb, orig.fields);
    const uint16_t got_ret = k.fn(got_burst.data(), nb, orig.fields);
    ASSERT_EQ(got_ret, ref_ret);
    ASSERT_EQ(got_ret, short_heads);

    for (size_t i = 0; i < n_objs; i++) {
        std::vector<char> want = object_bytes(orig.pool, i);
        if (i < nb) apply_contract(want.data(), orig.pool.at(i), orig.fields);
        const std::vector<char> r = object_bytes(ref, i), g = object_bytes(got, i);
        const rte_mbuf *o = orig.pool.at(i);
        ASSERT_TRUE(g == r) << "object " << i << " differs from scalar (data_len " << o->data_len
                            << ", data_off " << o->data_off << ")";
        ASSERT_TRUE(g == want) << "object " << i << " differs from the contract (data_len "
                               << o->data_len << ", data_off " << o->data_off << ")";
    }
}

TEST_P(KernelTest, RandomBurstsMatchScalarAndContract) {
    for (uint16_t nb = 0; nb <= 67; nb++) {
        for (uint64_t trial = 0; trial < 6; trial++) {
            const Lengths mode = static_cast<Lengths>(trial % 3);
            const uint64_t seed = uint64_t{nb} << 16 | trial;
            SCOPED_TRACE("burst " + std::to_string(nb) + " seed " + std::to_string(seed));
            check_random_burst(kernel(), nb, seed, mode);
            if (HasFatalFailure()) return;
        }
    }
}

// ---------------------------------------------------------------- guard pages

// Heads flush against the start or the end of a read-write page between
// PROT_NONE pages: a kernel that reads or writes a single byte outside
// [data_off, data_off + data_len) crashes this test.
// at_end: whether packet j sits at the end of its page is (j + at_end) % 2,
// so that both placements meet every position of a kernel's grouping.
void check_guarded(const Kernel &k, const std::vector<uint16_t> &lens, size_t at_end) {
    const size_t nb = lens.size();
    GuardedPages pages((nb + 1) / 2);
    const size_t page = pages.page_size();
    FakeMbufPool pool(nb);
    std::vector<rte_mbuf *> burst;
    uint16_t short_heads = 0;
    for (size_t j = 0; j < nb; j++) {
        rte_mbuf *m = pool.at(j);
        m->buf_addr = pages.page(j / 2);
        m->buf_len = static_cast<uint16_t>(page);
        m->data_len = lens[j];
        m->data_off = static_cast<uint16_t>((j + at_end) % 2 ? page - lens[j] : 0);
        auto *p = rte_pktmbuf_mtod(m, uint8_t *);
        for (size_t b = 0; b < lens[j]; b++)
            p[b] = static_cast<uint8_t>(b);
        short_heads += lens[j] < kMinSwapLen;
        burst.push_back(m);
    }

    EXPECT_EQ(k.fn(burst.data(), static_cast<uint16_t>(nb), TxFields{RTE_MBUF_F_TX_VLAN, 1, 2}),
              short_heads);

    for (size_t j = 0; j < nb; j++) {
        const auto *p = rte_pktmbuf_mtod(burst[j], const uint8_t *);
        const bool swapped = lens[j] >= kMinSwapLen;
        for (size_t b = 0; b < lens[j]; b++)
            ASSERT_EQ(p[b], swapped ? swapped_index(b) : b)
                << "packet " << j << " (" << lens[j] << " bytes), byte " << b;
        EXPECT_EQ(burst[j]->vlan_tci, swapped ? 1 : 0);
    }
}

TEST_P(KernelTest, GuardPagesEveryLength) {
    // 37 packets: every kernel's grouped path and its tail.
    for (uint16_t len = 0; len <= 20; len++) {
        SCOPED_TRACE("length " + std::to_string(len));
        check_guarded(kernel(), std::vector<uint16_t>(37, len), 0);
        check_guarded(kernel(), std::vector<uint16_t>(37, len), 1);
    }
}

// One short head among 16-byte ones, at every position of a group of up to
// eight: a kernel that decides a whole group from some of its heads faults.
TEST_P(KernelTest, GuardPagesShortAmongLong) {
    for (uint16_t len = 0; len <= 20; len++) {
        for (size_t pos = 0; pos < 8; pos++) {
            SCOPED_TRACE("length " + std::to_string(len) + " at " + std::to_string(pos));
            std::vector<uint16_t> lens(37, kMinVectorLen);
            for (size_t j = pos; j < lens.size(); j += 8)
                lens[j] = len;
            check_guarded(kernel(), lens, 0);
            check_guarded(kernel(), lens, 1);
        }
    }
}

TEST_P(KernelTest, GuardPagesRandomLengths) {
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 40; trial++) {
        std::vector<uint16_t> lens(1 + rng() % 67);
        for (uint16_t &l : lens)
            l = static_cast<uint16_t>(rng() % 21);
        check_guarded(kernel(), lens, trial % 2);
    }
}

// ---------------------------------------------------------------- lean mode

// A burst of 64-byte frames whose mbufs carry stale l2_len/l3_len and RX
// flags, as a NIC's recycled buffers do; runt_at gets a 5-byte head.
struct StaleBurst {
    static constexpr size_t kPackets = 37;
    FakeMbufPool pool{kPackets};
    std::vector<rte_mbuf *> burst;
    explicit StaleBurst(size_t runt_at = kPackets) {
        for (size_t i = 0; i < kPackets; i++) {
            rte_mbuf *m = pool.at(i);
            m->data_len = m->pkt_len = i == runt_at ? 5 : 64;
            auto *p = rte_pktmbuf_mtod(m, uint8_t *);
            for (size_t b = 0; b < 64; b++)
                p[b] = static_cast<uint8_t>(b);
            m->ol_flags = RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_EXTERNAL;
            m->tx_offload = 0x0123456789abcdefull;
            burst.push_back(m);
        }
    }
    // The mbuf's second cache line, l2_len/l3_len included.
    static std::vector<uint8_t> line1(const rte_mbuf *m) {
        const auto *b = reinterpret_cast<const uint8_t *>(m) + RTE_CACHE_LINE_MIN_SIZE;
        return {b, b + RTE_CACHE_LINE_MIN_SIZE};
    }
};

// MACsec insert (alone or with a VLAN insert) needs the header lengths: lean
// must write them exactly as the default does.
TEST_P(KernelTest, LeanNeverSkipsLengthsWhenMacsecRequested) {
    for (uint64_t flags : {RTE_MBUF_F_TX_MACSEC, RTE_MBUF_F_TX_MACSEC | RTE_MBUF_F_TX_VLAN,
                           RTE_MBUF_F_TX_MACSEC | RTE_MBUF_F_TX_QINQ}) {
        StaleBurst b;
        TxFields f{flags, 3, 4};
        f.lean = true;
        ASSERT_EQ(run(b.burst, f), 0);
        for (const rte_mbuf *m : b.burst) {
            EXPECT_EQ(m->l2_len, 14u);
            EXPECT_EQ(m->l3_len, 20u);
            EXPECT_EQ(m->ol_flags, RTE_MBUF_F_EXTERNAL | flags);
        }
    }
}

// Any other request keeps them too (a PMD may fill a context descriptor from
// them for a VLAN insert); only a burst that requests nothing skips them.
TEST_P(KernelTest, LeanWritesLengthsForAnyRequest) {
    for (uint64_t flags : {RTE_MBUF_F_TX_VLAN, RTE_MBUF_F_TX_QINQ}) {
        StaleBurst b;
        TxFields f{flags, 3, 4};
        f.lean = true;
        ASSERT_EQ(run(b.burst, f), 0);
        for (const rte_mbuf *m : b.burst)
            EXPECT_EQ(static_cast<uint16_t>(m->tx_offload), 14u | 20u << 7);
    }
}

// With nothing requested, lean leaves the mbuf's second cache line as it
// came, byte for byte, and sets everything else as exact does; runts stay
// untouched in both modes.
TEST_P(KernelTest, LeanLeavesLineOneAsItCame) {
    for (size_t runt_at : {size_t{0}, size_t{5}, size_t{36}, StaleBurst::kPackets}) {
        StaleBurst lean(runt_at), exact(runt_at), orig(runt_at);
        TxFields f{};
        f.lean = true;
        const uint16_t untouched = runt_at < StaleBurst::kPackets ? 1 : 0;
        ASSERT_EQ(run(lean.burst, f), untouched);
        ASSERT_EQ(run(exact.burst, TxFields{}), untouched);
        for (size_t i = 0; i < StaleBurst::kPackets; i++) {
            SCOPED_TRACE("packet " + std::to_string(i));
            const rte_mbuf *l = lean.burst[i], *e = exact.burst[i], *o = orig.burst[i];
            EXPECT_EQ(StaleBurst::line1(l), StaleBurst::line1(o));
            EXPECT_EQ(std::memcmp(lean.pool.buffer(i), exact.pool.buffer(i), lean.pool.buf_len()),
                      0);
            EXPECT_EQ(l->ol_flags, e->ol_flags);
            if (i == runt_at) {
                EXPECT_EQ(l->ol_flags, o->ol_flags);
                EXPECT_EQ(
                    std::memcmp(lean.pool.buffer(i), orig.pool.buffer(i), lean.pool.buf_len()), 0);
            } else {
                EXPECT_EQ(l->ol_flags, RTE_MBUF_F_EXTERNAL);
                EXPECT_EQ(rte_pktmbuf_mtod(l, const uint8_t *)[0], 6);
            }
        }
    }
}

TEST(LeanMode, DefaultIsExact) {
    EXPECT_FALSE(TxFields{}.lean);
    EXPECT_TRUE(engines::writes_lengths(TxFields{}));
    EXPECT_FALSE(lean_fields());
}

// --macswap-fields / `set macswap fields` reach the engine as its "fields"
// parameter; `show fwd macswap` and telemetry print describe().
TEST(LeanMode, EngineParameter) {
    const pmdfwd_engine *e = EngineRegistry::instance().find("macswap");
    ASSERT_NE(e, nullptr);
    char text[4096] = "";
    e->describe(engine_context(*e), text, sizeof(text));
    EXPECT_NE(std::string(text).find("\n  fields: exact"), std::string::npos) << text;
    ASSERT_TRUE(IsOk(set_engine_param(*e, "fields", "lean")));
    EXPECT_TRUE(lean_fields());
    e->describe(engine_context(*e), text, sizeof(text));
    EXPECT_NE(std::string(text).find("\n  fields: lean"), std::string::npos) << text;
    EXPECT_EQ(set_engine_param(*e, "fields", "thin").message(),
              "unknown macswap fields mode 'thin' (allowed: exact, lean)");
    EXPECT_TRUE(lean_fields());
    EXPECT_EQ(set_engine_param(*e, "colour", "blue").message(),
              "unknown macswap parameter 'colour' (allowed: kernel, fields)");
    ASSERT_TRUE(IsOk(set_engine_param(*e, "fields", "exact")));
    EXPECT_FALSE(lean_fields());
}

// --macswap-kernel offers auto and every compiled kernel, in the table's
// order, from the engine's parameter table: help, the check and the message.
TEST(KernelParameter, OffersAutoAndEveryCompiledKernel) {
    const pmdfwd_engine *e = EngineRegistry::instance().find("macswap");
    ASSERT_NE(e, nullptr);
    const KernelRegistry &reg = KernelRegistry::instance();
    const std::string help = engine_param_help(*e);
    EXPECT_NE(help.find("kernel=NAME  SIMD kernel; auto, the default, runs the fastest usable one "
                        "as measured at start (NAME: auto|" +
                        reg.names("|") + ")\n"),
              std::string::npos)
        << help;
    EXPECT_NE(help.find("fields=MODE  exact, the default: "), std::string::npos) << help;
    EXPECT_EQ(set_engine_param(*e, "kernel", "avx3").message(),
              "unknown macswap kernel 'avx3' (allowed: auto, " + reg.names(", ") + ")");
    EXPECT_TRUE(IsOk(set_engine_param(*e, "kernel", "scalar")));
    EXPECT_STREQ(selected_kernel().name, "scalar");
    EXPECT_TRUE(IsOk(set_engine_param(*e, "kernel", "auto")));
}

INSTANTIATE_TEST_SUITE_P(Macswap, KernelTest, ::testing::ValuesIn(all_kernels()), test_name);

// ---------------------------------------------------------------- the table

TEST(KernelTable, ScalarIsLastAndNeedsNothing) {
    const auto &all = KernelRegistry::instance().all();
    ASSERT_FALSE(all.empty());
    EXPECT_STREQ(all.back().name, "scalar");
    EXPECT_EQ(all.back().simd_bits, 0);
}

// The registry holds exactly the generated table's rows, in its order, each
// with its function: a kernel in macswap_kernel_defs reaches the engine (and
// the suite above) with nothing else to edit.
TEST(KernelTable, EveryGeneratedRowIsRegistered) {
    std::vector<std::string> generated, registered;
#define PMDFWD_TEST_ROW(name, function, bits, ...)                                                 \
    generated.push_back(name);                                                                     \
    if (const Kernel *k = KernelRegistry::instance().find(name)) {                                 \
        EXPECT_EQ(k->fn, &function) << name;                                                       \
        EXPECT_EQ(k->simd_bits, bits) << name;                                                     \
    }
    PMDFWD_MACSWAP_KERNELS(PMDFWD_TEST_ROW)
#undef PMDFWD_TEST_ROW
    for (const Kernel &k : KernelRegistry::instance().all())
        registered.push_back(k.name);
    EXPECT_EQ(registered, generated);
    EXPECT_EQ(all_kernels().size(), generated.size());
}

// The preference order measured in doc/macswap-kernels.md, for the kernels
// this build compiled.
TEST(KernelTable, OrderIsTheMeasuredOne) {
    const std::vector<std::string> measured = {"avx2", "avx512", "sse-interleaved", "sse",
                                               "scalar"};
    std::vector<std::string> got, want;
    for (const Kernel &k : KernelRegistry::instance().all())
        if (k.name != std::string("neon")) got.push_back(k.name);
    for (const std::string &name : measured)
        if (KernelRegistry::instance().find(name) != nullptr) want.push_back(name);
    EXPECT_EQ(got, want);
}

// EAL caps kernels by register width: avx512 uses xmm registers only.
TEST(KernelTable, Avx512ClaimsTheWidthItUses) {
    const Kernel *k = KernelRegistry::instance().find("avx512");
    if (k == nullptr) GTEST_SKIP() << "avx512 kernel not compiled";
    EXPECT_EQ(k->simd_bits, 128);
}

} // namespace
} // namespace pmdfwd::macswap
