/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A plugin whose engine, notes, declares shell commands: test_plugin.py
 * checks that they join `help` under the engine's name,
 * run through the shell with the words they were given, refuse while
 * forwarding when they say so, and that -DCLASH (a command that takes
 * `set <mode> <key> <value>`'s lines) is refused when the plugin loads.
 */
#include <pmdfwd/engine.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NOTES 4

static char notes[MAX_NOTES][64];
static unsigned nb_notes;

static uint16_t pass(struct pmdfwd_stream *s, struct rte_mbuf **pkts, uint16_t nb, uint16_t max)
{
	(void)s, (void)pkts, (void)max;
	return nb;
}

static void say(const struct pmdfwd_command_ctx *ctx, const char *fmt, ...)
{
	char line[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	ctx->write(ctx->sink, line);
	ctx->write(ctx->sink, "\n");
}

/* notes add <text> */
static int add_note(const struct pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv)
{
	(void)argc;
	if (nb_notes == MAX_NOTES) {
		say(ctx, "notes: full (%u notes; notes clear first)", MAX_NOTES);
		return -1;
	}
	snprintf(notes[nb_notes], sizeof(notes[0]), "%s", argv[0]);
	nb_notes++;
	say(ctx, "note %u: %s", nb_notes, argv[0]);
	return 0;
}

/* show notes [<index>] */
static int show_notes(const struct pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv)
{
	unsigned i;

	if (argc == 1) {
		char *end;
		unsigned long n = strtoul(argv[0], &end, 10);

		if (*argv[0] == '\0' || *end != '\0' || n < 1 || n > nb_notes) {
			say(ctx, "notes: no note '%s' (allowed: 1..%u)", argv[0], nb_notes);
			return -1;
		}
		say(ctx, "note %lu: %s", n, notes[n - 1]);
		return 0;
	}
	say(ctx, "notes: %u (%s, %s)", nb_notes, ctx->engine->name,
	    ctx->forwarding ? "forwarding" : "stopped");
	for (i = 0; i < nb_notes; i++)
		say(ctx, "note %u: %s", i + 1, notes[i]);
	return 0;
}

/* notes clear */
static int clear_notes(const struct pmdfwd_command_ctx *ctx, uint32_t argc,
		       const char *const *argv)
{
	(void)argc, (void)argv;
	nb_notes = 0;
	say(ctx, "notes cleared");
	return 0;
}

/* notes port all|<port>: the host has checked the port. */
static int port_note(const struct pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv)
{
	(void)argc;
	say(ctx, "notes: port word '%s'", argv[0]);
	return 0;
}

static const struct pmdfwd_command commands[] = {
	{.syntax = "notes add <text>", .help = "keep a note", .run = add_note},
	{.syntax = "show notes [<index>]", .help = "the notes, or one", .run = show_notes},
	{.syntax = "notes clear",
	 .help = "forget every note",
	 .run = clear_notes,
	 .flags = PMDFWD_COMMAND_F_STOPPED},
	{.syntax = "notes port all|<port>", .help = "a port as the host checked it", .run = port_note},
#ifdef CLASH
	/* `set <mode> <key> <value>` sets engine parameters: this takes its lines. */
	{.syntax = "set notes colour <c>", .help = "a parameter in disguise", .run = port_note},
#endif
};

static const struct pmdfwd_engine engine = {
	.abi_version = PMDFWD_ENGINE_ABI_VERSION,
	.name = "notes",
	.summary = "forwards as received; keeps notes from the shell",
	.burst = pass,
	.commands = commands,
	.nb_commands = sizeof(commands) / sizeof(commands[0]),
};

static const struct pmdfwd_engine *const engines[] = {&engine, NULL};

__attribute__((visibility("default"))) const struct pmdfwd_engine *const *
pmdfwd_plugin_engines(uint32_t host_abi_version, char *err, size_t err_len)
{
	if (host_abi_version != PMDFWD_ENGINE_ABI_VERSION) {
		snprintf(err, err_len, "notes was built for engine ABI %u, the host has %u",
			 PMDFWD_ENGINE_ABI_VERSION, host_abi_version);
		return NULL;
	}
	return engines;
}
