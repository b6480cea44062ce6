/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmdfwd forwarding-engine ABI.
 *
 * This is the whole contract between the pmdfwd host and a forwarding
 * engine, whether the engine is built into pmdfwd (engines/<name>/) or loaded
 * from a shared object with --engine-plugin=PATH / `load engine PATH`.
 * It is plain C so that a plugin can be written in C or C++ and built
 * against the installed header alone (pkg-config: pmdfwd-engine).
 * Built-in engines register with <pmdfwd/engine_register.h> (C++, the
 * registration helper); plugins export PMDFWD_PLUGIN_ENTRY (below).
 *
 * The host owns the burst loop:
 *
 *     nb = rte_eth_rx_burst(rx_port, rx_queue, pkts, burst)   (skipped for
 *                                                              NO_RX engines)
 *     nb = engine->burst(stream, pkts, nb, burst)             (skipped when
 *                                       nothing came in, unless GENERATOR)
 *     rte_eth_tx_burst(tx_port, tx_queue, pkts, nb) + retry, free the rest
 *
 * so an engine only transforms (or generates, or consumes) one burst.
 *
 * Versioning: any change to a struct below or to the meaning of a field
 * bumps PMDFWD_ENGINE_ABI_VERSION. The host loads engines of its own version
 * only and refuses any other, naming both versions: a plugin is rebuilt
 * against the header of the pmdfwd that loads it (doc/engine-authoring.md,
 * "ABI versioning rules").
 *
 * The engine's context: an engine that declares ctx_size gets
 * one zeroed block of that size of its own, allocated once by the host on
 * the main lcore's NUMA node, and handed to every hook (ctx), parameter set
 * (ctx), command (pmdfwd_command_ctx.engine_ctx) and stream
 * (pmdfwd_stream.engine_ctx): state an engine keeps lives there, not in
 * file globals, so that two engines built from one source keep theirs apart.
 */
#ifndef PMDFWD_ENGINE_H
#define PMDFWD_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PMDFWD_ENGINE_ABI_VERSION 10u

struct rte_mbuf;
struct rte_mempool;

/* Most segments a --txpkts / `set txpkts` list may name (as testpmd). */
#define PMDFWD_MAX_TXPKT_SEGS 8

/* Per-port transmit settings, owned by the host, read-only to engines. */
struct pmdfwd_port_tx {
    /* RTE_ETH_TX_OFFLOAD_* the engine should request in mbufs (VLAN, QinQ,
     * MACsec insert); set by `tx_vlan set` and the port configuration. */
    uint64_t tx_offloads;
    uint16_t vlan_tci;       /* `tx_vlan set <port> <tci>` */
    uint16_t vlan_tci_outer; /* QinQ outer tag */
    uint8_t mac[6];          /* the port's own MAC address */
    uint8_t peer_mac[6];     /* --eth-peer, else 02:00:00:00:00:<port> */
};

/* Host-wide forwarding parameters an engine may read while forwarding. */
struct pmdfwd_fwd_params {
    uint16_t burst;         /* packets per burst */
    uint16_t nb_txpkt_segs; /* --txpkts list length */
    uint16_t txpkt_seg_len[PMDFWD_MAX_TXPKT_SEGS];
    uint32_t txpkt_len; /* sum of the above */
    /* testpmd's verbose_level (`set verbose <n>`). The host changes it
     * while forwarding runs and the change takes effect at once: read it
     * once per burst, with a relaxed atomic load
     * (__atomic_load_n(&params->verbose_level, __ATOMIC_RELAXED)). An
     * engine prints its per-packet text (testpmd's csum block) only above 0. */
    uint32_t verbose_level;
    /* Writes len bytes of text (whole lines) to the host's standard output
     * by the writer of the per-packet dump: between the burst's RX dump and
     * its TX dump, as testpmd's printf, and never blocking the lcore. One
     * call per packet's text: what stdout cannot take at once is dropped
     * and counted with the dumps it drops. Never NULL in a stream's params. */
    void (*write_text)(const char *text, size_t len);
};

/*
 * One forwarding stream: packets flow from (rx_port, rx_queue) to
 * (tx_port, tx_queue) on one lcore. The host fills everything but priv and
 * the engine_* counters; the engine owns those.
 */
struct pmdfwd_stream {
    uint16_t rx_port;
    uint16_t rx_queue;
    uint16_t tx_port;
    uint16_t tx_queue;
    int socket_id;                          /* NUMA socket of the lcore */
    struct rte_mempool *pool;               /* mbuf pool of socket_id */
    const struct pmdfwd_port_tx *tx;        /* settings of tx_port */
    const struct pmdfwd_fwd_params *params; /* host-wide parameters */
    void *priv;                             /* engine's per-stream state */
    /* Packets the engine forwarded without processing them (for macswap:
     * a first segment too short to hold two MAC addresses). */
    uint64_t engine_untouched;
    /* Packets the engine consumed: freed and counted, not transmitted
     * (rxonly's receive count, flowgen's returns). */
    uint64_t engine_consumed;
    /* Packets the engine created (generators). */
    uint64_t engine_generated;
    /* Received packets whose checksum the PMD flagged bad in ol_flags
     * (RTE_MBUF_F_RX_*_CKSUM_BAD), counted by engines that set
     * PMDFWD_ENGINE_F_RX_CKSUM_STATS and shown as testpmd's csum engine
     * shows them. */
    uint64_t rx_bad_ip_csum;
    uint64_t rx_bad_l4_csum;
    uint64_t rx_bad_outer_l4_csum;
    uint64_t rx_bad_outer_ip_csum;
    /* The engine's context (NULL without ctx_size): read once
     * per burst into a local, as priv, never per packet. */
    void *engine_ctx;
    /* Received packets the engine counts itself, for engines with
     * PMDFWD_ENGINE_F_COUNTS_RX (the host then counts none): the stream's
     * RX-packets. Such an engine may add them to another stream of its
     * lcore (lcore_streams) instead of this one: testpmd's shared-rxq
     * counts a packet on the stream of the port it came from (mbuf->port). */
    uint64_t engine_rx;
    /* Packets the engine dropped (freed, not sent): added to the stream's
     * TX-dropped and its TX port's, as testpmd's fwd_dropped is. */
    uint64_t engine_dropped;
    /* Every stream of this stream's lcore (this one included, polled or
     * not), in the order the lcore runs them: only that lcore writes their
     * engine_* counters, so its burst may add to any of them. Valid from
     * stream_init to stream_fini. */
    struct pmdfwd_stream *const *lcore_streams;
    uint32_t nb_lcore_streams;
};

/*
 * The burst function: handle the nb_rx packets in pkts[0..nb_rx) and return
 * how many packets pkts[0..ret) the host must transmit (ret <= max, or
 * ret <= PMDFWD_BURST_ROOM for an engine with PMDFWD_ENGINE_F_GROWS). A packet
 * the engine does not return it must free, or hold in its stream state to
 * return in a later call (noisy's FIFO), freeing what it still holds in
 * stream_fini. No allocation or locking here
 * beyond mbuf alloc/free for generators.
 */
typedef uint16_t (*pmdfwd_burst_fn)(struct pmdfwd_stream *stream, struct rte_mbuf **pkts,
                                    uint16_t nb_rx, uint16_t max);

/* The engine generates its own packets: the host does not call rx_burst. */
#define PMDFWD_ENGINE_F_NO_RX (1u << 0)
/* The engine receives and also generates (flowgen), or sends on a timer
 * packets it holds (noisy's FIFO flush): the host calls burst after every
 * rx_burst, even an empty one. Without it (and without NO_RX) an empty
 * receive skips the engine, as testpmd's forwarding engines do. */
#define PMDFWD_ENGINE_F_GENERATOR (1u << 1)
/* The engine counts bad RX checksums (pmdfwd_stream.rx_bad_*): the stop
 * report prints them, as testpmd's does for its csum engine. */
#define PMDFWD_ENGINE_F_RX_CKSUM_STATS (1u << 2)
/* The engine answers what it receives (icmpecho): every stream sends on the
 * port and queue it receives from, whatever the port topology, as testpmd
 * sets up its icmpecho streams. */
#define PMDFWD_ENGINE_F_REPLIES (1u << 3)
/* The mode the host forwards with when none is chosen (testpmd's io):
 * one registered engine at most has it. */
#define PMDFWD_ENGINE_F_DEFAULT (1u << 4)
/* The engine may return more packets than it received, and more than max
 * (software segmentation, testpmd's GSO: one packet in, several out): the
 * host hands every burst function a pkts array of PMDFWD_BURST_ROOM entries
 * and transmits up to that many that such an engine returns. max keeps its
 * meaning (the burst size). */
#define PMDFWD_ENGINE_F_GROWS (1u << 5)
/* The engine counts received packets itself (pmdfwd_stream.engine_rx, of
 * this stream or another of its lcore): the host does not count them. */
#define PMDFWD_ENGINE_F_COUNTS_RX (1u << 6)
/* The start display and `show config fwd` leave out the engine's describe
 * text, which `show fwd <name>` and telemetry still show: for a testpmd mode
 * whose start display harnesses (DTS) read as testpmd prints it (mac). */
#define PMDFWD_ENGINE_F_QUIET_START (1u << 7)
/* Entries of the pkts array handed to every burst function. */
#define PMDFWD_BURST_ROOM 512

/* Length of the message buffer handed to a parameter's set and the plugin
 * entry. */
#define PMDFWD_ERRMSG_LEN 256

/*
 * Engine parameters, declared: `--<engine>-<key>=<value>` on
 * the command line, `set <engine> <key> <value>` in the shell (forwarding
 * stopped). The host parses and checks each value against its row, answers
 * a bad one with what is wrong and what is allowed, writes the --help and
 * manual page lines, and hands the engine the typed value through the row's
 * set callback. Values reach the engine only while forwarding is
 * stopped: copy them into the stream at stream_init, never read them per
 * packet.
 */
enum pmdfwd_param_kind {
    PMDFWD_PARAM_INT = 1, /* decimal integer in [min, max]: value->i */
    PMDFWD_PARAM_BOOL,    /* on|off: value->i is 1 or 0 */
    PMDFWD_PARAM_CHOICE,  /* one of choices: value->i is its index */
    PMDFWD_PARAM_MAC,     /* XX:XX:XX:XX:XX:XX: value->mac */
    PMDFWD_PARAM_IPV4,    /* A.B.C.D: value->ipv4, host byte order */
    PMDFWD_PARAM_STRING   /* any text: the engine checks value->text in set */
};

/* A checked value. text is what was given, for every kind. */
struct pmdfwd_param_value {
    const char *text;
    int64_t i;
    uint32_t ipv4;
    uint8_t mac[6];
};

struct pmdfwd_param {
    const char *key;  /* 1..32 of a-z, 0-9, '-' */
    uint32_t kind;    /* enum pmdfwd_param_kind */
    const char *help; /* one line for --help and the manual page */
    /* The value's name in help ("N", "MODE"); NULL: the kind's (N, on|off,
     * the choices joined by '|', XX:XX:XX:XX:XX:XX, A.B.C.D, TEXT). */
    const char *metavar;
    /* The engine's own starting value, for help; NULL: not shown. The host
     * checks it against the row when the engine registers. */
    const char *default_value;
    int64_t min, max;           /* INT */
    const char *const *choices; /* CHOICE: NULL-terminated */
    /* CHOICE: what a value names, in "unknown <engine> <what> 'x'";
     * NULL: the key. */
    const char *what;
    /* Mandatory. Takes the engine's context and the checked
     * value; returns 0, or non-zero with a message in err (e.g. a kernel
     * this CPU cannot run). */
    int (*set)(void *ctx, const struct pmdfwd_param_value *value, char *err, size_t err_len);
    /* Optional: another option name for the parameter, without
     * the leading "--" (testpmd's spelling, e.g. "tx-ip" for txonly's ip):
     * the host accepts --<alias>=<value> as --<engine>-<key>=<value> and
     * lists it in --help. A BOOL parameter's alias may also be given
     * alone, meaning on (testpmd's --txonly-multi-flow). 1..32 of a-z, 0-9,
     * '-', and no other option's name. */
    const char *alias;
};

/*
 * Shell commands, declared: rows the host adds to its shell
 * when the engine registers, listed by `help` under a section named after
 * the engine (`help <engine>`), completed and documented like its own.
 *
 * syntax: words separated by single spaces, as the shell's own rows: literal
 * words, <placeholder> (any word), a|b (one of fixed words), <port> and
 * all|<port> (the host passes only an existing port id, or "all"), <mode>
 * (an engine's name), and a last word in brackets that may be left out
 * ([<n>], [verbose]). The first word is a literal and the engine's name is
 * one of the literal words ("show macswap kernels", "macswap calibrate"), or
 * one of the words the engine lists in command_words (testpmd's csum engine
 * answers `tso set`, `set port <p> gro on`), so that an engine's commands
 * stay apart from the host's and other engines'.
 * A row that would take a line another row takes (`set <mode> <key>
 * <value>` already takes "set <engine> <word> <word>": that is a
 * parameter) is refused when the engine registers, with the row it clashes
 * with.
 */
/* Where the command's answer goes: write(sink, text) appends NUL-terminated
 * text (at most 1 MiB in all; the rest is cut, and the host says so). Valid
 * only during the run call. */
typedef void (*pmdfwd_write_fn)(void *sink, const char *text);

struct pmdfwd_engine;

struct pmdfwd_command_ctx {
    const struct pmdfwd_engine *engine; /* the engine whose row runs */
    /* Non-zero while forwarding runs (with any engine): the lcores may be
     * reading the engine's state; change only what they do not read. */
    uint32_t forwarding;
    pmdfwd_write_fn write;
    void *sink; /* write's first argument */
    /* The engine's context (NULL without ctx_size). */
    void *engine_ctx;
    /* The port's TX offloads (RTE_ETH_TX_OFFLOAD_*): those configured
     * (*enabled) and those its device can do (*capa). Returns 0, or
     * non-zero for a port that does not exist. */
    int (*port_tx_offloads)(const struct pmdfwd_command_ctx *ctx, uint16_t port, uint64_t *enabled,
                            uint64_t *capa);
    /* Turns the TX offloads in mask on (on != 0) or off in the port's
     * configuration, reconfiguring it while it is stopped (the row needs
     * PMDFWD_COMMAND_F_STOPPED). Returns 0, or non-zero after writing why
     * not into err. An empty mask changes nothing: it asks only whether
     * the port takes a change now (a started one does not). */
    int (*set_port_tx_offloads)(const struct pmdfwd_command_ctx *ctx, uint16_t port, uint64_t mask,
                                int on, char *err, size_t err_len);
    void *host; /* the host's, for the two calls above */
};

/* The host refuses the row while forwarding runs ("Please stop forwarding
 * first"), as it refuses `set <engine> <key> <value>`. */
#define PMDFWD_COMMAND_F_STOPPED (1u << 0)

/*
 * Runs one command on the main lcore. argv[0..argc) are the words that
 * filled the row's placeholders and the optional word when given, in order
 * (argv[argc] is NULL); literal words are not passed. Returns 0, or non-zero
 * after writing what is wrong and what is allowed (the host writes a default
 * when the engine wrote nothing).
 */
typedef int (*pmdfwd_command_fn)(const struct pmdfwd_command_ctx *ctx, uint32_t argc,
                                 const char *const *argv);

struct pmdfwd_command {
    const char *syntax; /* "show <engine> ..." (above) */
    const char *help;   /* one line for `help` and the manual page */
    pmdfwd_command_fn run;
    uint32_t flags; /* PMDFWD_COMMAND_F_* */
};

struct pmdfwd_engine {
    /* PMDFWD_ENGINE_ABI_VERSION. First in every version, so that a host reads
     * it from a descriptor of any version before anything else. */
    uint32_t abi_version;
    uint32_t flags;      /* PMDFWD_ENGINE_F_* */
    const char *name;    /* `set fwd <name>`, --forward-mode=<name> */
    const char *summary; /* one line for `help` and --help */

    /* Optional. Called on `start` for each forwarding port, before any
     * stream runs; non-zero refuses the start. ctx: the engine's context. */
    int (*port_begin)(void *ctx, uint16_t port_id);
    /* Optional. Called on `stop` for each forwarding port. */
    void (*port_end)(void *ctx, uint16_t port_id);
    /* Optional. Called on `start` for each stream (set priv here); non-zero
     * refuses the start. */
    int (*stream_init)(struct pmdfwd_stream *stream);
    /* Optional. Called on `stop` for each stream (free priv here). */
    void (*stream_fini)(struct pmdfwd_stream *stream);
    /* Mandatory. */
    pmdfwd_burst_fn burst;

    /* Optional. Writes the engine's own state for `show fwd <name>` and
     * `show config fwd` into buf (NUL-terminated). */
    void (*describe)(void *ctx, char *buf, size_t len);

    /* Optional: the engine's parameters, nb_params rows. */
    const struct pmdfwd_param *params;
    uint32_t nb_params;

    /* Optional: the engine's shell commands, nb_commands rows. */
    const struct pmdfwd_command *commands;
    uint32_t nb_commands;

    /* Optional: bytes of the engine's context; 0: none (ctx is NULL). The
     * host allocates it zeroed, aligned to 64 bytes, once, before calling any
     * hook that takes it. */
    size_t ctx_size;
    /* Optional: fills a new context (defaults other than zero) once, before
     * any other hook sees it. */
    void (*ctx_init)(void *ctx);

    /* Optional: a NULL-terminated list of words (1..32 of a-z, 0-9, '-',
     * '_') that name the engine's command rows
     * besides its name, for testpmd commands that do not name their engine
     * ("tso" for the csum engine's `tso set <n> <port>`). NULL: none. */
    const char *const *command_words;
};

/*
 * A plugin shared object exports this symbol. The host passes its ABI
 * version; the plugin returns its engines (NULL-terminated array) or NULL
 * with a message in err (a plugin may refuse a host_abi_version other than
 * its PMDFWD_ENGINE_ABI_VERSION itself; the host refuses its engines then).
 */
#define PMDFWD_PLUGIN_ENTRY "pmdfwd_plugin_engines"
typedef const struct pmdfwd_engine *const *(*pmdfwd_plugin_entry_fn)(uint32_t host_abi_version,
                                                                     char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* PMDFWD_ENGINE_H */
