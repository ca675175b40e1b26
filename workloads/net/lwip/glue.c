/* One lwIP instance's glue: the netif on the simulator's Ethernet, sys_now,
 * the copy and checksum hooks, TCP sockets (listeners and connections, by id)
 * and a UDP socket on the raw API, with received data held until the
 * application reads it (a socket's receive mailbox). Compiled once per
 * profile with that profile's lwipopts.h and WS_LWIP_ENTRY naming the one
 * symbol the instance exports. */
#include <stdint.h>
#include <string.h>
#include "lwip/etharp.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/tcp.h"
#include "lwip/timeouts.h"
#include "lwip/priv/tcp_priv.h" /* TCP_TMR_INTERVAL */
#include "lwip/udp.h"
#include "netif/ethernet.h"
#include "ws_lwip.h"

/* The run-time window and send buffer: lwipopts.h reads them as MAX - less. */
unsigned ws_lwip_wnd_less, ws_lwip_snd_buf_less;

static ws_lwip_host host;
static struct netif nif;
/* TCP sockets: listeners and connections, by id (the table's index). */
#define WS_SOCKETS 8
struct sock {
  int used, listening;
  struct tcp_pcb* pcb;      /* NULL once lwIP has let it go */
  struct pbuf* held;        /* received, not yet read */
  unsigned unacked, ticks;  /* the ACK policy's count of segments and of timer ticks */
  u32_t snd_max;            /* the highest sequence sent, for retransmissions */
  int snd_any;
  int cwnd_set;             /* initial_cwnd applied */
};
static struct sock socks[WS_SOCKETS];
static struct udp_pcb* udp;
static struct pbuf* udp_queue[512]; /* the largest receive mailbox a profile may ask (the MCU+ SDK: 320) */
static unsigned udp_head, udp_count, udp_limit;
static int nagle;
static unsigned ack_every, del_ack_ticks;   /* the receiver's ACK policy (ws_lwip.h) */
static u32_t initial_cwnd;
static u32_t initial_rto_ms;
static int ndk_tcp;
static u32_t last_tick_ms;
static ws_lwip_counters counts;
static unsigned rand_state = 1;

u16_t lwip_standard_chksum(const void* dataptr, int len);

unsigned ws_lwip_rand(void) {
  rand_state = rand_state * 1103515245u + 12345u;
  return rand_state >> 1;
}

u32_t sys_now(void) { return host.now_ms(host.ctx); }

void ws_lwip_copy(void* dst, const void* src, size_t n) { host.copy(host.ctx, dst, src, n); }

/* lwip_standard_chksum's result (the folded one's-complement sum of the data's
   16-bit words as the host reads them), four words a step: 2^16 = 1 (mod 0xFFFF),
   so a 64-bit word adds as its four halves do. */
static unsigned short sum_words(const unsigned char* p, int len) {
  uint64_t s = 0;
  for (; len >= 8; p += 8, len -= 8) {
    uint64_t v;
    memcpy(&v, p, 8);
    s += (v >> 32) + (v & 0xffffffffu);
  }
  for (; len >= 2; p += 2, len -= 2) {
    uint16_t w;
    memcpy(&w, p, 2);
    s += w;
  }
  if (len) {
    uint16_t w = 0;
    memcpy(&w, p, 1);
    s += w;
  }
  while (s >> 16) s = (s & 0xffff) + (s >> 16);
  return (unsigned short)s;
}

unsigned short ws_lwip_chksum(const void* data, int len) {
  host.checksum(host.ctx, data, (size_t)len);
  return sum_words((const unsigned char*)data, len);
}

static int sock_new(void) {
  for (int i = 0; i < WS_SOCKETS; ++i)
    if (!socks[i].used) {
      memset(&socks[i], 0, sizeof socks[i]);
      socks[i].used = 1;
      return i;
    }
  return -1;
}

static struct sock* sock_of(int id) {
  return id >= 0 && id < WS_SOCKETS && socks[id].used ? &socks[id] : NULL;
}

/* A data segment whose sequence is below the highest its connection sent is a retransmission. */
static void count_tcp(const struct pbuf* p) {
  const u8_t* f = (const u8_t*)p->payload + ETH_PAD_SIZE;
  if (p->len < 54 + ETH_PAD_SIZE || f[12] != 0x08 || f[13] != 0x00 || f[23] != 6) return;
  const unsigned ihl = (f[14] & 0x0F) * 4u, ip_len = ((unsigned)f[16] << 8) | f[17];
  const u8_t* t = f + 14 + ihl;
  const unsigned thl = (t[12] >> 4) * 4u;
  const unsigned data = ip_len - ihl - thl;
  if (data == 0) return;
  const u16_t sport = (u16_t)((t[0] << 8) | t[1]), dport = (u16_t)((t[2] << 8) | t[3]);
  struct sock* k = NULL;
  for (int i = 0; i < WS_SOCKETS && !k; ++i)
    if (socks[i].used && socks[i].pcb && !socks[i].listening && socks[i].pcb->local_port == sport &&
        socks[i].pcb->remote_port == dport)
      k = &socks[i];
  if (!k) return;
  const u32_t seq = ((u32_t)t[4] << 24) | ((u32_t)t[5] << 16) | ((u32_t)t[6] << 8) | t[7];
  ++counts.tcp_segments_out;
  if (k->snd_any && (s32_t)(seq - k->snd_max) < 0) ++counts.tcp_retransmits;
  if (!k->snd_any || (s32_t)(seq + data - k->snd_max) > 0) k->snd_max = seq + data;
  k->snd_any = 1;
}

/* The frame goes to the host by reference; the driver copies and frees it. */
static err_t link_output(struct netif* n, struct pbuf* p) {
  (void)n;
  count_tcp(p);
  pbuf_ref(p);
  host.output(host.ctx, p, (uint16_t)(p->tot_len - ETH_PAD_SIZE));
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

static int init(const ws_lwip_host* h, const uint8_t mac[6], uint32_t ip, uint32_t netmask, const ws_lwip_options* o) {
  ip4_addr_t a, m, gw;
  host = *h;
  if (o->tcp_wnd > WS_TCP_WND_MAX || o->tcp_snd_buf > WS_TCP_SND_BUF_MAX || o->pbuf_pool_size > PBUF_POOL_SIZE ||
      o->udp_recvmbox > sizeof udp_queue / sizeof udp_queue[0])
    return -2;
  ws_lwip_wnd_less = o->tcp_wnd ? WS_TCP_WND_MAX - o->tcp_wnd : 0;
  ws_lwip_snd_buf_less = o->tcp_snd_buf ? WS_TCP_SND_BUF_MAX - o->tcp_snd_buf : 0;
  nagle = o->nagle;
  ack_every = o->ack_every;
  del_ack_ticks = o->del_ack_ticks;
  initial_cwnd = o->initial_cwnd;
  initial_rto_ms = o->initial_rto_ms;
  ndk_tcp = o->ndk_tcp;
  udp_limit = o->udp_recvmbox ? o->udp_recvmbox : 64;
  lwip_init();
  /* A smaller pool: the pbufs beyond it are taken once and never given back. */
  for (unsigned k = o->pbuf_pool_size ? o->pbuf_pool_size : PBUF_POOL_SIZE; k < PBUF_POOL_SIZE; ++k)
    if (!pbuf_alloc(PBUF_RAW, 1, PBUF_POOL)) return -1;
  a.addr = lwip_htonl(ip);
  m.addr = lwip_htonl(netmask);
  gw.addr = 0;
  memcpy(nif.hwaddr, mac, 6);
  if (!netif_add(&nif, &a, &m, &gw, NULL, netif_setup, ethernet_input)) return -1;
  /* Checksum offload: lwIP leaves every checksum to the NIC, as
   * RT_LWIP_USING_HW_CHECKSUM's CHECKSUM_GEN_* and CHECKSUM_CHECK_* = 0 do. */
  NETIF_SET_CHECKSUM_CTRL(&nif, o->checksum_offload ? NETIF_CHECKSUM_DISABLE_ALL : NETIF_CHECKSUM_ENABLE_ALL);
  netif_set_default(&nif);
  netif_set_up(&nif);
  return 0;
}

/* With ETH_PAD_SIZE the frame starts that far into the pbuf, so that its IP
 * header lands on a word (lwIP's ethernetif template: the driver copies past
 * the padding word, and input takes the pbuf with it). */
static void* rx_alloc(uint16_t len, uint8_t** data) {
  struct pbuf* p = pbuf_alloc(PBUF_RAW, (u16_t)(len + ETH_PAD_SIZE), PBUF_POOL);
  if (!p || p->next) { /* a frame fits one pool pbuf (PBUF_POOL_BUFSIZE) */
    if (p) pbuf_free(p);
    ++counts.rx_pool_empty;
    return NULL;
  }
  *data = (uint8_t*)p->payload + ETH_PAD_SIZE;
  return p;
}

/* NDK's loss recovery on lwIP's connections, after every segment in: no
 * duplicate ACK counts towards a fast retransmit (NDK has none: tcpin.c), slow
 * start never ends (no ssthresh: cwnd grows a segment an ACK up to
 * TCP_MAXWIN), and without a retransmission pending the timeout is two slow
 * ticks (NDK's TCPTV_RTXMIN, 2 of its 100 ms ticks: tcp.h; the profile's slow
 * timer runs at NDK's tick). */
static void ndk_recovery(void) {
  for (int i = 0; i < WS_SOCKETS; ++i) {
    struct tcp_pcb* pcb = socks[i].used && !socks[i].listening ? socks[i].pcb : NULL;
    if (!pcb) continue;
    pcb->dupacks = 0;
    pcb->ssthresh = (tcpwnd_size_t)0xFFFF;
    if (pcb->nrtx == 0) pcb->rto = 2;
  }
}

static int rx_input(void* frame) {
  struct pbuf* p = (struct pbuf*)frame;
  if (nif.input(p, &nif) != ERR_OK) {
    ++counts.rx_refused;
    pbuf_free(p);
    return -1;
  }
  if (ndk_tcp) ndk_recovery();
  return 0;
}

static void rx_free(void* frame) { pbuf_free((struct pbuf*)frame); }

/* The frame's pieces, the padding word (ETH_PAD_SIZE) left out. */
static int tx_pieces(void* frame, const uint8_t** data, uint16_t* len, int max) {
  int k = 0;
  for (struct pbuf* q = (struct pbuf*)frame; q && k < max; q = q->next, ++k) {
    const u16_t skip = k == 0 ? ETH_PAD_SIZE : 0;
    data[k] = (const uint8_t*)q->payload + skip;
    len[k] = (uint16_t)(q->len - skip);
  }
  return k;
}

static void tx_free(void* frame) { pbuf_free((struct pbuf*)frame); }

static uint32_t sleep_ms(void) { return sys_timeouts_sleeptime(); }

/* A delayed ACK waits del_ack_ticks ticks of the fast timer: until then the
 * fast timer does not see it. An ACK the timer sends starts the count again. */
static void check_timeouts(void) {
  int hidden[WS_SOCKETS] = {0}, delayed[WS_SOCKETS] = {0};
  const int ticked = sys_now() - last_tick_ms >= TCP_TMR_INTERVAL;
  if (ticked) last_tick_ms = sys_now();
  for (int i = 0; i < WS_SOCKETS; ++i) {
    struct tcp_pcb* pcb = socks[i].used && !socks[i].listening ? socks[i].pcb : NULL;
    if (!pcb || !(pcb->flags & TF_ACK_DELAY)) continue;
    if (del_ack_ticks > 1 && ticked && ++socks[i].ticks < del_ack_ticks) {
      tcp_clear_flags(pcb, TF_ACK_DELAY);
      hidden[i] = 1;
    } else {
      delayed[i] = 1;
    }
  }
  sys_check_timeouts();
  for (int i = 0; i < WS_SOCKETS; ++i) {
    struct tcp_pcb* pcb = socks[i].used ? socks[i].pcb : NULL;
    if (!pcb) continue;
    if (hidden[i]) tcp_set_flags(pcb, TF_ACK_DELAY);
    if (delayed[i] && !(pcb->flags & TF_ACK_DELAY)) socks[i].unacked = socks[i].ticks = 0;
  }
}

#define ID(arg) ((int)(intptr_t)(arg) - 1) /* a socket's arg is its id + 1: NULL is none */

/* Received data waits (held) until the application reads it. */
static err_t on_recv(void* arg, struct tcp_pcb* pcb, struct pbuf* p, err_t err) {
  struct sock* k = sock_of(ID(arg));
  if (err != ERR_OK) return err;
  if (!k) {
    if (p) pbuf_free(p);
    return ERR_OK;
  }
  if (!p) {
    /* The peer's FIN: our side closes too. What is held stays readable; it no
     * longer needs window, and lwIP would answer a close with data unread by a
     * reset. */
    if (k->held) tcp_recved(pcb, k->held->tot_len);
    tcp_arg(pcb, NULL);
    tcp_recv(pcb, NULL);
    tcp_sent(pcb, NULL);
    tcp_err(pcb, NULL);
    tcp_close(pcb);
    k->pcb = NULL;
    host.event(host.ctx, WS_LWIP_CLOSED, ID(arg));
    return ERR_OK;
  }
  if (ndk_tcp) { /* NDK's tcpin.c: TF_DELACK for in-order data, TF_ACKNOW only with PSH */
    if (p->flags & PBUF_FLAG_PUSH) {
      tcp_set_flags(pcb, TF_ACK_NOW);
    } else {
      tcp_clear_flags(pcb, TF_ACK_NOW);
      tcp_set_flags(pcb, TF_ACK_DELAY);
    }
  }
  if (ack_every) { /* this runs before lwIP sends the ACK it decided on */
    k->unacked += (p->tot_len + TCP_MSS - 1) / TCP_MSS;
    if (k->unacked >= ack_every) {
      k->unacked = k->ticks = 0;
      tcp_set_flags(pcb, TF_ACK_NOW);
    } else {
      tcp_clear_flags(pcb, TF_ACK_NOW);
      tcp_set_flags(pcb, TF_ACK_DELAY);
    }
  }
  if (k->held) pbuf_cat(k->held, p);
  else k->held = p;
  host.event(host.ctx, WS_LWIP_READABLE, ID(arg));
  return ERR_OK;
}

static err_t on_sent(void* arg, struct tcp_pcb* pcb, u16_t len) {
  (void)pcb;
  (void)len;
  host.event(host.ctx, WS_LWIP_SENT, ID(arg));
  return ERR_OK;
}

static void on_error(void* arg, err_t err) {
  struct sock* k = sock_of(ID(arg));
  (void)err;
  if (k) k->pcb = NULL; /* lwIP has freed it */
  host.event(host.ctx, WS_LWIP_ERROR, ID(arg));
}

static void attach(struct tcp_pcb* pcb, int id) {
  socks[id].pcb = pcb;
  tcp_arg(pcb, (void*)(intptr_t)(id + 1));
  tcp_recv(pcb, on_recv);
  tcp_sent(pcb, on_sent);
  tcp_err(pcb, on_error);
  if (!nagle) tcp_nagle_disable(pcb);
  if (initial_rto_ms && pcb->nrtx == 0 && pcb->rttest == 0) /* no sample yet: the estimator's start */
    pcb->rto = pcb->sv = (s16_t)LWIP_MAX(1, initial_rto_ms / TCP_SLOW_INTERVAL);
}

/* A new connection on a listener gets its own socket; the event names it. */
static err_t on_accept(void* arg, struct tcp_pcb* pcb, err_t err) {
  (void)arg;
  if (err != ERR_OK || !pcb) return ERR_VAL;
  const int id = sock_new();
  if (id < 0) return ERR_MEM; /* no socket: lwIP refuses the connection */
  attach(pcb, id);
  host.event(host.ctx, WS_LWIP_CONNECTED, id);
  return ERR_OK;
}

static int tcp_listen_on(uint16_t port) {
  const int id = sock_new();
  struct tcp_pcb* pcb = id >= 0 ? tcp_new() : NULL;
  if (!pcb || tcp_bind(pcb, IP4_ADDR_ANY, port) != ERR_OK) {
    if (pcb) tcp_close(pcb);
    if (id >= 0) socks[id].used = 0;
    return -1;
  }
  struct tcp_pcb* l = tcp_listen(pcb);
  if (!l) {
    socks[id].used = 0;
    return -1;
  }
  socks[id].pcb = l;
  socks[id].listening = 1;
  tcp_arg(l, (void*)(intptr_t)(id + 1));
  tcp_accept(l, on_accept);
  return id;
}

static err_t on_connected(void* arg, struct tcp_pcb* pcb, err_t err) {
  (void)pcb;
  if (err != ERR_OK) return err;
  host.event(host.ctx, WS_LWIP_CONNECTED, ID(arg));
  return ERR_OK;
}

static int tcp_connect_to(uint32_t ip, uint16_t port) {
  ip4_addr_t a;
  const int id = sock_new();
  struct tcp_pcb* pcb = id >= 0 ? tcp_new() : NULL;
  if (!pcb) {
    if (id >= 0) socks[id].used = 0;
    return -1;
  }
  attach(pcb, id);
  a.addr = lwip_htonl(ip);
  if (tcp_connect(pcb, &a, port, on_connected) != ERR_OK) {
    tcp_abort(pcb);
    socks[id].used = 0;
    return -1;
  }
  return id;
}

static uint32_t tcp_write_some(int id, const uint8_t* data, uint32_t n) {
  struct sock* k = sock_of(id);
  if (!k || !k->pcb || k->listening) return 0;
  uint32_t room = tcp_sndbuf(k->pcb);
  if (n > room) n = room;
  if (n > 0xFFFF) n = 0xFFFF; /* tcp_write takes a u16_t length */
  if (n == 0 || tcp_write(k->pcb, data, (u16_t)n, TCP_WRITE_FLAG_COPY) != ERR_OK) return 0;
  /* lwIP sets the window as the connection is established (on a passive open after the accept callback):
   * the first write is where the stand-in gives every connection the profile's. */
  if (initial_cwnd && !k->cwnd_set) {
    k->pcb->cwnd = (tcpwnd_size_t)LWIP_MIN(initial_cwnd, 0xFFFFu);
    k->cwnd_set = 1;
  }
  tcp_output(k->pcb);
  return n;
}

static uint32_t sndbuf(int id) {
  struct sock* k = sock_of(id);
  return k && k->pcb && !k->listening ? tcp_sndbuf(k->pcb) : 0;
}

static uint32_t tcp_read_some(int id, uint8_t* dst, uint32_t max) {
  struct sock* k = sock_of(id);
  if (!k || !k->held) return 0;
  if (max > k->held->tot_len) max = k->held->tot_len;
  const u16_t n = pbuf_copy_partial(k->held, dst, (u16_t)(max > 0xFFFF ? 0xFFFF : max), 0);
  k->held = pbuf_free_header(k->held, n);
  if (k->pcb) tcp_recved(k->pcb, n);
  return n;
}

static uint32_t tcp_readable(int id) {
  struct sock* k = sock_of(id);
  return k && k->held ? k->held->tot_len : 0;
}

/* Closes a connection (a FIN after what is queued) or a listener; what was
 * received and not read is dropped. The id is free again. */
static void tcp_close_id(int id) {
  struct sock* k = sock_of(id);
  if (!k) return;
  if (k->pcb) {
    tcp_arg(k->pcb, NULL);
    if (!k->listening) {
      tcp_recv(k->pcb, NULL);
      tcp_sent(k->pcb, NULL);
      tcp_err(k->pcb, NULL);
    }
    if (tcp_close(k->pcb) != ERR_OK) tcp_abort(k->pcb);
  }
  if (k->held) pbuf_free(k->held);
  k->used = 0;
}

static uint16_t tcp_local_port(int id) {
  struct sock* k = sock_of(id);
  return k && k->pcb ? k->pcb->local_port : 0;
}

static uint32_t wnd(void) { return TCP_WND; }

static void on_udp(void* arg, struct udp_pcb* pcb, struct pbuf* p, const ip_addr_t* addr, u16_t port) {
  (void)arg;
  (void)pcb;
  (void)addr;
  (void)port;
  if (udp_count == udp_limit) {
    ++counts.udp_mbox_full;
    pbuf_free(p);
    return;
  }
  udp_queue[(udp_head + udp_count++) % (sizeof udp_queue / sizeof udp_queue[0])] = p;
  host.event(host.ctx, WS_LWIP_READABLE, -1);
}

static int udp_bind_on(uint16_t port) {
  if (!udp) udp = udp_new();
  if (!udp || udp_bind(udp, IP4_ADDR_ANY, port) != ERR_OK) return -1;
  udp_recv(udp, on_udp, NULL);
  return 0;
}

static int udp_connect_to(uint32_t ip, uint16_t port) {
  ip4_addr_t a;
  if (!udp) udp = udp_new();
  if (!udp) return -1;
  a.addr = lwip_htonl(ip);
  return udp_connect(udp, &a, port) == ERR_OK ? 0 : -1;
}

/* As lwip_sendto does (src/api/sockets.c, netbuf_ref; LWIP_NETIF_TX_SINGLE_PBUF
 * is 0): the payload goes by reference in a PBUF_REF, udp_sendto_if chains a
 * header pbuf before it, and the driver's copy is the only copy of the data.
 * The caller's buffer stays untouched until the driver has copied the frame. */
static int udp_send_some(const uint8_t* data, uint16_t n) {
  struct pbuf* p = udp ? pbuf_alloc(PBUF_TRANSPORT, 0, PBUF_REF) : NULL;
  if (!p) return -1;
  p->payload = (void*)data;
  p->len = p->tot_len = n;
  const err_t e = udp_send(udp, p);
  pbuf_free(p);
  return e == ERR_OK ? 0 : -1;
}

static int udp_read_one(uint8_t* dst, uint16_t max) {
  if (udp_count == 0) return -1;
  struct pbuf* p = udp_queue[udp_head];
  udp_head = (udp_head + 1) % (sizeof udp_queue / sizeof udp_queue[0]);
  --udp_count;
  const u16_t n = pbuf_copy_partial(p, dst, max, 0);
  pbuf_free(p);
  return n;
}

static uint32_t udp_waiting(void) { return udp_count; }

static void counters(ws_lwip_counters* out) { *out = counts; }

static int arp_resolved(uint32_t ip) {
  ip4_addr_t a;
  struct eth_addr* mac;
  const ip4_addr_t* found;
  a.addr = lwip_htonl(ip);
  return etharp_find_addr(&nif, &a, &mac, &found) >= 0;
}

static void arp_request(uint32_t ip) {
  ip4_addr_t a;
  a.addr = lwip_htonl(ip);
  etharp_request(&nif, &a);
}

static const ws_lwip_api api = {WS_LWIP_PROFILE, init, rx_alloc, rx_input, rx_free, tx_pieces, tx_free,
                                sleep_ms, check_timeouts, tcp_listen_on, tcp_connect_to, tcp_write_some, sndbuf,
                                tcp_read_some, tcp_readable, tcp_close_id, tcp_local_port, wnd, udp_bind_on,
                                udp_connect_to, udp_send_some,
                                udp_read_one, udp_waiting, counters, arp_request, arp_resolved};

const ws_lwip_api* WS_LWIP_ENTRY(void) { return &api; }
