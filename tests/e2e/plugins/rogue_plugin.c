/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Engines that load fine and then break the engine contract, each in one way
 * a buggy plugin would (test_plugin.py builds this against the installed
 * <pmdfwd/engine.h>). The host must survive every one with a clear message.
 *
 *   failinit      stream_init fails on the second stream; stream_fini
 *                 dereferences priv, so it must run only on streams whose
 *                 init succeeded
 *   overrun1      a generator (NO_RX) that fills pkts[0..max) with fresh
 *                 packets and returns max + 1
 *   overrun600    the same, returning 600 (more than any pkts[] holds)
 *   unterminated  describe and its parameter key's set fill their whole
 *                 buffer and write no NUL
 *   escapes       a summary and a two-line describe text holding control
 *                 bytes (ESC[2J clears a terminal, BEL, CR)
 *
 * -DUNTERMINATED_ENTRY: the entry refuses to load with an error message that
 * fills err_len bytes and has no NUL.
 */
#include <pmdfwd/engine.h>

#include <rte_mbuf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROGUE_MAGIC 0x726f677565u /* "rogue" */

struct rogue_state {
	uint64_t magic;
};

static unsigned nb_inits;

static int failinit_port_begin(void *ctx, uint16_t port)
{
	(void)ctx, (void)port;
	nb_inits = 0; /* every start calls this before the streams' inits */
	return 0;
}

static int failinit_stream_init(struct pmdfwd_stream *s)
{
	struct rogue_state *st;

	if (++nb_inits == 2)
		return -1; /* priv stays whatever it was: NULL */
	st = malloc(sizeof(*st));
	if (st == NULL)
		return -1;
	st->magic = ROGUE_MAGIC;
	s->priv = st;
	return 0;
}

static void failinit_stream_fini(struct pmdfwd_stream *s)
{
	struct rogue_state *st = s->priv;

	if (st->magic != ROGUE_MAGIC) /* NULL priv: SIGSEGV here */
		abort();
	free(st);
	s->priv = NULL;
}

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)s, (void)pkts, (void)max;
	return nb;
}

/* max fresh 60-byte packets in pkts[0..max), then a count beyond them. */
static uint16_t overrun(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t max,
			uint16_t claimed)
{
	uint16_t i;

	if (rte_pktmbuf_alloc_bulk(s->pool, pkts, max) != 0)
		return 0;
	for (i = 0; i < max; i++) {
		memset(rte_pktmbuf_mtod(pkts[i], void *), 0, 60);
		pkts[i]->data_len = 60;
		pkts[i]->pkt_len = 60;
	}
	s->engine_generated += max;
	return claimed;
}

static uint16_t overrun1_burst(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb,
			       uint16_t max)
{
	(void)nb;
	return overrun(s, pkts, max, (uint16_t)(max + 1));
}

static uint16_t overrun600_burst(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb,
				 uint16_t max)
{
	(void)nb;
	return overrun(s, pkts, max, 600);
}

static void fill(char *buf, size_t len, char c)
{
	memset(buf, c, len); /* no room left for a NUL, and none written */
}

static void unterminated_describe(void *ctx, char *buf, size_t len)
{
	(void)ctx;
	fill(buf, len, 'D');
}

static int unterminated_set(void *ctx, const struct pmdfwd_param_value *value, char *err,
			    size_t len)
{
	(void)ctx, (void)value;
	fill(err, len, 'E');
	return -1;
}

static const struct pmdfwd_param unterminated_params[] = {
	{.key = "key", .kind = PMDFWD_PARAM_STRING, .help = "refused without a NUL",
	 .set = unterminated_set},
};

static void escapes_describe(void *ctx, char *buf, size_t len)
{
	(void)ctx;
	snprintf(buf, len, "escapes: a\x1b[2Jb\x07" "c\n  second\rline\x7f\n");
}

static const struct pmdfwd_engine failinit = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "failinit",
	.summary = "stream_init fails on the second stream",
	.port_begin = failinit_port_begin,
	.stream_init = failinit_stream_init,
	.stream_fini = failinit_stream_fini,
	.burst = pass,
};

static const struct pmdfwd_engine overrun1 = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.flags = PMDFWD_ENGINE_F_NO_RX,
	.name = "overrun1",
	.summary = "burst returns max + 1",
	.burst = overrun1_burst,
};

static const struct pmdfwd_engine overrun600 = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.flags = PMDFWD_ENGINE_F_NO_RX,
	.name = "overrun600",
	.summary = "burst returns 600",
	.burst = overrun600_burst,
};

static const struct pmdfwd_engine unterminated = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "unterminated",
	.summary = "text buffers filled without a NUL",
	.burst = pass,
	.describe = unterminated_describe,
	.params = unterminated_params,
	.nb_params = 1,
};

static const struct pmdfwd_engine escapes = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "escapes",
	.summary = "clears\x1b[2J the screen\x07",
	.burst = pass,
	.describe = escapes_describe,
};

static const struct pmdfwd_engine *const engines[] __attribute__((unused)) = {
	&failinit, &overrun1, &overrun600, &unterminated, &escapes, NULL};

__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	(void)host_abi_version;
#ifdef UNTERMINATED_ENTRY
	fill(err, err_len, 'X');
	return NULL;
#else
	(void)err, (void)err_len;
	return engines;
#endif
}
