/* A Windows PC's stack, the stand-in the 66AK2H study's PC needs (docs/lwip.md):
 * a 64 KB window without scaling, ACKs by TcpAckFrequency and TcpDelAckTicks
 * (run-time options, ws_lwip.h) on a 100 ms fast timer, and window updates
 * only after 16 segments, so the ACK policy, not tcp_recved(), sets how often
 * the PC acknowledges. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define MEM_SIZE (512 * 1024)
#define PBUF_POOL_SIZE 256
#define MEMP_NUM_PBUF 128
#define MEMP_NUM_TCP_PCB 8
#define MEMP_NUM_TCP_SEG 512
#define WS_TCP_WND_MAX 65535
#define WS_TCP_SND_BUF_MAX 65535
extern unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;
#define TCP_WND (WS_TCP_WND_MAX - ws_lwip_wnd_less)
#define TCP_SND_BUF (WS_TCP_SND_BUF_MAX - ws_lwip_snd_buf_less)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / 1460)
#define TCP_SNDLOWAT (TCP_SND_BUF / 2)
#define TCP_WND_UPDATE_THRESHOLD (16 * 1460)
#define TCP_TMR_INTERVAL 100
#define LWIP_TCP_TIMESTAMPS 0
#include "../common_opts.h"
#endif
