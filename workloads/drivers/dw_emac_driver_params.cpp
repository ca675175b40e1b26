// The DwEmacDriver's keys: its Tx and Rx schemes, buffers, rings and costs.
#include "workloads/drivers/dw_emac_driver_config.hpp"

namespace ws::drivers {

const Bindings<DwEmacDriverConfig>& DwEmacDriverConfig::bindings() {
  using C = DwEmacDriverConfig;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .flag("tx", &C::tx_lookahead, {"wait", "lookahead"}, "lookahead",
                "wait: each frame waits for the previous one's completion; lookahead: waits only when every Tx "
                "descriptor is busy")
          .flag("rx", &C::rx_thread, {"per_irq", "thread"}, "thread",
                "per_irq: one frame per interrupt, copied in the handler; thread: the handler masks Rx and a thread "
                "drains a batch")
          .flag("dma_buffers", &C::dma_cached, {"cached", "uncached"}, "cached",
                "DMA buffers cacheable with cache maintenance, or in a non-cacheable region")
          .number("rx_descs", &C::rx_descs, K::Int, 2, 512, "descriptors", "Rx ring")
          .number("tx_descs", &C::tx_descs, K::Int, 2, 512, "descriptors", "Tx ring")
          .number("rx_budget", &C::rx_budget, K::Int, 1, 512, "frames",
                  "frames the Rx thread takes before it yields (drv.rx=thread)")
          .number("isr_instructions", &C::isr_instructions, K::Real, 0, 1e5, "instructions",
                  "the interrupt handler's own work: status read and dispatch")
          .number("rx_frame_instructions", &C::rx_frame_instructions, K::Real, 0, 1e5, "instructions",
                  "per received frame beyond its copy: descriptor, pbuf and mailbox handling")
          .number("tx_frame_instructions", &C::tx_frame_instructions, K::Real, 0, 1e5, "instructions",
                  "per sent frame beyond its copy: descriptor set-up and poll demand")
          .flag("rx_tick_poll", &C::rx_tick_poll, {"none", "drain"}, "drain",
                "at every OS tick the shipped handler (drv.rx=per_irq) is entered as if the EMAC had interrupted: "
                "none, or it takes the frames waiting in the ring, up to rx_tick_frames")
          .number("rx_tick_frames", &C::rx_tick_frames, K::Int, 1, 512, "frames",
                  "the most frames a tick's poll takes (drv.rx_tick_poll=drain)");
  return b;
}

}  // namespace ws::drivers
