/* The PC's stack as lwIP's own TCP (pc.stack=lwip; docs/lwip.md): a desktop's
 * buffers (desktop_common.h) with a 100 ms fast timer (delayed ACK within
 * 100 ms) and a 200 ms slow timer, lwIP 2.1.3's 3 s first retransmission
 * timeout and its RFC 3390 initial window. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define TCP_TMR_INTERVAL 100
#include "../desktop_common.h"
#endif
