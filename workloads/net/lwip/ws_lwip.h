/* The table through which the simulator drives one lwIP instance. Each
 * instance is its own copy of lwIP (its own globals: PCB lists, pools, timers),
 * linked with every symbol local but its entry function, so this header is
 * all the simulator sees: no lwIP header (their layouts depend on the
 * instance's lwipopts.h). One instance is one stack with one Ethernet netif,
 * up to eight TCP sockets and one UDP socket.
 *
 * Frames are pbufs the host holds by handle: a received frame is allocated
 * from the pbuf pool (rx_alloc), filled by the driver and given to lwIP
 * (rx_input); a frame lwIP sends is referenced and handed out (host.output)
 * until the driver has copied it (tx_pieces) and frees it (tx_free). Received
 * TCP and UDP data waits in the instance, as in a socket's receive mailbox,
 * until the application reads it; TCP's window opens as it does. */
#ifndef WS_LWIP_H
#define WS_LWIP_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_lwip_host {
  void* ctx;
  uint32_t (*now_ms)(void* ctx);                                   /* sys_now() */
  void (*output)(void* ctx, void* frame, uint16_t len);            /* a frame to send (FCS not included) */
  void (*copy)(void* ctx, void* dst, const void* src, size_t n);   /* every MEMCPY lwIP makes: the host moves the bytes */
  void (*checksum)(void* ctx, const void* data, size_t bytes);     /* every Internet checksum lwIP computes */
  void (*event)(void* ctx, int what, int socket);                  /* WS_LWIP_* below; socket -1: UDP */
} ws_lwip_host;

enum {
  WS_LWIP_CONNECTED = 1,
  WS_LWIP_CLOSED = 2,
  WS_LWIP_ERROR = 3,
  WS_LWIP_SENT = 4,      /* the peer acknowledged data: send buffer space */
  WS_LWIP_READABLE = 5,  /* TCP data or a UDP datagram is waiting */
};

/* Run-time sizes, at most what the profile was compiled for (0: the profile's). */
typedef struct ws_lwip_options {
  uint32_t tcp_wnd;         /* TCP_WND, bytes */
  uint32_t tcp_snd_buf;     /* TCP_SND_BUF, bytes */
  uint32_t pbuf_pool_size;  /* PBUF_POOL_SIZE: pool pbufs the netif may hold at once */
  uint32_t udp_recvmbox;    /* datagrams waiting for the application (DEFAULT_UDP_RECVMBOX_SIZE) */
  int nagle;                /* Nagle's algorithm on the connection (a socket without TCP_NODELAY) */
  /* A receiver's ACK policy in place of lwIP's (an ACK every second segment, a
   * delayed one at the next fast-timer tick): an ACK every `ack_every`
   * in-order segments, a delayed one after `del_ack_ticks` ticks of the fast
   * timer (Windows' TcpAckFrequency and TcpDelAckTicks). 0: lwIP's. */
  uint32_t ack_every;
  uint32_t del_ack_ticks;
  /* A connection's congestion window at its first write, bytes (at most 65535);
   * 0: lwIP's (RFC 3390, at most four segments). NDK opens at TCP_MAXWIN. */
  uint32_t initial_cwnd;
  /* The NIC computes and checks every checksum (lwIP's per-netif checksum
   * control all off, as RT-Thread's RT_LWIP_USING_HW_CHECKSUM builds it). */
  int checksum_offload;
  /* A connection's first retransmission timeout, ms (rounded to slow-timer
   * ticks); 0: lwIP 2.1.3's 3 s (tcp_alloc). Linux's TCP_TIMEOUT_INIT is 1 s. */
  uint32_t initial_rto_ms;
  /* NDK's TCP in place of lwIP's where they differ (docs/k2h.md): an in-order
   * segment is ACKed at once only when it carries PSH, else the ACK waits for a
   * window update (TCP_WND_UPDATE_THRESHOLD) or the delayed-ACK timer; no
   * duplicate ACK is counted (no fast retransmit); slow start has no
   * threshold (the window grows a segment an ACK up to 64 KB, from one segment
   * after a timeout); a settled retransmission timeout is one slow tick. */
  int ndk_tcp;
} ws_lwip_options;

typedef struct ws_lwip_counters {
  uint64_t rx_pool_empty;     /* frames refused for want of a pool pbuf */
  uint64_t rx_refused;        /* frames lwIP's input refused */
  uint64_t udp_mbox_full;     /* datagrams dropped: the receive mailbox was full */
  uint64_t tcp_retransmits;   /* TCP segments sent again (sequence below the highest sent) */
  uint64_t tcp_segments_out;  /* TCP segments carrying data */
} ws_lwip_counters;

typedef struct ws_lwip_api {
  const char* profile;
  int (*init)(const ws_lwip_host* host, const uint8_t mac[6], uint32_t ip, uint32_t netmask,
              const ws_lwip_options* opt);
  /* --- the netif --- */
  void* (*rx_alloc)(uint16_t len, uint8_t** data); /* NULL: pool empty (counted) */
  int (*rx_input)(void* frame);                    /* 0: taken; -1: refused (counted, freed) */
  void (*rx_free)(void* frame);
  int (*tx_pieces)(void* frame, const uint8_t** data, uint16_t* len, int max); /* the chain's buffers */
  void (*tx_free)(void* frame);
  /* --- timers --- */
  uint32_t (*sleep_ms)(void); /* until the next timeout is due; UINT32_MAX: none */
  void (*check_timeouts)(void);
  /* --- TCP: sockets by id (at most 8 at once); CONNECTED names an accepted
   * connection's new id, or a connect()'s --- */
  int (*tcp_listen)(uint16_t port);               /* the listener's id; -1: failed */
  int (*tcp_connect)(uint32_t ip, uint16_t port); /* the connection's id; -1: failed */
  uint32_t (*tcp_write)(int id, const uint8_t* data, uint32_t n); /* copies up to n bytes in and pushes them */
  uint32_t (*tcp_sndbuf)(int id);
  uint32_t (*tcp_read)(int id, uint8_t* dst, uint32_t max);       /* copies out what is waiting; opens the window */
  uint32_t (*tcp_readable)(int id);
  void (*tcp_close)(int id);                      /* a FIN after what is queued; the id is free again */
  uint16_t (*tcp_local_port)(int id);
  uint32_t (*tcp_wnd)(void);
  /* --- UDP --- */
  int (*udp_bind)(uint16_t port);
  int (*udp_connect)(uint32_t ip, uint16_t port);
  int (*udp_send)(const uint8_t* data, uint16_t n); /* 0: sent; -1: no buffer */
  int (*udp_read)(uint8_t* dst, uint16_t max);      /* one datagram's length; -1: none waiting */
  uint32_t (*udp_waiting)(void);                    /* datagrams waiting */
  void (*counters)(ws_lwip_counters* out);
  void (*arp_request)(uint32_t ip); /* resolve a neighbour ahead of a test (iperf's control connection does) */
  int (*arp_resolved)(uint32_t ip);  /* the neighbour's MAC is known (lwIP queues one packet otherwise) */
} ws_lwip_api;

#ifdef __cplusplus
}
#endif
#endif
