/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One of many plugins loaded at once (test_plugin.py builds it 32 times,
 * each with its own -DENGINE_NAME="..."): an engine that forwards every
 * packet unchanged and counts each burst's packets as untouched, so that a
 * run shows which of the 32 forwarded.
 */
#include <pmdfwd/engine.h>

#include <stddef.h>

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)pkts, (void)max;
	s->engine_untouched += nb;
	return nb;
}

static const struct pmdfwd_engine engine = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = ENGINE_NAME,
	.summary = "one of many plugins, forwards unchanged",
	.burst = pass,
};

static const struct pmdfwd_engine *const engines[] = {&engine, NULL};

__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	(void)host_abi_version, (void)err, (void)err_len;
	return engines;
}
