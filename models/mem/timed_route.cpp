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

}  // namespace ws
