/* The PC's stack, the stand-in for a desktop OS's TCP (docs/lwip.md): large
 * buffers with window scaling (a 256 KB window), ACK every second segment
 * (lwIP's own policy), a desktop's timers. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define MEM_SIZE (1024 * 1024)
#define PBUF_POOL_SIZE 512
#define MEMP_NUM_PBUF 256
#define MEMP_NUM_TCP_PCB 8
#define MEMP_NUM_TCP_SEG 1024
#define LWIP_WND_SCALE 1
#define TCP_RCV_SCALE 3
#define WS_TCP_WND_MAX (256 * 1024)
#define WS_TCP_SND_BUF_MAX (256 * 1024)
extern unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;
#define TCP_WND (WS_TCP_WND_MAX - ws_lwip_wnd_less)
#define TCP_SND_BUF (WS_TCP_SND_BUF_MAX - ws_lwip_snd_buf_less)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (32 * 1024)
#define LWIP_TCP_TIMESTAMPS 1
/* A desktop's TCP timers rather than an embedded lwIP's: a 100 ms fast timer
 * (delayed ACK within 100 ms) and a 200 ms slow timer, so a retransmission
 * timeout is 200 ms and up (Linux's minimum RTO; Windows' is 300 ms). */
#define TCP_TMR_INTERVAL 100
#include "../common_opts.h"
#endif
