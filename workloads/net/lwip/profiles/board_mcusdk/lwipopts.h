/* The AM261x board's stack with TI MCU+ SDK's lwIP options
 * (mcupsdk-core source/networking/lwip/lwip-config/am261x/enet/lwipopts.h):
 * TCP_MSS 1460, TCP_WND = TCP_SND_BUF = 16 x MSS (23360 B, lines 242-257), no
 * window scaling and no timestamps (lwIP's defaults), no ETH_PAD_SIZE, the
 * frame at the start of its Rx buffer. Received frames sit in the SDK's Rx
 * custom pbufs, one per Rx packet (32: the pool here); sent data in PBUF_RAM
 * from the SDK's malloc pools (48 x 1568 B, lwippools.h: MEM_SIZE here). The
 * window, send buffer and pool size are run-time (lwip.* parameters); this
 * profile holds their largest values. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define LWIP_TCP_TIMESTAMPS 0
#define MEM_SIZE (48 * 1568)
#define PBUF_POOL_SIZE 256
#define MEMP_NUM_PBUF 128
#define MEMP_NUM_TCP_PCB 5
#define MEMP_NUM_TCP_SEG 384 /* the queue the largest run-time send buffer needs (the SDK: 128 for its 23360 B) */
#define WS_TCP_WND_MAX 65535
#define WS_TCP_SND_BUF_MAX 65535
extern unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;
#define TCP_WND (WS_TCP_WND_MAX - ws_lwip_wnd_less)
#define TCP_SND_BUF (WS_TCP_SND_BUF_MAX - ws_lwip_snd_buf_less)
#define TCP_SND_QUEUELEN (8 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (TCP_SND_BUF / 2)
#include "../common_opts.h"
#endif
