#pragma once
// The MSC8156 HSSI DMA controller as the PCIe path uses it: channels each working
// through a queue of buffer descriptors (a chain), one descriptor engine shared by
// all channels (a fixed decode and set-up cost per descriptor; a descriptor linked
// to a running chain is also read from memory) and one data path of
// fixed width that moves every byte between local memory and the PCIe controller,
// in bursts: a piece's first burst reaches the controller while later bursts are
// still being read (the controller may start its TLP copy from the first).
// A write job reads local memory and posts MWr TLPs through the outbound window;
// the channel is busy until its last piece is in the controller. A read job
// hands its MRds to the controller and frees the channel at once (the tags carry
// the outstanding reads); its completions are written to local memory by the
// shared data path as they arrive, and the job is done when the last byte lands.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <deque>
#include <functional>
#include <vector>
#include "models/mem/direct_pages.hpp"
#include "models/pcie/dma_job.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/steady_state.hpp"

namespace ws::pcie {

struct DmaConfig {
  double clock_hz = 500e6;       // DMA engine clock
  double desc_cycles = 50;       // descriptor decode and set-up, engine cycles
  double bytes_per_cycle = 8;    // data path width
  uint32_t burst_bytes = 64;     // largest transfer on the system bus; pieces stream through in bursts
  double bd_fetch_cycles = 0;    // reading a descriptor linked to a running chain, engine cycles
  unsigned channels = 1;
  bool done_on_ack = false;      // a write is done when Acked, not when handed to the controller
};

class HssiDma : public sc_core::sc_module {
 public:
  HssiDma(sc_core::sc_module_name name, const DmaConfig& cfg, Scheduler& sched, StatsRegistry& stats,
          PcieController& pcie);
  // "dma.clock_mhz", ".desc_cycles", ".bytes_per_cycle", ".bd_fetch_cycles",
  // ".burst_bytes", ".channels", ".done".
  static void declare_params(ParamTable& t);

  tlm_utils::simple_initiator_socket<HssiDma> mem;

  // Appends a descriptor to a channel's chain; a job moves at least one byte.
  void submit(unsigned channel, DmaJob job);
  unsigned channels() const { return static_cast<unsigned>(chan_.size()); }
  // Bytes that read jobs' completions have written into local memory.
  uint64_t read_bytes_landed() const { return read_bytes_landed_; }
  // Its count of landed bytes gains with a skip; its engines, its channels and
  // their linked descriptors are its fingerprint.
  void track(SteadyState& s);

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  DirectPages direct_{64};  // the accesses' routes past the sockets
  // A descriptor waiting in a channel's chain, linked to it while the channel ran
  // (one handed to an idle channel starts from its registers and never waits). It
  // is read from memory, ahead (overlapped) only if the link was there when the
  // engine set up the descriptor before it. A read job frees its channel as soon
  // as its MRds are handed over, so a linked read descriptor has nothing to
  // overlap its read with.
  struct Queued {
    DmaJob job;
    bool prefetching = false;                          // read ahead while the previous one ran
    sc_core::sc_time fetched = sc_core::SC_ZERO_TIME;  // when that read ends
  };
  struct Channel {
    std::deque<Queued> chain;
    bool busy = false;
    DmaJob writing;       // the write job the channel is busy with
    uint32_t cursor = 0;  // its bytes handed to the controller
  };
  void start_next(unsigned ch);
  void set_up(unsigned ch, DmaJob job);  // on the descriptor engine, then run it
  void step_write(unsigned ch);
  void finish_write(unsigned ch);
  void start_read(unsigned ch, DmaJob job);
  sc_core::sc_time move_time(uint32_t n) const { return clk_.cycles(n / cfg_.bytes_per_cycle); }

  DmaConfig cfg_;
  ClockDomain clk_;
  Scheduler& sched_;
  PcieController& pcie_;
  BusyServer descriptors_;
  BusyServer datapath_;
  std::vector<Channel> chan_;
  std::vector<uint8_t> piece_;  // the piece being moved (the controller copies it into its TLP)
  uint64_t read_bytes_landed_ = 0;
};

DmaConfig dma_config(const ParamTable& p);

}  // namespace ws::pcie
