/* The board's stack with RT-Thread's lwIP options as shipped (RT-Thread
 * components/net/lwip lwipopts.h, hardware-facts.md §4: TCP_MSS 1460,
 * TCP_WND and TCP_SND_BUF 8196, PBUF_NUM 16, TCP_SEG_NUM 40, 4 TCP PCBs,
 * MEMP_NUM_PBUF 32, no timestamps). The window, send buffer and pool size are
 * run-time (lwip.* parameters); this profile holds their largest values. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define LWIP_TCP_TIMESTAMPS 0
#include "../board_common.h"
#endif
