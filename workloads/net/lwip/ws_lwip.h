/* The table through which the simulator drives one lwIP instance. Each
 * instance is its own copy of lwIP (its own globals: PCB lists, pools, timers),
 * linked with every symbol local but its entry function, so this header is
 * all the simulator sees: no lwIP header (their layouts depend on the
 * instance's lwipopts.h). One instance is one stack with one Ethernet netif
 * and at most one TCP connection of the bulk-transfer kind iperf makes. */
#ifndef WS_LWIP_H
#define WS_LWIP_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_lwip_host {
  void* ctx;
  uint32_t (*now_ms)(void* ctx);                                  /* sys_now() */
  void (*output)(void* ctx, const uint8_t* frame, uint16_t len);  /* a frame to send (FCS not included) */
  void (*copy)(void* ctx, void* dst, const void* src, size_t n);  /* every MEMCPY lwIP makes */
  void (*checksum)(void* ctx, size_t bytes);                      /* every Internet checksum, by its length */
  void (*received)(void* ctx, const uint8_t* data, size_t n);     /* TCP payload delivered in order */
  void (*event)(void* ctx, int what);                             /* WS_LWIP_* below */
} ws_lwip_host;

enum { WS_LWIP_CONNECTED = 1, WS_LWIP_CLOSED = 2, WS_LWIP_ERROR = 3, WS_LWIP_SENT = 4 };

typedef struct ws_lwip_counters {
  uint64_t rx_drops;      /* frames the glue could not give lwIP (no pbuf) or lwIP refused */
  uint64_t rx_segments;   /* TCP data deliveries to the host */
} ws_lwip_counters;

typedef struct ws_lwip_api {
  const char* profile;
  int (*init)(const ws_lwip_host* host, const uint8_t mac[6], uint32_t ip, uint32_t netmask);
  void (*input)(const uint8_t* frame, uint16_t len);
  uint32_t (*sleep_ms)(void);   /* until the next timeout is due; UINT32_MAX: none */
  void (*check_timeouts)(void);
  int (*tcp_listen)(uint16_t port);
  int (*tcp_connect)(uint32_t ip, uint16_t port);
  /* Queues up to n bytes (copied into lwIP) and pushes them; returns how many it took. */
  uint32_t (*tcp_write)(const uint8_t* data, uint32_t n);
  uint32_t (*tcp_sndbuf)(void);
  void (*counters)(ws_lwip_counters* out);
  uint32_t (*tcp_wnd)(void);    /* the receive window it was built with */
} ws_lwip_api;

#ifdef __cplusplus
}
#endif
#endif
