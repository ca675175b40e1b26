/* One lwIP instance's glue: the netif on the simulator's Ethernet, sys_now,
 * the copy and checksum hooks, and a bulk-transfer TCP connection (the kind
 * iperf makes) on the raw API. Compiled once per profile with that profile's
 * lwipopts.h and WS_LWIP_ENTRY naming the one symbol the instance exports. */
#include <string.h>
#include "lwip/etharp.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/tcp.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"
#include "ws_lwip.h"

static ws_lwip_host host;
static struct netif nif;
static struct tcp_pcb* listener;
static struct tcp_pcb* conn;
static ws_lwip_counters counts;
static unsigned rand_state = 1;

u16_t lwip_standard_chksum(const void* dataptr, int len);

unsigned ws_lwip_rand(void) {
  rand_state = rand_state * 1103515245u + 12345u;
  return rand_state >> 1;
}

u32_t sys_now(void) { return host.now_ms(host.ctx); }

void ws_lwip_copy(void* dst, const void* src, size_t n) { host.copy(host.ctx, dst, src, n); }

unsigned short ws_lwip_chksum(const void* data, int len) {
  host.checksum(host.ctx, (size_t)len);
  return lwip_standard_chksum(data, len);
}

/* The whole frame in one buffer for the host: lwIP may chain pbufs. */
static err_t link_output(struct netif* n, struct pbuf* p) {
  static uint8_t frame[1600];
  (void)n;
  if (p->tot_len > sizeof frame) return ERR_BUF;
  pbuf_copy_partial(p, frame, p->tot_len, 0);
  host.output(host.ctx, frame, p->tot_len);
  return ERR_OK;
}

static err_t netif_setup(struct netif* n) {
  n->name[0] = 'e';
  n->name[1] = '0';
  n->mtu = 1500;
  n->hwaddr_len = 6;
  n->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET | NETIF_FLAG_LINK_UP;
  n->output = etharp_output;
  n->linkoutput = link_output;
  return ERR_OK;
}

static int init(const ws_lwip_host* h, const uint8_t mac[6], uint32_t ip, uint32_t netmask) {
  ip4_addr_t a, m, gw;
  host = *h;
  lwip_init();
  a.addr = lwip_htonl(ip);
  m.addr = lwip_htonl(netmask);
  gw.addr = 0;
  memcpy(nif.hwaddr, mac, 6);
  if (!netif_add(&nif, &a, &m, &gw, NULL, netif_setup, ethernet_input)) return -1;
  netif_set_default(&nif);
  netif_set_up(&nif);
  return 0;
}

static void input(const uint8_t* frame, uint16_t len) {
  struct pbuf* p = pbuf_alloc(PBUF_RAW, len, PBUF_POOL);
  if (!p) {
    ++counts.rx_drops;  /* no pbuf: the frame is lost, as on the board */
    return;
  }
  pbuf_take(p, frame, len);
  if (nif.input(p, &nif) != ERR_OK) {
    ++counts.rx_drops;
    pbuf_free(p);
  }
}

static uint32_t sleep_ms(void) { return sys_timeouts_sleeptime(); }

static void check_timeouts(void) { sys_check_timeouts(); }

/* Received data goes to the host in order, then the window opens again. */
static err_t on_recv(void* arg, struct tcp_pcb* pcb, struct pbuf* p, err_t err) {
  (void)arg;
  if (err != ERR_OK) return err;
  if (!p) {
    tcp_close(pcb);
    conn = NULL;
    host.event(host.ctx, WS_LWIP_CLOSED);
    return ERR_OK;
  }
  ++counts.rx_segments;
  for (struct pbuf* q = p; q; q = q->next) host.received(host.ctx, (const uint8_t*)q->payload, q->len);
  tcp_recved(pcb, p->tot_len);
  pbuf_free(p);
  return ERR_OK;
}

static err_t on_sent(void* arg, struct tcp_pcb* pcb, u16_t len) {
  (void)arg;
  (void)pcb;
  (void)len;
  host.event(host.ctx, WS_LWIP_SENT);
  return ERR_OK;
}

static void on_error(void* arg, err_t err) {
  (void)arg;
  (void)err;
  conn = NULL;
  host.event(host.ctx, WS_LWIP_ERROR);
}

static void attach(struct tcp_pcb* pcb) {
  conn = pcb;
  tcp_recv(pcb, on_recv);
  tcp_sent(pcb, on_sent);
  tcp_err(pcb, on_error);
  tcp_nagle_disable(pcb);
}

static err_t on_accept(void* arg, struct tcp_pcb* pcb, err_t err) {
  (void)arg;
  if (err != ERR_OK || !pcb) return ERR_VAL;
  attach(pcb);
  host.event(host.ctx, WS_LWIP_CONNECTED);
  return ERR_OK;
}

static int tcp_listen_on(uint16_t port) {
  struct tcp_pcb* pcb = tcp_new();
  if (!pcb || tcp_bind(pcb, IP4_ADDR_ANY, port) != ERR_OK) return -1;
  listener = tcp_listen(pcb);
  if (!listener) return -1;
  tcp_accept(listener, on_accept);
  return 0;
}

static err_t on_connected(void* arg, struct tcp_pcb* pcb, err_t err) {
  (void)arg;
  (void)pcb;
  if (err != ERR_OK) return err;
  host.event(host.ctx, WS_LWIP_CONNECTED);
  return ERR_OK;
}

static int tcp_connect_to(uint32_t ip, uint16_t port) {
  ip4_addr_t a;
  struct tcp_pcb* pcb = tcp_new();
  if (!pcb) return -1;
  attach(pcb);
  a.addr = lwip_htonl(ip);
  return tcp_connect(pcb, &a, port, on_connected) == ERR_OK ? 0 : -1;
}

static uint32_t tcp_write_some(const uint8_t* data, uint32_t n) {
  if (!conn) return 0;
  uint32_t room = tcp_sndbuf(conn);
  if (n > room) n = room;
  if (n > 0xFFFF) n = 0xFFFF;  /* tcp_write takes a u16_t length */
  if (n == 0 || tcp_write(conn, data, (u16_t)n, TCP_WRITE_FLAG_COPY) != ERR_OK) return 0;
  tcp_output(conn);
  return n;
}

static uint32_t sndbuf(void) { return conn ? tcp_sndbuf(conn) : 0; }

static void counters(ws_lwip_counters* out) { *out = counts; }

static uint32_t wnd(void) { return TCP_WND; }

static const ws_lwip_api api = {WS_LWIP_PROFILE, init, input, sleep_ms, check_timeouts, tcp_listen_on,
                                tcp_connect_to, tcp_write_some, sndbuf, counters, wnd};

const ws_lwip_api* WS_LWIP_ENTRY(void) { return &api; }
