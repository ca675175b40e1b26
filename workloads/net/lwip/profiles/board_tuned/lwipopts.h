/* The board's stack with the study's tuned options
 * (shared/reference/rtthread-lwip-iperf.md: PBUF_POOL_SIZE 64, MEMP_NUM_PBUF 32,
 * MEMP_NUM_TCP_PCB 16, TCP_MSS 1460, TCP_WND and TCP_SND_BUF 8 x MSS,
 * timestamps on, stats and debug off). The window, send buffer and pool size
 * are run-time (lwip.* parameters); this profile holds their largest values.
 * MEM_USE_POOLS is not built (docs/lwip.md): the heap serves PBUF_RAM. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define LWIP_TCP_TIMESTAMPS 1
#include "../board_common.h"
#endif
