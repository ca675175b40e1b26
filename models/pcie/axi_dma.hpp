#pragma once
// A DMA engine on the AXI side of a PCIe controller, as an FPGA has them: the
// PCIe block's own DMA, or a soft DMA in the fabric that reaches the block
// through its AXI slave. One transfer moves as AXI requests (bursts) of at most
// `burst_beats` beats, never across a 4 KB boundary (AMBA AXI, A3.4.1), with at most
// `outstanding` in flight. Every byte crosses one AXI data path of `bytes_per_beat`
// per clock.
// A write request reads local memory and streams its beats into the
// controller, which cuts them into MWr TLPs of the link's MPS; it is in flight
// until the controller has taken its last beat (the bridge's write response).
// A read request becomes MRds (the controller cuts it at MRRS and waits for
// tags); its completions cross the data path into local memory, and it is in
// flight until its last byte is written there.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>
#include "models/pcie/dma_job.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"

namespace ws::pcie {

struct AxiDmaConfig {
  double clock_hz = 250e6;      // AXI clock of the engine's data path
  unsigned bytes_per_beat = 8;  // AXI data width
  unsigned burst_beats = 256;   // largest request the engine issues, in beats
  unsigned outstanding = 4;     // requests in flight at once
  double request_cycles = 1;    // address phase per request on the engine's one issue port, AXI cycles
};

class AxiDma : public sc_core::sc_module {
 public:
  AxiDma(sc_core::sc_module_name name, const AxiDmaConfig& cfg, Scheduler& sched, StatsRegistry& stats,
         PcieController& pcie);
  // "<prefix>.clock_mhz", ".bytes_per_beat", ".burst_beats", ".outstanding",
  // ".request_cycles": declares them and builds the Config.
  static const Bindings<AxiDmaConfig>& bindings();

  tlm_utils::simple_initiator_socket<AxiDma> mem;

  // Starts one transfer (the engine is idle); `job.remote` is in the controller's outbound window.
  void start(DmaJob job);
  bool busy() const { return busy_; }
  const AxiDmaConfig& config() const { return cfg_; }
  // Bytes of read transfers written into local memory, and when the last landed.
  uint64_t read_bytes_landed() const { return read_bytes_landed_; }
  sc_core::sc_time last_read_landed() const { return last_read_landed_; }
  uint64_t requests_issued() const { return requests_; }

 private:
  uint32_t next_request_bytes() const;
  sc_core::sc_time issue_request();  // books the address phase; returns when it ends
  void pump_reads();
  void step_write();
  void request_done();
  sc_core::sc_time move_time(uint32_t n) const {
    return clk_.cycles(double((n + cfg_.bytes_per_beat - 1) / cfg_.bytes_per_beat));
  }

  AxiDmaConfig cfg_;
  ClockDomain clk_;
  Scheduler& sched_;
  PcieController& pcie_;
  BusyServer issue_;     // the address channel: one request at a time
  BusyServer datapath_;  // the data channel: one beat per clock
  DmaJob job_;
  bool busy_ = false;
  uint32_t issued_ = 0;        // bytes whose request has been issued
  uint32_t request_end_ = 0;   // write: where the request being streamed ends
  uint32_t cursor_ = 0;        // write: bytes handed to the controller
  sc_core::sc_time request_ready_;  // write: when the streamed request's address phase ended
  unsigned in_flight_ = 0;
  bool room_wait_ = false;  // write: waiting for the controller's posted room
  std::vector<uint8_t> piece_;
  uint64_t read_bytes_landed_ = 0, requests_ = 0;
  sc_core::sc_time last_read_landed_;
};

}  // namespace ws::pcie
