// The host's side of engine parameter tables (engine_params.h,
// param_value.h): every kind parsed and refused with what is allowed, the
// help lines written from a row, tables the registry must refuse, the
// engine's own refusal. No engine linked: the tables are here.
#include "engine_host/engine_params.h"
#include "engine_host/engine_registry.h"
#include "support/status_matchers.h"

#include <pmdfwd/engine_register.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>

using namespace pmdfwd;
using pmdfwd::testing::IsOk;

namespace {

uint16_t no_burst(pmdfwd_stream *, rte_mbuf **, uint16_t nb, uint16_t) {
    return nb;
}

// What the last set received.
pmdfwd_param_value g_got;
std::string g_text;
int keep(void *, const pmdfwd_param_value *v, char *, size_t) {
    g_got = *v;
    g_text = v->text;
    return 0;
}
int refuse(void *, const pmdfwd_param_value *v, char *err, size_t len) {
    std::snprintf(err, len, "cannot use '%s' here", v->text);
    return -1;
}
int refuse_silently(void *, const pmdfwd_param_value *, char *, size_t) {
    return 1;
}

constexpr const char *colours[] = {"red", "green", nullptr};

pmdfwd_param rows[] = {
    Param("count", PMDFWD_PARAM_INT, "how many", keep).range(-2, 100).default_value("4"),
    Param("on", PMDFWD_PARAM_BOOL, "switch", keep),
    Param("colour", PMDFWD_PARAM_CHOICE, "paint", keep)
        .metavar("C")
        .choices(colours, "paint colour"),
    Param("shade", PMDFWD_PARAM_CHOICE, "tone", keep).choices(colours),
    Param("peer", PMDFWD_PARAM_MAC, "peer MAC", keep),
    Param("addr", PMDFWD_PARAM_IPV4, "address", keep),
    Param("name", PMDFWD_PARAM_STRING, "free text", keep).metavar("S"),
    Param("busy", PMDFWD_PARAM_STRING, "refuses", refuse),
    Param("mute", PMDFWD_PARAM_STRING, "refuses", refuse_silently),
};

pmdfwd_engine table_engine(pmdfwd_param *params = rows, uint32_t n = std::size(rows)) {
    pmdfwd_engine e = pmdfwd::engine_descriptor("tbl", nullptr, no_burst);
    e.params = params;
    e.nb_params = n;
    return e;
}

} // namespace

TEST(EngineParams, IntWithinItsRange) {
    const pmdfwd_engine e = table_engine();
    EXPECT_TRUE(IsOk(set_engine_param(e, "count", "-2")));
    EXPECT_EQ(g_got.i, -2);
    EXPECT_TRUE(IsOk(set_engine_param(e, "count", "100")));
    EXPECT_EQ(g_got.i, 100);
    EXPECT_EQ(g_text, "100");
    // The words of every typed value (util/value_parse.h): a number out of
    // range, or no decimal number at all.
    for (const char *bad : {"101", "-3", "99999999999999999999"})
        EXPECT_EQ(set_engine_param(e, "count", bad).message(),
                  "tbl count: " + std::string(bad) + " is out of range (allowed: -2..100)");
    for (const char *bad : {"", "+5", " 5", "5 ", "0x10", "1e3"})
        EXPECT_EQ(set_engine_param(e, "count", bad).message(),
                  "tbl count: '" + std::string(bad) + "' is not a number (allowed: -2..100)");
}

TEST(EngineParams, BoolIsOnOrOff) {
    const pmdfwd_engine e = table_engine();
    EXPECT_TRUE(IsOk(set_engine_param(e, "on", "on")));
    EXPECT_EQ(g_got.i, 1);
    EXPECT_TRUE(IsOk(set_engine_param(e, "on", "off")));
    EXPECT_EQ(g_got.i, 0);
    EXPECT_EQ(set_engine_param(e, "on", "yes").message(),
              "tbl on: 'yes' is not allowed (allowed: on, off)");
}

TEST(EngineParams, ChoiceByIndexWithItsNoun) {
    const pmdfwd_engine e = table_engine();
    EXPECT_TRUE(IsOk(set_engine_param(e, "colour", "green")));
    EXPECT_EQ(g_got.i, 1);
    EXPECT_EQ(set_engine_param(e, "colour", "blue").message(),
              "unknown tbl paint colour 'blue' (allowed: red, green)");
    EXPECT_EQ(set_engine_param(e, "shade", "Red").message(),
              "unknown tbl shade 'Red' (allowed: red, green)");
}

TEST(EngineParams, MacAndIpv4) {
    const pmdfwd_engine e = table_engine();
    EXPECT_TRUE(IsOk(set_engine_param(e, "peer", "02:aB:00:10:ff:09")));
    const uint8_t want[6] = {0x02, 0xab, 0x00, 0x10, 0xff, 0x09};
    EXPECT_EQ(std::memcmp(g_got.mac, want, 6), 0);
    for (const char *bad : {"02:ab:00:10:ff", "02:ab:00:10:ff:0g", "02-ab-00-10-ff-09",
                            "2:ab:00:10:ff:09:", "02:ab:00:10:ff:091"})
        EXPECT_EQ(set_engine_param(e, "peer", bad).message(),
                  "tbl peer: '" + std::string(bad) +
                      "' is not a MAC address (expected XX:XX:XX:XX:XX:XX or XXXX:XXXX:XXXX, X a "
                      "hex digit)");
    EXPECT_TRUE(IsOk(set_engine_param(e, "addr", "198.18.0.2")));
    EXPECT_EQ(g_got.ipv4, 0xc6120002u);
    EXPECT_EQ(set_engine_param(e, "addr", "198.18.0.256").message(),
              "tbl addr: '198.18.0.256' is not an IPv4 address: octet 4 '256' is over 255 "
              "(allowed: A.B.C.D, each 0..255)");
}

TEST(EngineParams, StringsAndTheEnginesOwnRefusal) {
    const pmdfwd_engine e = table_engine();
    EXPECT_TRUE(IsOk(set_engine_param(e, "name", "any thing")));
    EXPECT_EQ(g_text, "any thing");
    EXPECT_EQ(set_engine_param(e, "busy", "x").message(), "cannot use 'x' here");
    EXPECT_EQ(set_engine_param(e, "mute", "x").message(), "refused by the engine");
}

TEST(EngineParams, UnknownKeyListsTheDeclaredOnes) {
    const pmdfwd_engine e = table_engine(rows, 2);
    EXPECT_EQ(set_engine_param(e, "colour", "red").message(),
              "unknown tbl parameter 'colour' (allowed: count, on)");
}

TEST(EngineParams, HelpLinesFromTheTable) {
    EXPECT_EQ(engine_param_help(table_engine()), "count=N  how many (N: -2..100, default 4)\n"
                                                 "on=on|off  switch\n"
                                                 "colour=C  paint (C: red|green)\n"
                                                 "shade=red|green  tone\n"
                                                 "peer=XX:XX:XX:XX:XX:XX  peer MAC\n"
                                                 "addr=A.B.C.D  address\n"
                                                 "name=S  free text\n"
                                                 "busy=TEXT  refuses\n"
                                                 "mute=TEXT  refuses\n");
}

TEST(EngineParams, RegistryRefusesBrokenTables) {
    auto refused = [](pmdfwd_param row) {
        pmdfwd_param one[] = {row};
        pmdfwd_engine e = table_engine(one, 1);
        EngineRegistry r;
        return r.add(&e, "test");
    };
    const pmdfwd_param ok = Param("k", PMDFWD_PARAM_INT, "h", keep).range(0, 9);
    EXPECT_TRUE(IsOk(refused(ok)));
    pmdfwd_param r = ok;
    r.key = "Bad Key";
    EXPECT_EQ(
        refused(r).message(),
        "engine 'tbl' parameter 'Bad Key' is not allowed (1..32 characters of a-z, 0-9, '-')");
    r = ok, r.kind = 99;
    EXPECT_EQ(refused(r).message(), "engine 'tbl' parameter 'k' has an unknown kind 99");
    r = ok, r.set = nullptr;
    EXPECT_EQ(refused(r).message(), "engine 'tbl' parameter 'k' has no set function");
    r = ok, r.min = 10;
    EXPECT_EQ(refused(r).message(), "engine 'tbl' parameter 'k' has min above max");
    r = ok, r.kind = PMDFWD_PARAM_CHOICE;
    EXPECT_EQ(refused(r).message(), "engine 'tbl' parameter 'k' has no choices");
    r = ok, r.default_value = "10";
    EXPECT_EQ(refused(r).message(),
              "engine 'tbl' parameter 'k' has a default its own check refuses: tbl k: "
              "10 is out of range (allowed: 0..9)");
    pmdfwd_param twice[] = {ok, ok};
    pmdfwd_engine e = table_engine(twice, 2);
    EngineRegistry reg;
    EXPECT_EQ(reg.add(&e, "test").message(), "engine 'tbl' declares parameter 'k' twice");
    e = table_engine(nullptr, 3);
    EXPECT_EQ(reg.add(&e, "test").message(), "engine 'tbl' declares 3 parameters and no table");
}
