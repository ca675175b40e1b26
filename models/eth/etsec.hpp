#pragma once
// An eTSEC (the MPC8572's gigabit controller, Linux's gianfar): Rx and Tx
// rings of Freescale 8-byte buffer descriptors in memory (the QE's layout:
// E/R, W, I, L, F; models/qe/buffer_descriptor.hpp), DMA of the real frame
// bytes through the bus, the MAC's Rx FIFO (full: the frame is dropped,
// counted), three interrupt sources (Tx, Rx, error) behind IEVENT/IMASK, and
// interrupt coalescing per direction (RXIC/TXIC): an event is raised once
// `frames` frames have completed, or `ticks` ticks of 64 interface clocks
// (512 ns at 1 Gbit/s) after the first frame since the last one, whichever
// comes first; off, every frame raises it.
//
// Rx: a frame takes the BD at the ring's cursor if it is empty (E), its bytes
// and their FCS go to the BD's buffer, the BD closes (E clear, F and L set,
// the length with the FCS); no empty BD: the frame is dropped, IEVENT's BSY
// set (an error interrupt) and the queue halted (RSTAT's QHLT): no BD is read
// and frames wait in the FIFO (dropped there once it is full) until software
// clears the halt. Linux does so at the end of every NAPI poll that finishes
// under budget (2.6.26 drivers/net/gianfar.c, gfar_poll: "Clear the halt bit
// in RSTAT", RSTAT_CLEAR_RHALT). Tx: on a transmit demand (TSTAT's THLT cleared)
// the DMA takes BDs while they are ready (R), sends each frame (the MAC
// appends the FCS) and closes the BD (R clear) once it is out.
#include <cstdint>
#include <string>
#include "models/eth/mac_dma.hpp"
#include "models/irq/irq_controller.hpp"
#include "models/mem/snoop_domain.hpp"
#include "models/qe/buffer_descriptor.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::eth {

class Etsec : public MacDma {
 public:
  struct Config {
    double bits_per_s;
    uint32_t rx_fifo_bytes;
    double bd_ns;  // the DMA's work on one BD beyond its bus accesses
  };
  struct Coalescing {
    bool on = false;
    unsigned frames = 1;  // ICFT
    unsigned ticks = 0;   // ICTT, in 64 interface clocks
  };
  struct Irqs {
    unsigned tx, rx, err;  // interrupt controller sources
  };
  // IEVENT bits (gianfar.h IEVENT_*), and the group of each interrupt source.
  static constexpr uint32_t kTxFrame = 0x00100000, kRxFrame = 0x00000080, kBusy = 0x20000000;
  // "<prefix>.rx_fifo_bytes", "<prefix>.bd_ns".
  static void declare_params(ParamTable& t, const std::string& prefix);
  // Its Config at `bits_per_s` (the port's, a board fact) from those keys.
  static Config from(const ParamTable& p, const std::string& prefix, double bits_per_s);

  Etsec(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats, FramePool& pool,
        IrqController& pic, const Irqs& irqs);

  // --- registers (Cpu::reg_access effects) ---
  void set_rx_ring(uint64_t base) { rx_ = {base, 0}; }
  void set_tx_ring(uint64_t base) { tx_ = {base, 0}; }
  void set_rx_coalescing(const Coalescing& c) { rx_ic_ = c; }
  void set_tx_coalescing(const Coalescing& c) { tx_ic_ = c; }
  void set_imask(uint32_t bits);
  uint32_t imask() const { return imask_; }
  uint32_t ievent() const { return ievent_; }
  void clear_ievent(uint32_t bits);  // write 1 to clear
  void transmit_demand();            // TSTAT: clear THLT
  void clear_rx_halt();              // RSTAT: write 1 to QHLT (the Rx queue takes frames again)
  bool rx_halted() const { return rx_halted_; }
  // The DMA snoops the cores' caches (the e500's coherent bus; unset: it does not).
  void snoop(SnoopDomain* domain) { snoop_ = domain; }

  sc_core::sc_time tick() const;     // 64 interface clocks

 private:
  struct Coalescer {
    unsigned count = 0;
    uint64_t timer = 0;  // the armed timer's generation (0: none)
  };
  void rx_step() override;
  void tx_step();
  void complete(Coalescer& c, const Coalescing& cfg, uint32_t event);  // a frame done: maybe raise `event`
  void raise(uint32_t bits);
  void assert_lines();
  qe::Bd read_bd(uint64_t addr, sc_core::sc_time& delay);
  void write_status(uint64_t addr, const qe::Bd& bd, const sc_core::sc_time& at);

  Config cfg_;
  IrqController& pic_;
  Irqs irqs_;
  qe::BdCursor rx_, tx_;
  Coalescing rx_ic_, tx_ic_;
  Coalescer rx_co_, tx_co_;
  SnoopDomain* snoop_ = nullptr;
  uint64_t timers_ = 0;
  uint32_t ievent_ = 0, imask_ = 0, asserted_ = 0;  // asserted_: the groups whose line is up
  bool demanded_ = false;  // a transmit demand since the Tx BD at the cursor was read
  bool rx_halted_ = false;  // RSTAT[QHLT]: a frame found the BD at the cursor not empty
};

}  // namespace ws::eth
