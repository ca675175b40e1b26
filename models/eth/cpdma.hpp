#pragma once
// TI's CPSW host port with its CPPI DMA (CPDMA), as on the AM261x's CPSW3G
// (one MAC port to the wire here): buffer descriptors in memory, each 16 B
// (next descriptor, buffer pointer, buffer offset and length, packet flags
// and length: TI mcupsdk-enet-lld src/dma/cpdma/enet_cpdma_priv.h), chained
// by their next pointers into queues the host hands over by writing a
// channel's head pointer (HDP). The DMA owns a descriptor while its OWNER flag
// is set; it clears it, sets EOQ on the last of a queue and raises the
// channel's (paced) interrupt when a packet is done.
//
// Rx: a frame waits in the port's Rx FIFO while the DMA stores the one before;
// with no free descriptor the DMA waits for the host (starvation) and the FIFO
// fills, then drops (counted). One descriptor a frame (the SDK's 1536 B
// buffers). With checksum offload the DMA checks IPv4 and TCP/UDP checksums
// and flags a bad one in the packet flags.
// Tx: a packet is a chain of descriptors from SOP to EOP whose buffers are
// gathered (scatter-gather, at most 4 pieces); an SOP with CHKSUM_ENCAP
// carries a checksum word and asks the DMA to insert the TCP/UDP and IPv4
// checksums. Descriptors stay in memory; every access goes over the bus.
#include <cstdint>
#include <string>
#include "models/eth/interrupt_pacer.hpp"
#include "models/eth/mac_dma.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::eth {

namespace cpdma {
constexpr uint32_t kDescBytes = 16;
constexpr uint32_t kSop = 1u << 31, kEop = 1u << 30, kOwner = 1u << 29, kEoq = 1u << 28;
constexpr uint32_t kChecksumEncap = 1u << 14;   // Tx SOP: the buffer is the checksum word
constexpr uint32_t kRxChecksumError = 1u << 13;  // Rx: offload found a bad checksum
constexpr uint32_t kLengthMask = 0xFFF;
struct Desc {
  uint32_t next = 0, buffer = 0, off_len = 0, flags_len = 0;
};
inline void encode(const Desc& d, uint8_t out[kDescBytes]) { put_desc(d, out); }
inline Desc decode(const uint8_t in[kDescBytes]) { return get_desc<Desc>(in); }
}  // namespace cpdma

class Cpdma : public MacDma {
 public:
  struct Config {
    double bits_per_s = 1e9;
    uint32_t rx_fifo_bytes = 0;
    double desc_ns = 0;           // the DMA's work on one descriptor beyond its bus accesses
    unsigned rx_irq_per_ms = 0;   // interrupt pacing targets (0: off)
    unsigned tx_irq_per_ms = 0;
    double pace_tick_us = 4;      // the pacing prescaler's tick
    bool checksum_offload = true; // host port Rx and Tx checksum offload
    static const Bindings<Config>& bindings();
  };
  static constexpr unsigned kRxIrq = 0, kTxIrq = 1;  // offsets from `irq_base`

  Cpdma(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool,
        IrqController& pic, unsigned irq_base);

  // --- registers (Cpu::reg_access effects) ---
  void write_rx_hdp(uint64_t desc);  // a queue of free buffers for an idle channel
  void write_tx_hdp(uint64_t desc);  // a queue of packets for an idle channel
  // The channel has fetched the last descriptor of its queue (next 0): it will
  // not read a link made now, and takes a head pointer (EOQ is written later,
  // when that descriptor's frame is done).
  bool rx_queue_ended() const { return rx_cur_ == 0; }
  bool tx_queue_ended() const { return tx_cur_ == 0; }

  const InterruptPacer& rx_pacer() const { return rx_pace_; }
  const InterruptPacer& tx_pacer() const { return tx_pace_; }

 private:
  void rx_step() override;
  void tx_step();
  cpdma::Desc read_desc(uint64_t addr, sc_core::sc_time& delay);
  void write_flags(uint64_t addr, uint32_t flags, const sc_core::sc_time& at);
  [[noreturn]] void throw_active(const char* channel, uint64_t desc, uint64_t cur) const;
  [[noreturn]] void throw_host_error(const char* channel, uint64_t desc) const;

  Config cfg_;
  InterruptPacer rx_pace_, tx_pace_;
  uint64_t rx_cur_ = 0, tx_cur_ = 0;  // the channel's current descriptor (0: idle)
};

}  // namespace ws::eth
