#pragma once
// A DesignWare-style Ethernet MAC with its DMA (the Cortex-A7 board's EMAC):
// Rx and Tx descriptor rings in simulated memory (normal 16-byte descriptors:
// OWN bit, end of ring or chained, buffer size), DMA of the real frame bytes
// through the bus, the MAC's Rx FIFO (a full FIFO drops the frame, counted),
// poll demand registers, and an interrupt with status bits the driver clears
// by writing them (write 1 to clear).
//
// Rx: a frame waits in the FIFO while the DMA stores the one before. A DMA
// that finds the next descriptor the host's suspends (status RU, set on
// entering suspend) and discards the frame at the top of the FIFO (the
// missed-frame counter, `rx_missed`); a receive poll demand or the next
// frame's arrival makes it fetch the descriptor again (ESP32 TRM and Cyclone V
// HPS EMAC, "Receive Buffer Unavailable"; TI SLAU723A for the discard). With
// checksum offload on (MAC configuration IPC) the DMA checks each frame's IPv4
// and TCP/UDP checksums and flags a bad one in RDES0 (error summary).
// Tx: on a Tx poll demand the DMA takes descriptors while it owns them, reads
// each frame's bytes, inserts the IPv4 and TCP/UDP checksums where the
// descriptor asks (TDES1 CIC = full), and fetches the next descriptor as the
// wire starts the frame; the MAC appends the FCS. A frame fits one buffer (no
// scatter in this model). The interrupt output is level: asserted while an
// enabled status bit is set, so a bit set again while the handler runs and
// cleared with what it read is lost (Intel HPS EMAC: "Interrupts are not
// queued"). The interrupt controller takes it as a level (a bit left set
// after a clear interrupts again) or as an edge (only a rising output
// interrupts: a bit set between the handler's read and its clear keeps the
// output high, and no interrupt comes until the status is cleared whole).
#include <cstdint>
#include <string>
#include "models/eth/mac_dma.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::eth {

namespace dw {
constexpr uint32_t kDescBytes = 16;
constexpr uint32_t kOwn = 1u << 31;          // DES0: the DMA owns the descriptor
constexpr uint32_t kRxErrorSummary = 1u << 15;
constexpr uint32_t kRxIpHeaderError = 1u << 7, kRxPayloadChecksumError = 1u << 0;  // RDES0 with IPC offload
constexpr uint32_t kRxFirst = 1u << 9, kRxLast = 1u << 8;
constexpr unsigned kRxLengthShift = 16;      // RDES0 29:16: frame length, FCS included
constexpr uint32_t kTxIrqOnComplete = 1u << 31, kTxLast = 1u << 30, kTxFirst = 1u << 29;  // TDES1
constexpr uint32_t kTxChecksumFull = 3u << 27;  // TDES1 CIC: IPv4 header and TCP/UDP with pseudo header
constexpr uint32_t kEndOfRing = 1u << 25, kChained = 1u << 24;  // DES1
constexpr uint32_t kBufferSize = 0x7FF;      // DES1 10:0
struct Desc {
  uint32_t des0 = 0, des1 = 0, des2 = 0, des3 = 0;  // status, control, buffer, next (chained)
};
inline void encode(const Desc& d, uint8_t out[kDescBytes]) { put_desc(d, out); }
inline Desc decode(const uint8_t in[kDescBytes]) { return get_desc<Desc>(in); }
}  // namespace dw

class DwEmac : public MacDma {
 public:
  struct Config {
    double bits_per_s;       // 100 Mbit/s (EMAC) or 1 Gbit/s (EMAC1)
    uint32_t rx_fifo_bytes;
    double desc_ns;          // the DMA's work on one descriptor, beyond its bus accesses
    bool edge_irq = false;   // the interrupt controller latches rising edges only
  };
  // Status (and interrupt enable) bits, as the DMA status register has them.
  static constexpr uint32_t kTi = 1u << 0, kTu = 1u << 2, kRi = 1u << 6, kRu = 1u << 7;
  // "<prefix>.rx_fifo_bytes", "<prefix>.desc_ns", "<prefix>.irq_trigger".
  static void declare_params(ParamTable& t, const std::string& prefix);
  // Its Config at `bits_per_s` (the port's, a board fact) from those keys.
  static Config from(const ParamTable& p, const std::string& prefix, double bits_per_s);

  DwEmac(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool,
         IrqController& pic, unsigned irq_source);

  // --- registers, written by the driver (Cpu::reg_access effects) ---
  void set_rx_ring(uint64_t base) { rx_base_ = rx_cur_ = base; }
  void set_tx_ring(uint64_t base) { tx_base_ = tx_cur_ = base; }
  void set_interrupt_enable(uint32_t bits);
  void rx_poll_demand();
  void tx_poll_demand();
  void set_rx_checksum_offload(bool on) { rx_checksum_ = on; }  // MAC configuration IPC
  uint32_t status() const { return status_; }
  void clear_status(uint32_t bits);

 private:
  void rx_step() override;
  void rx_store(Frame* f, const dw::Desc& d, const sc_core::sc_time& at);
  void tx_step();
  uint64_t next(uint64_t cur, uint64_t base, const dw::Desc& d) const;
  dw::Desc read_desc(uint64_t addr, sc_core::sc_time& delay);
  void raise(uint32_t bits);

  Config cfg_;
  IrqController& pic_;
  unsigned irq_;
  uint64_t rx_base_ = 0, rx_cur_ = 0, tx_base_ = 0, tx_cur_ = 0;
  bool rx_suspended_ = false, rx_checksum_ = false;
  uint32_t status_ = 0, enable_ = 0;
};

}  // namespace ws::eth
