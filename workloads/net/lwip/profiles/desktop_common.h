/* What both desktop PC profiles share (linux, pc): large buffers with window
 * scaling (a 256 KB window), large pools, lwIP's ACK policy (every second
 * segment), timestamps. Each profile sets its timers, then includes this. */
#ifndef WS_DESKTOP_COMMON_H
#define WS_DESKTOP_COMMON_H
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
#include "common_opts.h"
#endif
