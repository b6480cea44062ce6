#include "options/structured_parse.h"
#include "support/status_matchers.h"

#include <rte_ethdev.h>

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::value_or_error;

TEST(OptionValues, HexWithOrWithoutPrefix) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_hex("portmask", "0x3"), &err), 3u);
    EXPECT_EQ(value_or_error(parse_hex("portmask", "ff"), &err), 255u);
    EXPECT_EQ(value_or_error(parse_hex("portmask", "0XFFFFFFFFFFFFFFFF"), &err), UINT64_MAX);
    for (const char *bad : {"", "0x", "0x3g", "3 ", "-1", "0x1,2"}) {
        EXPECT_FALSE(value_or_error(parse_hex("portmask", bad), &err)) << bad;
        EXPECT_NE(err.find("not a hexadecimal number"), std::string::npos) << err;
    }
    EXPECT_FALSE(value_or_error(parse_hex("coremask", "0x10000000000000000"), &err));
    EXPECT_NE(err.find("64 bits"), std::string::npos) << err;
    EXPECT_EQ(mask_bits(0x15), (std::vector<unsigned>{0, 2, 4}));
    EXPECT_EQ(mask_bits(uint64_t{1} << 63), (std::vector<unsigned>{63}));
}

TEST(OptionValues, IdListsAsTestpmd) {
    std::string err;
    EXPECT_EQ(*value_or_error(parse_id_list("portlist", "1,3,5", 32), &err),
              (std::vector<uint16_t>{1, 3, 5}));
    EXPECT_EQ(*value_or_error(parse_id_list("portlist", "1-3", 32), &err),
              (std::vector<uint16_t>{1, 2, 3}));
    // Order of first appearance, duplicates dropped.
    EXPECT_EQ(*value_or_error(parse_id_list("portlist", "3,0-1,1,3", 32), &err),
              (std::vector<uint16_t>{3, 0, 1}));
    EXPECT_FALSE(value_or_error(parse_id_list("portlist", "32", 32), &err));
    EXPECT_NE(err.find("allowed: 0..31"), std::string::npos) << err;
    EXPECT_FALSE(value_or_error(parse_id_list("portlist", "3-1", 32), &err));
    EXPECT_NE(err.find("backwards"), std::string::npos) << err;
    for (const char *bad : {"", ",", "1,", "a", "1-", "-1", "1--2", "1-2-3"}) {
        EXPECT_FALSE(value_or_error(parse_id_list("portlist", bad, 32), &err)) << bad;
        EXPECT_NE(err.find("1,3,5 or 1-3"), std::string::npos) << bad << " -> " << err;
    }
}

TEST(OptionValues, NumberLists) {
    std::string err;
    EXPECT_EQ(*value_or_error(parse_uint_list("mbuf-size", "2176,128", 1, 65535, 8), &err),
              (std::vector<uint16_t>{2176, 128}));
    EXPECT_FALSE(value_or_error(parse_uint_list("mbuf-size", "0", 1, 65535, 8), &err));
    EXPECT_NE(err.find("allowed: 1..65535"), std::string::npos) << err;
    EXPECT_FALSE(
        value_or_error(parse_uint_list("mbuf-size", "1,2,3,4,5,6,7,8,9", 1, 65535, 8), &err));
    EXPECT_NE(err.find("allowed: 1..8"), std::string::npos) << err;
    EXPECT_FALSE(value_or_error(parse_uint_list("rxpkts", "64,,64", 0, 65535, 8), &err));
}

TEST(OptionValues, NumaTuples) {
    std::string err;
    auto two = value_or_error(parse_tuples<2>("port-numa-config", "(0,1),(1,0x1)"), &err);
    ASSERT_TRUE(two) << err;
    ASSERT_EQ(two->size(), 2u);
    EXPECT_EQ((*two)[0], (std::array<unsigned, 2>{0, 1}));
    EXPECT_EQ((*two)[1], (std::array<unsigned, 2>{1, 1}));
    auto three = value_or_error(parse_tuples<3>("ring-numa-config", "(0,3,1)"), &err);
    ASSERT_TRUE(three) << err;
    EXPECT_EQ((*three)[0], (std::array<unsigned, 3>{0, 3, 1}));
    for (const char *bad :
         {"", "0,1", "(0,1", "(0)", "(0,1,2)", "(0,1)x", "(a,1)", "(0,256)", "(0,1),,(1,0)"}) {
        EXPECT_FALSE(value_or_error(parse_tuples<2>("port-numa-config", bad), &err)) << bad;
        EXPECT_NE(err.find("port-numa-config"), std::string::npos) << err;
    }
    EXPECT_FALSE(value_or_error(parse_tuples<3>("ring-numa-config", "(0,1)"), &err));
    EXPECT_NE(err.find("(port,flag,socket)"), std::string::npos) << err;
}

TEST(OptionValues, EventNames) {
    std::string err;
    EXPECT_EQ(value_or_error(parse_event_name("intr_lsc"), &err), UINT32_C(1)
                                                                      << RTE_ETH_EVENT_INTR_LSC);
    EXPECT_EQ(value_or_error(parse_event_name("dev_released"), &err), UINT32_C(1)
                                                                          << RTE_ETH_EVENT_DESTROY);
    EXPECT_EQ(value_or_error(parse_event_name("all"), &err), ~UINT32_C(0));
    EXPECT_FALSE(value_or_error(parse_event_name("lsc"), &err));
    EXPECT_NE(err.find("intr_lsc|"), std::string::npos) << err;
    EXPECT_NE(err.find("|all"), std::string::npos) << err;
}

TEST(OptionValues, NameListsAndLinkSpeeds) {
    std::string err;
    EXPECT_EQ(*value_or_error(parse_name_list("display-xstats", "rx_good_packets,,tx_good_packets"),
                              &err),
              (std::vector<std::string>{"rx_good_packets", "tx_good_packets"}));
    EXPECT_FALSE(value_or_error(parse_name_list("display-xstats", ","), &err));
    EXPECT_NE(err.find("no name"), std::string::npos);
    EXPECT_EQ(value_or_error(parse_link_speed("10000"), &err),
              RTE_ETH_LINK_SPEED_FIXED | RTE_ETH_LINK_SPEED_10G);
    EXPECT_FALSE(value_or_error(parse_link_speed("100"), &err));
    EXPECT_NE(err.find("allowed: 1000, 10000"), std::string::npos) << err;
}
