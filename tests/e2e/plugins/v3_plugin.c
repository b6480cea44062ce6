/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A plugin built against the frozen version-3 header (abi_v3/pmdfwd/engine.h),
 * as one compiled before shell commands: its descriptor ends at nb_params,
 * and its parameter comes from the table. test_plugin.py checks that the
 * host still loads it, forwards with it, and serves its parameter and help.
 */
#include <pmdfwd/engine.h>

#include <stdio.h>

#if PMDFWD_ENGINE_ABI_VERSION != 3
#error "v3_plugin.c must be built against tests/e2e/plugins/abi_v3"
#endif

static int64_t level = 1;

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)s, (void)pkts, (void)max;
	return nb;
}

static int set_level(const struct pmdfwd_param_value *v, char *err, size_t len)
{
	(void)err, (void)len;
	level = v->i;
	return 0;
}

static void describe(char *buf, size_t len)
{
	snprintf(buf, len, "v3params: level %lld", (long long)level);
}

static const struct pmdfwd_param params[] = {
	{.key = "level",
	 .kind = PMDFWD_PARAM_INT,
	 .help = "a version-3 parameter",
	 .metavar = "N",
	 .default_value = "1",
	 .min = 1,
	 .max = 9,
	 .set = set_level},
};

static const struct pmdfwd_engine engine = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "v3params",
	.summary = "a version-3 plugin: forwards as received",
	.burst = pass,
	.describe = describe,
	.params = params,
	.nb_params = 1,
};

static const struct pmdfwd_engine *const engines[] = {&engine, NULL};

/* A newer host still serves version 3: only an older one is refused. */
__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	if (host_abi_version < PMDFWD_ENGINE_ABI_VERSION) {
		snprintf(err, err_len, "v3params needs engine ABI %u or later, the host has %u",
			 PMDFWD_ENGINE_ABI_VERSION, host_abi_version);
		return NULL;
	}
	return engines;
}
