/* The stand-in for TI's NDK TCP/IP stack on the 66AK2H (docs/k2h.md says where
 * NDK's TCP differs): MSS 1460, no window scaling (the window stays at most
 * 64 KB), no timestamps, socket buffers set at run time up to 64 KB
 * (CFGITEM_IP_SOCKTCPTXBUF -> TCP_SND_BUF, the no-copy Rx limit -> TCP_WND),
 * and NDK's 100 ms timer tick driving TCP's timers: lwIP's slow timer at it
 * (a 50 ms fast timer; the delayed ACK waits two of them, the run-time
 * del_ack_ticks, so 50-100 ms against NDK's 0-100). Capacities hold the
 * largest buffers the ndk.* parameters allow on every connection the FTP
 * server has open at once. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define MEM_SIZE (512 * 1024)
#define PBUF_POOL_SIZE 192 /* NDK's PBM frame buffers: PKT_NUM_FRAMEBUF (stack/pbm/pbm_data.c) */
#define MEMP_NUM_PBUF 64
#define MEMP_NUM_TCP_PCB 8
#define MEMP_NUM_TCP_SEG 512
#define WS_TCP_WND_MAX 65535
#define WS_TCP_SND_BUF_MAX 65535
extern unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;
#define TCP_WND (WS_TCP_WND_MAX - ws_lwip_wnd_less)
#define TCP_SND_BUF (WS_TCP_SND_BUF_MAX - ws_lwip_snd_buf_less)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (TCP_SND_BUF / 2)
/* NDK's window update (tcp/tcpout.c): once at least 2 MSS or half the buffer is free again. */
#define TCP_WND_UPDATE_THRESHOLD LWIP_MIN(2 * TCP_MSS, TCP_WND / 2)
#define TCP_TMR_INTERVAL 50
#define LWIP_TCP_TIMESTAMPS 0
#include "../common_opts.h"
#endif
