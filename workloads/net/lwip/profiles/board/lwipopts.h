/* The board's stack as the study tuned it (shared/reference/rtthread-lwip-iperf.md:
 * PBUF_POOL_SIZE 64, MEMP_NUM_PBUF 32, MEMP_NUM_TCP_PCB 16, TCP_MSS 1460,
 * TCP_WND and TCP_SND_BUF 8 x MSS, timestamps on, stats off). */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define MEM_SIZE (64 * 1024)
#define PBUF_POOL_SIZE 64
#define MEMP_NUM_PBUF 32
#define MEMP_NUM_TCP_PCB 16
#define MEMP_NUM_TCP_SEG 64
#define TCP_WND (8 * 1460)
#define TCP_SND_BUF (8 * 1460)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define LWIP_TCP_TIMESTAMPS 1
#include "../common_opts.h"
#endif
