/* lwIP's architecture header for the simulator (NO_SYS=1, 64-bit Linux host). */
#ifndef WS_LWIP_ARCH_CC_H
#define WS_LWIP_ARCH_CC_H
#include <stdio.h>
#include <stdlib.h>
#define LWIP_PLATFORM_DIAG(x) do { printf x; } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { fprintf(stderr, "lwIP assertion: %s (%s:%d)\n", x, __FILE__, __LINE__); abort(); } while (0)
/* Each instance draws from its own seeded generator (glue.c): runs repeat. */
unsigned ws_lwip_rand(void);
#define LWIP_RAND() ((u32_t)ws_lwip_rand())
#define BYTE_ORDER LITTLE_ENDIAN
#endif
