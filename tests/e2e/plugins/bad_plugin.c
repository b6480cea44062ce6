/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Plugins pmdfwd must refuse, one per -D switch (test_plugin.py builds each
 * against the installed <pmdfwd/engine.h>, as an engine author would):
 *
 *   -DDESCRIPTOR_ABI=N    engine descriptors carrying ABI version N, another
 *                         than the header's (as built against an older or
 *                         newer header; the host reads nothing past it)
 *   -DREFUSE_HOST_ABI     an entry that refuses the host's ABI version with
 *                         its own message (it expects another host)
 *   -DCLASH_BUILTIN       an engine named like the built-in "io"
 *   -DNO_ENTRY            a shared object without pmdfwd_plugin_engines
 *   -DALIAS=\"NAME\"       a parameter whose alias is NAME (an option's name,
 *                         another engine's --<engine>-<key>, or one that
 *                         makes an option's abbreviation ambiguous)
 *   -DSECOND_DEFAULT      two engines, the first flagged PMDFWD_ENGINE_F_DEFAULT,
 *                         which the built-in io already is
 *   -DUNKNOWN_FLAGS       an engine flag bit the host does not know
 *   -DCTX_INIT_NO_SIZE    ctx_init without a ctx_size
 */
#include <pmdfwd/engine.h>

#include <stdio.h>

#ifdef DESCRIPTOR_ABI
#define ABI (DESCRIPTOR_ABI)
#else
#define ABI PMDFWD_ENGINE_ABI_VERSION
#endif

#ifdef CLASH_BUILTIN
#define NAME "io"
#else
#define NAME "badplugin"
#endif

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)s, (void)pkts, (void)max;
	return nb;
}

#ifdef ALIAS
static int set_level(void *ctx, const struct pmdfwd_param_value *v, char *err, size_t err_len)
{
	(void)ctx, (void)v, (void)err, (void)err_len;
	return 0;
}

static const struct pmdfwd_param level_params[] = {
	{.key = "level", .kind = PMDFWD_PARAM_INT, .help = "a level", .min = 0, .max = 9,
	 .set = set_level, .alias = ALIAS},
};
#define PARAMS level_params
#define NB_PARAMS 1
#else
#define PARAMS NULL
#define NB_PARAMS 0
#endif

#ifdef SECOND_DEFAULT
#define FLAGS PMDFWD_ENGINE_F_DEFAULT
#elif defined(UNKNOWN_FLAGS)
#define FLAGS ((1u << 9) | PMDFWD_ENGINE_F_NO_RX)
#else
#define FLAGS 0
#endif

#ifdef CTX_INIT_NO_SIZE
static void init_ctx(void *ctx)
{
	*(int *)ctx = 1;
}
#define CTX_INIT init_ctx
#else
#define CTX_INIT NULL
#endif

static const struct pmdfwd_engine engine = {
	.abi_version = ABI,
	.flags = FLAGS,
	.name = NAME,
	.summary = "a plugin the host must refuse",
	.burst = pass,
	.params = PARAMS,
	.nb_params = NB_PARAMS,
	.ctx_init = CTX_INIT,
};

/* Registers on its own: the plugin is refused for its sibling. */
static const struct pmdfwd_engine sibling = {
	.abi_version = ABI,
	.name = "badsibling",
	.summary = "a sibling of a refused engine",
	.burst = pass,
};

static const struct pmdfwd_engine *const engines[] __attribute__((unused)) = {&sibling, &engine,
									      NULL};

#ifdef NO_ENTRY
__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
not_the_entry(void)
{
	return engines;
}
#else
__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
#ifdef REFUSE_HOST_ABI
	snprintf(err, err_len, "badplugin wants engine ABI %u, the host has %u",
		 host_abi_version + 1, host_abi_version);
	return NULL;
#else
	(void)host_abi_version, (void)err, (void)err_len;
	return engines;
#endif
}
#endif
