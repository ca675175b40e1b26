#include "models/mem/timed_route.hpp"

#include "models/bus/interconnect.hpp"
#include "models/mem/memory.hpp"
#include "models/sim/sim_time.hpp"

namespace ws {

sc_core::sc_time TimedRoute::time(uint64_t offset, uint32_t n, sc_core::sc_time delay) const {
  for (unsigned i = 0; i < hops_; ++i) delay = hop_[i]->pass(n, delay);
  const sc_core::sc_time& t = now();
  return target_->serve(local_start_ + offset, n, t + delay) - t;
}

bool TimedRoute::time_chain(uint64_t offset, uint32_t n, uint32_t stride, unsigned count,
                            sc_core::sc_time& delay) const {
  for (unsigned i = 0; i < hops_; ++i)
    if (!hop_[i]->takes_chains()) return false;
  sc_core::sc_time path = sc_core::SC_ZERO_TIME;  // what each further read spends on the way
  for (unsigned i = 0; i < hops_; ++i) delay = hop_[i]->pass(n, delay), path += hop_[i]->hop();
  const sc_core::sc_time& t = now();
  delay = target_->serve_chain(local_start_ + offset, n, count, stride, path, t + delay) - t;
  return true;
}

}  // namespace ws
