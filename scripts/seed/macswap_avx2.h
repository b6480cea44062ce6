/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright(c) 2026 The pmdfwd authors
 */

#ifndef _MACSWAP_AVX2_H_
#define _MACSWAP_AVX2_H_

/*
 * pmdfwd's avx2 macswap kernel in testpmd's shape: two Ethernet heads per
 * 256-bit shuffle, four packets per iteration, every mbuf field set as
 * mbuf_field_set() does. Distribution builds target SSE4.2 only, so the
 * kernel is compiled for AVX2 by attribute and chosen at run time, within
 * EAL's --force-max-simd-bitwidth cap.
 */

#include <immintrin.h>

#include <rte_cpuflags.h>
#include <rte_vect.h>

#include "macswap_common.h"

#define MACSWAP_AVX2 __attribute__((target("avx2")))

/* Decided at the first burst: neither the CPU nor EAL's cap change later. */
static inline int
macswap_avx2_usable(void)
{
	static int usable = -1;

	if (unlikely(usable < 0))
		usable = rte_cpu_get_flag_enabled(RTE_CPUFLAG_AVX2) > 0 &&
			rte_vect_get_max_simd_bitwidth() >= RTE_VECT_SIMD_256;
	return usable;
}

static inline MACSWAP_AVX2 __m256i
macswap_avx2_load2(struct rte_mbuf *lo, struct rte_mbuf *hi)
{
	__m128i l = _mm_loadu_si128(rte_pktmbuf_mtod(lo, __m128i *));
	__m128i h = _mm_loadu_si128(rte_pktmbuf_mtod(hi, __m128i *));

	return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}

/* One vextracti128 straight to memory for the upper head. */
static inline MACSWAP_AVX2 void
macswap_avx2_store2(struct rte_mbuf *lo, struct rte_mbuf *hi, __m256i v)
{
	_mm_storeu_si128(rte_pktmbuf_mtod(lo, __m128i *),
			_mm256_castsi256_si128(v));
	_mm_storeu_si128(rte_pktmbuf_mtod(hi, __m128i *),
			_mm256_extracti128_si256(v, 1));
}

static inline MACSWAP_AVX2 void
do_macswap_avx2(struct rte_mbuf *pkts[], uint16_t nb,
		struct rte_port *txp)
{
	/* Bytes 0-5 and 6-11 of each 16-byte lane change places. */
	const __m128i swap = _mm_setr_epi8(6, 7, 8, 9, 10, 11,
			0, 1, 2, 3, 4, 5, 12, 13, 14, 15);
	const __m256i swap2 = _mm256_broadcastsi128_si256(swap);
	uint64_t ol_flags;
	__m256i a, b;
	__m128i h;
	int i;

	ol_flags = ol_flags_init(txp->dev_conf.txmode.offloads);
	vlan_qinq_set(pkts, nb, ol_flags,
			txp->tx_vlan_id, txp->tx_vlan_id_outer);

	for (i = 0; i + 4 <= nb; i += 4) {
		a = _mm256_shuffle_epi8(macswap_avx2_load2(pkts[i],
				pkts[i + 1]), swap2);
		b = _mm256_shuffle_epi8(macswap_avx2_load2(pkts[i + 2],
				pkts[i + 3]), swap2);
		mbuf_field_set(pkts[i], ol_flags);
		mbuf_field_set(pkts[i + 1], ol_flags);
		mbuf_field_set(pkts[i + 2], ol_flags);
		mbuf_field_set(pkts[i + 3], ol_flags);
		macswap_avx2_store2(pkts[i], pkts[i + 1], a);
		macswap_avx2_store2(pkts[i + 2], pkts[i + 3], b);
	}

	for (; i < nb; i++) {
		h = _mm_loadu_si128(rte_pktmbuf_mtod(pkts[i], __m128i *));
		mbuf_field_set(pkts[i], ol_flags);
		_mm_storeu_si128(rte_pktmbuf_mtod(pkts[i], __m128i *),
				_mm_shuffle_epi8(h, swap));
	}
}

#endif /* _MACSWAP_AVX2_H_ */
