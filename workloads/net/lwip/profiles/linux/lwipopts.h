/* A Linux PC's TCP, the stand-in the RT-Thread study's PC gets by default
 * (docs/lwip.md says how it differs from Linux): a desktop's buffers
 * (desktop_common.h) and Linux's timers as lwIP's can give them: a 40 ms
 * fast timer (the delayed ACK within TCP_DELACK_MIN = HZ/25,
 * include/net/tcp.h), an 80 ms slow timer, so a settled retransmission timeout
 * is three slow ticks, about 200-240 ms (TCP_RTO_MIN = HZ/5). The 1 s first
 * timeout (TCP_TIMEOUT_INIT; lwIP 2.1.3's is 3 s) and the initial window of
 * ten segments (TCP_INIT_CWND 10) are run-time options (ws_lwip_options).
 * Like Linux against a peer without SACK (lwIP sends none) it has no
 * tail-loss probe (tcp_schedule_loss_probe needs SACK): a lost tail waits for
 * the timeout. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define TCP_TMR_INTERVAL 40
#include "../desktop_common.h"
#endif
