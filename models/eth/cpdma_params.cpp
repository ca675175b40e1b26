// The Cpdma's keys: its port's FIFO, its work per descriptor, interrupt pacing, checksum offload.
#include "models/eth/cpdma.hpp"

namespace ws::eth {

const Bindings<Cpdma::Config>& Cpdma::Config::bindings() {
  using C = Cpdma::Config;
  using K = ParamSpec::Kind;
  static const Bindings<C> b =
      Bindings<C>()
          .number("rx_fifo_bytes", &C::rx_fifo_bytes, K::Int, 2048, 262144, "B",
                  "the host port's Rx FIFO: frames wait here while the DMA has no free buffer")
          .number("desc_ns", &C::desc_ns, K::Real, 0, 10000, "ns", "the DMA's work on one descriptor beyond its bus accesses")
          .number("rx_irq_per_ms", &C::rx_irq_per_ms, K::Int, 0, 63, "interrupts/ms",
                  "Rx interrupt pacing target (INT_MAX; 0: pacing off)")
          .number("tx_irq_per_ms", &C::tx_irq_per_ms, K::Int, 0, 63, "interrupts/ms",
                  "Tx interrupt pacing target (INT_MAX; 0: pacing off)")
          .number("pace_tick_us", &C::pace_tick_us, K::Real, 0.1, 100, "us", "the pacing prescaler's tick")
          .flag("checksum_offload", &C::checksum_offload, {"on", "off"}, "on",
                "the host port checks received and inserts sent IPv4, TCP and UDP checksums");
  return b;
}

}  // namespace ws::eth
