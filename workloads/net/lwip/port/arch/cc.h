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
/* lwIP's heap and pools start on a page: where their bytes fall within a page,
 * and so which cache sets their simulated addresses use (lwip_on_core.hpp),
 * is the same in every program the instance is linked into. */
#define LWIP_DECLARE_MEMORY_ALIGNED(variable_name, size) \
  u8_t variable_name[LWIP_MEM_ALIGN_BUFFER(size)] __attribute__((aligned(4096)))
#endif
