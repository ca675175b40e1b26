// The gianfar driver's parameters: its rings and qdisc, the eTSEC's interrupt
// coalescing it programs, its build options and the instructions of its paths.
#include "workloads/drivers/gianfar.hpp"

#include <algorithm>

namespace ws::drivers {

const Bindings<Gianfar::Config>& Gianfar::bindings() {
  using C = Config;
  using K = ParamSpec::Kind;
  // RXIC/TXIC: a frame count (0 and a timer of 0: off) and a timer in ticks of
  // 64 interface clocks (512 ns at 1 Gbit/s).
  const auto frames = [](eth::Etsec::Coalescing C::*dir) {
    return [dir](C& c, const ParamTable& p, const std::string& key) {
      const auto n = unsigned(p.i(key));
      (c.*dir).frames = std::max(1u, n);
      (c.*dir).on = (c.*dir).on || n > 0;
    };
  };
  const auto usecs = [](eth::Etsec::Coalescing C::*dir) {
    return [dir](C& c, const ParamTable& p, const std::string& key) {
      (c.*dir).ticks = unsigned(p.r(key) / 0.512 + 0.5);
      (c.*dir).on = (c.*dir).on || (c.*dir).ticks > 0;
    };
  };
  const auto cost = [](double Costs::*member) {
    return [member](C& c, const ParamTable& p, const std::string& key) { c.costs.*member = p.r(key); };
  };
  const auto instructions = [](const char* key, const char* meaning) {
    return model_number(key, K::Real, 0, 1e6, "instructions", meaning);
  };
  static const Bindings<C> b =
      Bindings<C>()
          .number("rx_bds", &C::rx_bds, K::Int, 8, 512, "BDs", "Rx ring")
          .number("tx_bds", &C::tx_bds, K::Int, 8, 512, "BDs", "Tx ring")
          .number("txqueuelen", &C::txqueuelen, K::Int, 1, 10000, "frames", "the qdisc's limit")
          .derived(model_number("rx_coalesce_frames", K::Int, 0, 255, "frames",
                                "RXIC frame threshold; 0 with 0 us: coalescing off"),
                   frames(&C::rx_coalescing))
          .derived(model_number("rx_coalesce_usecs", K::Real, 0, 1000, "us", "RXIC timer (in 512 ns ticks at GbE)"),
                   usecs(&C::rx_coalescing))
          .derived(model_number("tx_coalesce_frames", K::Int, 0, 255, "frames", "TXIC frame threshold"),
                   frames(&C::tx_coalescing))
          .derived(model_number("tx_coalesce_usecs", K::Real, 0, 1000, "us", "TXIC timer"), usecs(&C::tx_coalescing))
          .flag("napi", &C::napi, {"on", "off"}, "on",
                "CONFIG_GFAR_NAPI: poll from NET_RX (on) or receive in the hardirq through netif_rx's backlog (off)")
          .flag("skb_recycle", &C::skb_recycle, {"off", "on"}, "on",
                "sent skbs go back to the device's Rx refill instead of a free and an alloc")
          .derived(instructions("irq_instructions",
                                "gfar_receive/gfar_transmit: read and clear the events, mask them, napi_schedule"),
                   cost(&Costs::irq))
          .derived(instructions("poll_instructions", "one gfar_poll call, its packets excluded"), cost(&Costs::poll))
          .derived(instructions("rx_packet_instructions",
                                "gfar_clean_rx_ring per frame: the BD, the skb's fields, eth_type_trans"),
                   cost(&Costs::rx_packet))
          .derived(instructions("skb_alloc_instructions", "a fresh skb for the Rx BD (netdev_alloc_skb)"),
                   cost(&Costs::skb_alloc))
          .derived(instructions("skb_free_instructions", "dev_kfree_skb of a sent frame"), cost(&Costs::skb_free))
          .derived(instructions("tx_clean_instructions", "gfar_clean_tx_ring per BD"), cost(&Costs::tx_clean))
          .derived(instructions("xmit_instructions", "dev_queue_xmit: the qdisc's enqueue and dequeue"),
                   cost(&Costs::xmit))
          .derived(instructions("start_xmit_instructions", "gfar_start_xmit: the Tx BD, TSTAT"),
                   cost(&Costs::start_xmit))
          .derived(instructions("netif_rx_instructions",
                                "without NAPI: netif_rx's enqueue and process_backlog's dequeue, per frame"),
                   cost(&Costs::netif_rx))
          .derived(instructions("recycle_instructions",
                                "skb recycling: skb_recycle_check and the rx_recycle queue, per skb each way"),
                   cost(&Costs::recycle));
  return b;
}

}  // namespace ws::drivers
