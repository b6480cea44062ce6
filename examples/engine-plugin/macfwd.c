/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * macfwd: an out-of-tree pmdfwd forwarding engine, built against the
 * installed <pmdfwd/engine.h> and DPDK alone (pkg-config pmdfwd-engine).
 *
 * It rewrites the Ethernet addresses as DPDK's l2fwd example does: the
 * destination becomes the TX port's peer (--eth-peer, `set eth-peer`) and
 * the source the TX port's own MAC. A packet whose first segment cannot hold
 * both addresses (< 12 bytes) leaves as it came and is counted as untouched.
 *
 *   pmdfwd [EAL options] -- --engine-plugin=./macfwd.so --forward-mode=macfwd
 */
#include <pmdfwd/engine.h>

#include <rte_mbuf.h>

#include <stdio.h>
#include <string.h>

#define MACFWD_ADDRS_LEN 12 /* destination MAC, then source MAC */

static uint16_t macfwd_burst(struct pmdfwd_stream *s, struct rte_mbuf **pkts,
			     uint16_t nb_rx, uint16_t max)
{
	uint8_t addrs[MACFWD_ADDRS_LEN];
	uint16_t i;

	(void)max; /* forwards what it received: nb_rx <= max */
	/* The host changes tx only while forwarding is stopped, so one copy
	 * per burst is current. */
	memcpy(addrs, s->tx->peer_mac, 6);
	memcpy(addrs + 6, s->tx->mac, 6);
	for (i = 0; i < nb_rx; i++) {
		struct rte_mbuf *m = pkts[i];

		if (m->data_len < MACFWD_ADDRS_LEN) {
			s->engine_untouched++;
			continue;
		}
		memcpy(rte_pktmbuf_mtod(m, uint8_t *), addrs, MACFWD_ADDRS_LEN);
	}
	return nb_rx;
}

static const struct pmdfwd_engine macfwd_engine = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.flags = 0,
	.name = "macfwd",
	.summary = "set destination MAC to the TX port's peer, source to its own MAC (l2fwd)",
	.burst = macfwd_burst,
	/* No hooks, parameters or state: the other members stay NULL. */
};

static const struct pmdfwd_engine *const macfwd_engines[] = {
	&macfwd_engine,
	NULL,
};

/* The one exported symbol (the Makefile hides everything else). */
__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	if (host_abi_version != PMDFWD_ENGINE_ABI_VERSION) {
		snprintf(err, err_len,
			 "macfwd was built for engine ABI %u, this pmdfwd has %u: "
			 "rebuild it against this pmdfwd's <pmdfwd/engine.h>",
			 PMDFWD_ENGINE_ABI_VERSION, host_abi_version);
		return NULL;
	}
	return macfwd_engines;
}

/* The entry must have the type the host calls it through. */
static const pmdfwd_plugin_entry_fn macfwd_entry_type_check
	__attribute__((unused)) = pmdfwd_plugin_engines;
