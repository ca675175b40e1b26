/* The PC's stack, the stand-in for a desktop OS's TCP (docs/lwip.md): large
 * buffers with window scaling (a 256 KB window), ACK every second segment
 * (lwIP's own policy). */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define MEM_SIZE (1024 * 1024)
#define PBUF_POOL_SIZE 512
#define MEMP_NUM_PBUF 256
#define MEMP_NUM_TCP_PCB 8
#define MEMP_NUM_TCP_SEG 1024
#define LWIP_WND_SCALE 1
#define TCP_RCV_SCALE 3
#define TCP_WND (256 * 1024)
#define TCP_SND_BUF (256 * 1024)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (32 * 1024)
#define LWIP_TCP_TIMESTAMPS 1
#include "../common_opts.h"
#endif
