#include "models/nav/qmss.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include "models/mem/repeated_access.hpp"
#include "models/sim/sim_time.hpp"

namespace ws::nav {

void Qmss::declare_params(ParamTable& t, const std::string& prefix) {
  t.declare_model(model_number(prefix + ".access_ns", ParamSpec::Kind::Real, 0, 10000, "ns",
                               "the queue manager's time per Queue N register access, beyond the bus to it"));
}

Qmss::Qmss(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched, StatsRegistry& stats)
    : sc_module(name), socket("socket"), cfg_(cfg), sched_(sched), server_(stats.resource(basename())),
      queues_(cfg.queues), watchers_(cfg.queues) {
  socket.register_b_transport(this, &Qmss::b_transport);
  socket.register_transport_dbg(this, &Qmss::transport_dbg);
}

void Qmss::push(unsigned queue, uint32_t desc, const sc_core::sc_time& at) {
  if (desc == 0) throw std::logic_error(fmt::format("{}: push of a null descriptor onto queue {}", name(), queue));
  queues_.at(queue).push_back({desc, at});
  if (!watchers_[queue]) return;
  if (at > now()) sched_.at(at, [this, queue] { watchers_[queue](); });
  else watchers_[queue]();
}

// Entries go in by host call; a hardware push at the present may follow a
// core's push at its later time, so the first entry already pushed is taken.
uint32_t Qmss::pop(unsigned queue, const sc_core::sc_time& at) {
  auto& q = queues_.at(queue);
  const auto it = std::find_if(q.begin(), q.end(), [&](const Entry& e) { return e.at <= at; });
  if (it == q.end()) return 0;
  const uint32_t d = it->desc;
  q.erase(it);
  return d;
}

size_t Qmss::count(unsigned queue, const sc_core::sc_time& at) const {
  const auto& q = queues_.at(queue);
  return size_t(std::count_if(q.begin(), q.end(), [&](const Entry& e) { return e.at <= at; }));
}

void Qmss::watch(unsigned queue, std::function<void()> on_push) { watchers_.at(queue) = std::move(on_push); }

// One 32-bit register of one queue per access.
bool Qmss::access(tlm::tlm_generic_payload& t, const sc_core::sc_time& at) {
  const uint64_t a = t.get_address();
  const unsigned queue = unsigned(a / kQueueStride), reg = unsigned(a % kQueueStride);
  if (t.get_data_length() != 4 || reg % 4 != 0 || queue >= queues_.size()) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  uint32_t v = 0;
  if (t.is_write()) {
    std::memcpy(&v, t.get_data_ptr(), 4);
    if (reg == 12) push(queue, v, at);  // C (the size) is accepted and not kept
  } else {
    if (reg == 0) v = uint32_t(count(queue, at));
    else if (reg == 12) v = pop(queue, at);
    std::memcpy(t.get_data_ptr(), &v, 4);
  }
  t.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

void Qmss::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  if (t.get_extension<RepeatedAccess>()) {  // a register's repeats would act again: never a shortcut
    t.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  // An access waits for the one before it; a refused one takes no time.
  const sc_core::sc_time arrival = now() + delay, took = ns(cfg_.access_ns);
  const sc_core::sc_time at = server_.probe(arrival, took) + took;
  if (!access(t, at)) return;
  server_.serve(arrival, took, 4);
  delay = at - now();
}

unsigned Qmss::transport_dbg(tlm::tlm_generic_payload& t) {
  // A debug read must not pop: only the count register reads without effect.
  if (!t.is_read() || t.get_address() % kQueueStride != 0) return 0;
  return access(t, now()) ? 4 : 0;
}

}  // namespace ws::nav
