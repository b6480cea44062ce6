/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A plugin built against the frozen version-2 header (abi_v2/pmdfwd/engine.h),
 * as one compiled before the parameter table: its descriptor ends at
 * param_help, and it parses its own parameter (colour=red|blue) in set_param
 * and writes its own help line. test_plugin.py checks that the host still
 * loads it, forwards with it, and serves its parameter and help.
 */
#include <pmdfwd/engine.h>

#include <stdio.h>
#include <string.h>

#if PMDFWD_ENGINE_ABI_VERSION != 2
#error "v2_plugin.c must be built against tests/e2e/plugins/abi_v2"
#endif

static const char *colour = "red";

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)s, (void)pkts, (void)max;
	return nb;
}

static int set_param(const char *key, const char *value, char *err, size_t len)
{
	if (strcmp(key, "colour") != 0) {
		snprintf(err, len, "unknown oldparams parameter '%s' (allowed: colour)", key);
		return -1;
	}
	if (strcmp(value, "red") != 0 && strcmp(value, "blue") != 0) {
		snprintf(err, len, "oldparams colour '%s' is not red or blue", value);
		return -1;
	}
	colour = strcmp(value, "red") == 0 ? "red" : "blue";
	return 0;
}

static void describe(char *buf, size_t len)
{
	snprintf(buf, len, "oldparams: colour %s", colour);
}

static void param_help(char *buf, size_t len)
{
	snprintf(buf, len, "colour=red|blue  a version-2 parameter\n");
}

static const struct pmdfwd_engine engine = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "oldparams",
	.summary = "a version-2 plugin: forwards as received",
	.burst = pass,
	.set_param = set_param,
	.describe = describe,
	.param_help = param_help,
};

static const struct pmdfwd_engine *const engines[] = {&engine, NULL};

/* A newer host still serves version 2: only an older one is refused. */
__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	if (host_abi_version < PMDFWD_ENGINE_ABI_VERSION) {
		snprintf(err, err_len, "oldparams needs engine ABI %u or later, the host has %u",
			 PMDFWD_ENGINE_ABI_VERSION, host_abi_version);
		return NULL;
	}
	return engines;
}
