#pragma once
// A SmartDSP-OS-like runtime: every core runs the same image; core 0 boots,
// initialises the hardware (drivers, UEC tables) and then lets traffic start;
// each core takes the interrupts of the queues bound to it and runs their
// handlers, which service the queue's Rx ring one BD per step.
#include <systemc>
#include <functional>
#include <vector>
#include "models/cpu/core_executor.hpp"
#include "models/irq/epic.hpp"
#include "workloads/udp_echo/net_stack.hpp"

namespace ws::udp_echo {

class SdosRuntime {
 public:
  SdosRuntime(std::vector<CoreExecutor*> cores, Epic& epic) : cores_(std::move(cores)), epic_(epic), lines_(cores_.size()) {}
  // Routes `irq_source` to `core` and installs the Rx handler of the stack's interface.
  void bind_rx_isr(unsigned core, unsigned irq_source, NetStack& stack, unsigned iface, UecDriver& driver);
  // Core 0 runs `init` at `at`; `ready` is called with the time its init ends.
  void boot(const sc_core::sc_time& at, std::function<void(CoreExecutor&)> init,
            std::function<void(const sc_core::sc_time&)> ready);

 private:
  std::vector<CoreExecutor*> cores_;
  Epic& epic_;
  std::vector<unsigned> lines_;  // interrupt lines used per core
  std::function<void(CoreExecutor&)> init_;
  std::function<void(const sc_core::sc_time&)> ready_;
};

}  // namespace ws::udp_echo
