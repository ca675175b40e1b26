#pragma once
// The QUICC Engine's shared resources, which every UCC (here, the UECs) contends
// for: the RISC engines that run the per-frame microcode, in their own clock
// domain, and the internal data path that moves frame bytes between the UCC
// FIFOs and the system bus. Its TLM socket is the QE's one path to memory.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <vector>
#include "models/mem/direct_pages.hpp"
#include "models/sim/gap_server.hpp"
#include "models/sim/clock_domain.hpp"
#include "models/sim/stats.hpp"

#include "models/sim/param.hpp"

namespace ws::qe {

class QuiccEngine : public sc_core::sc_module {
 public:
  struct Config {
    double hz;                  // QE clock
    unsigned riscs;             // RISC engines sharing the frame work
    double data_path_bytes_per_cycle;
  };
  QuiccEngine(sc_core::sc_module_name name, const Config& cfg, StatsRegistry& stats);
  // "qe.mhz", "qe.riscs", "qe.data_path_bytes_per_cycle", and the Config they give.
  static void declare_params(ParamTable& t);
  static Config config(const ParamTable& p);
  tlm_utils::simple_initiator_socket<QuiccEngine> socket;  // to the system interconnect

  // Runs `cycles` of microcode on the first RISC free at or after `at`; returns the end.
  sc_core::sc_time risc(const sc_core::sc_time& at, double cycles);
  // Moves `bytes` over the internal data path from `at`; returns the end.
  sc_core::sc_time data_path(const sc_core::sc_time& at, uint32_t bytes);
  // A timed memory access from the QE's bus port starting at `at`; returns when it completes.
  sc_core::sc_time access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, const sc_core::sc_time& at);

 private:
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) { direct_.invalidate(start, end); }
  Config cfg_;
  ClockDomain clk_;
  DirectPages direct_{1024};  // the accesses' routes past the sockets (BD rings, buffers): 4 MB of pages
  // Rx work is booked when a frame arrives and Tx work a BD fetch later, so
  // requests reach these out of time order: gap-filling servers.
  std::vector<GapServer> riscs_;
  GapServer data_path_;
};

}  // namespace ws::qe
