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
//
// The local side: with `local_burst_bytes` set, local memory is reached
// through a fabric interconnect that lets the engine keep one burst in flight
// (CoreAXI4Interconnect's OPEN_TRANS_MAX 1): a write request's data is read in
// bursts of that size, a read's completions written in them, each holding the
// path for the memory's own time and the interconnect's turnaround
// (`local_read_ns`, `local_write_ns`: the read's first data, the write's
// response). A staging engine (`buffers` > 0, a soft DMA that reads into its
// own buffers and writes them out, as CoreAXI4DMAController does) frees a read
// request when its data is in a buffer; the buffer frees when written out.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <deque>
#include <utility>
#include <vector>
#include "models/mem/direct_pages.hpp"
#include "models/pcie/dma_job.hpp"
#include "models/pcie/pcie_controller.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/busy_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/param.hpp"
#include "models/sim/scheduler.hpp"
#include "models/sim/stats.hpp"
#include "models/sim/steady_state.hpp"

namespace ws::pcie {

struct AxiDmaConfig {
  double clock_hz = 250e6;      // AXI clock of the engine's data path
  unsigned bytes_per_beat = 8;  // AXI data width
  unsigned burst_beats = 256;   // largest request the engine issues, in beats
  unsigned outstanding = 4;     // requests in flight at once
  double request_cycles = 1;    // address phase per request on the engine's one issue port, AXI cycles
  unsigned local_burst_bytes = 0;  // bursts to local memory, one in flight (0: as the requests, no limit)
  double local_read_ns = 0;        // a local read burst's turnaround beyond the memory's time
  double local_write_ns = 0;       // a local write burst's response beyond the memory's time
  unsigned buffers = 0;            // staging buffers of a request each (0: completions go straight to memory)
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
  // A period is the far address's 4 KB (requests never cross it, so their sizes
  // repeat each 4 KB): the engine offers a steady-state skip as a request starts
  // on such a boundary. `move(offset, n)` moves the bytes [offset, offset + n)
  // of the transfer that a skip takes as done.
  void track(SteadyState& s, std::function<void(uint64_t offset, uint64_t n)> move);

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  DirectPages direct_{64};  // the accesses' routes past the sockets
  uint32_t next_request_bytes() const;
  sc_core::sc_time issue_request();  // books the address phase; returns when it ends
  void pump_reads();
  void step_write();
  void request_done(bool buffer_only = false);  // buffer_only: a staging buffer written out, no request
  void period_boundary();  // a request is about to start; a skip moves every position alike
  // One burst of `n` bytes between local memory and `data` through the local
  // path, from `ready` at the earliest; returns when it is done.
  sc_core::sc_time local_burst(bool write, uint64_t addr, uint8_t* data, uint32_t n, const sc_core::sc_time& ready);
  // A read request's bytes [off, off + n) have arrived: into local memory (staged: out of its buffer).
  void land(uint32_t off, uint32_t n, const sc_core::sc_time& arrived);
  sc_core::sc_time move_time(uint32_t n) const {
    return clk_.cycles(double((n + cfg_.bytes_per_beat - 1) / cfg_.bytes_per_beat));
  }

  AxiDmaConfig cfg_;
  ClockDomain clk_;
  Scheduler& sched_;
  PcieController& pcie_;
  BusyServer issue_;     // the address channel: one request at a time
  BusyServer datapath_;  // the data channel: one beat per clock
  BusyServer local_;     // the local memory path: one burst at a time
  DmaJob job_;
  bool busy_ = false;
  uint64_t issued_ = 0;        // bytes whose request has been issued
  uint32_t request_end_ = 0;   // write: where the request being streamed ends
  uint32_t cursor_ = 0;        // write: bytes handed to the controller
  sc_core::sc_time request_ready_;  // write: when the streamed request's address phase ended
  unsigned in_flight_ = 0;
  unsigned buffers_busy_ = 0;          // staged: buffers holding data not yet written out
  // write: local bursts read ahead of the stream (a staging engine's buffers:
  // the next is read while one streams), their end and when each was read.
  std::deque<std::pair<uint32_t, sc_core::sc_time>> read_ahead_;
  uint32_t read_to_ = 0;  // write: local bytes read so far
  bool room_wait_ = false;  // write: waiting for the controller's posted room
  std::vector<uint8_t> piece_;
  uint64_t read_bytes_landed_ = 0, requests_ = 0;
  SteadyState* steady_ = nullptr;
  sc_core::sc_time last_read_landed_;
};

}  // namespace ws::pcie
