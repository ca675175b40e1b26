#include "workloads/udp_echo/sdos_runtime.hpp"

namespace ws::udp_echo {

void SdosRuntime::bind_rx_isr(unsigned core, unsigned irq_source, NetStack& stack, unsigned iface,
                              UecDriver& driver) {
  CoreExecutor& c = *cores_.at(core);
  const unsigned line = lines_[core]++;
  epic_.route(irq_source, &c, line);
  // First step: clear the queue's event, so a frame closed from now on interrupts
  // again; then one BD per step until the ring holds no frame.
  c.attach_isr(line, [&c, &stack, &driver, iface, first = true]() mutable {
    if (first) driver.ack_event(c);
    first = !stack.poll_one(iface);
    return !first;
  }, "rx_isr");
}

void SdosRuntime::boot(const sc_core::sc_time& at, std::function<void(CoreExecutor&)> init,
                       std::function<void(const sc_core::sc_time&)> ready) {
  init_ = std::move(init);
  ready_ = std::move(ready);
  cores_.at(0)->start_task(at, [this] {
    init_(*cores_[0]);
    ready_(cores_[0]->time());
    return false;
  }, "boot");
}

}  // namespace ws::udp_echo
