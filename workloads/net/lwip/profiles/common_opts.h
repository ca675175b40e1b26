/* Options every instance shares: lwIP's bare-metal mode (NO_SYS=1, raw API),
 * IPv4 over Ethernet with ARP, TCP and UDP, and the copy and checksum hooks
 * through which the simulator charges each one. Included by each profile's
 * lwipopts.h after its own sizes. */
#ifndef WS_LWIP_COMMON_OPTS_H
#define WS_LWIP_COMMON_OPTS_H
#include <stddef.h>
#define NO_SYS 1
#define LWIP_SOCKET 0
#define LWIP_NETCONN 0
#define SYS_LIGHTWEIGHT_PROT 0
#define MEM_ALIGNMENT 8 /* a 64-bit host: the default 1 breaks */
#define LWIP_IPV4 1
#define LWIP_IPV6 0
#define LWIP_ARP 1
#define LWIP_ETHERNET 1
#define LWIP_ICMP 1
#define LWIP_TCP 1
#define LWIP_UDP 1
#define LWIP_DHCP 0
#define LWIP_AUTOIP 0
#define LWIP_IGMP 0
#define LWIP_DNS 0
#define LWIP_STATS 0
#define LWIP_NETIF_STATUS_CALLBACK 0
#define LWIP_SINGLE_NETIF 1
#define TCP_MSS 1460
#define LWIP_CHKSUM_ALGORITHM 2
#define LWIP_CHECKSUM_CTRL_PER_NETIF 1 /* checksum offload as a run-time option (ws_lwip_options) */
/* Every copy and checksum lwIP makes goes through the instance's host. */
void ws_lwip_copy(void* dst, const void* src, size_t n);
unsigned short ws_lwip_chksum(const void* data, int len);
#define LWIP_CHKSUM ws_lwip_chksum
#define MEMCPY(dst, src, len) ws_lwip_copy((dst), (src), (len))
#define SMEMCPY(dst, src, len) ws_lwip_copy((dst), (src), (len))
#endif
