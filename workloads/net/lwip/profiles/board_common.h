/* What both board profiles share: capacities that hold every run-time size
 * the lwip.* parameters allow (the window without scaling, up to 64 KB). */
#ifndef WS_BOARD_COMMON_H
#define WS_BOARD_COMMON_H
/* A received frame two bytes into its pbuf, its IP header on a word. With the
 * MMU off every data access is strongly ordered (ARMv7-A ARM, DDI 0406C,
 * B3.2.1), where an unaligned word access faults (A3.2.1), so lwIP's word reads
 * of the IP header need it. RT-Thread's port takes ETH_PAD_SIZE from a BSP's
 * RT_LWIP_ETH_PAD_SIZE (components/net/lwip/port/lwipopts.h; not in its
 * Kconfig), which BSPs set to 2, one Cortex-A7 BSP's rtconfig.h to avoid that
 * very unaligned data abort; its drivers skip the padding word
 * (`pbuf_header(p, -RT_LWIP_ETH_PAD_SIZE)`). */
#define ETH_PAD_SIZE 2
#define MEM_SIZE (128 * 1024)
#define PBUF_POOL_SIZE 128
#define MEMP_NUM_PBUF 32
#define MEMP_NUM_TCP_PCB 16
#define MEMP_NUM_TCP_SEG 256
#define WS_TCP_WND_MAX 65535
#define WS_TCP_SND_BUF_MAX 65535
extern unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;
#define TCP_WND (WS_TCP_WND_MAX - ws_lwip_wnd_less)
#define TCP_SND_BUF (WS_TCP_SND_BUF_MAX - ws_lwip_snd_buf_less)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (TCP_SND_BUF / 2)
#include "common_opts.h"
#endif
