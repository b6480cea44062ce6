/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Two engines from one source, tally-a and tally-b, whose state lives in
 * their contexts, not in file globals:
 * test_plugin.py checks that each keeps its own level (a parameter), that
 * the same context reaches the parameter set, describe, port_begin,
 * stream_init (through the stream) and the engine's command, and that the
 * host allocated it zeroed and ran ctx_init once.
 */
#include <pmdfwd/engine.h>

#include <stdio.h>
#include <string.h>

struct tally {
	long long level;
	unsigned inits;  /* ctx_init calls: 1 */
	unsigned begins; /* port_begin calls */
	unsigned streams;
	unsigned long long bursts;
};

static void tally_init(void *ctx)
{
	struct tally *t = ctx;

	t->level = 1;
	t->inits++;
}

static uint16_t tally_burst(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb,
			    uint16_t max)
{
	struct tally *t = s->engine_ctx;

	(void)pkts, (void)max;
	t->bursts++;
	return nb;
}

static int tally_stream_init(struct pmdfwd_stream *s)
{
	((struct tally *)s->engine_ctx)->streams++;
	return 0;
}

static int tally_port_begin(void *ctx, uint16_t port)
{
	(void)port;
	((struct tally *)ctx)->begins++;
	return 0;
}

static int set_level(void *ctx, const struct pmdfwd_param_value *v, char *err, size_t len)
{
	(void)err, (void)len;
	((struct tally *)ctx)->level = v->i;
	return 0;
}

static void tally_describe(void *ctx, char *buf, size_t len)
{
	const struct tally *t = ctx;

	snprintf(buf, len, "tally: level %lld", t->level);
}

static int show_tally(const struct pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv)
{
	const struct tally *t = ctx->engine_ctx;
	char line[200];

	(void)argc, (void)argv;
	snprintf(line, sizeof(line), "%s: level %lld, inits %u, port begins %u, streams %u%s",
		 ctx->engine->name, t->level, t->inits, t->begins, t->streams,
		 t->bursts > 0 ? ", bursts seen" : "");
	ctx->write(ctx->sink, line);
	return 0;
}

static const struct pmdfwd_param params[] = {
	{.key = "level",
	 .kind = PMDFWD_PARAM_INT,
	 .help = "a number kept in the engine's context",
	 .min = 0,
	 .max = 99,
	 .set = set_level},
};

static const struct pmdfwd_command commands_a[] = {
	{.syntax = "show tally-a", .help = "what tally-a's context holds", .run = show_tally},
};
static const struct pmdfwd_command commands_b[] = {
	{.syntax = "show tally-b", .help = "what tally-b's context holds", .run = show_tally},
};

#define TALLY(NAME, COMMANDS)                                                                      \
	{                                                                                          \
		.abi_version = PMDFWD_ENGINE_ABI_VERSION, .name = NAME,                            \
		.summary = "forwards as received; counts in its own context",                      \
		.port_begin = tally_port_begin, .stream_init = tally_stream_init,                  \
		.burst = tally_burst, .describe = tally_describe, .params = params,                \
		.nb_params = 1, .commands = COMMANDS, .nb_commands = 1,                            \
		.ctx_size = sizeof(struct tally), .ctx_init = tally_init,                          \
	}

static const struct pmdfwd_engine tally_a = TALLY("tally-a", commands_a);
static const struct pmdfwd_engine tally_b = TALLY("tally-b", commands_b);
static const struct pmdfwd_engine *const engines[] = {&tally_a, &tally_b, NULL};

__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	if (host_abi_version != PMDFWD_ENGINE_ABI_VERSION) {
		snprintf(err, err_len, "tally was built for engine ABI %u, the host has %u",
			 PMDFWD_ENGINE_ABI_VERSION, host_abi_version);
		return NULL;
	}
	return engines;
}
