#include "workloads/apps/user_load.hpp"

#include <algorithm>
#include <stdexcept>

namespace ws::apps {

UserLoad::UserLoad(os::Linux& lx, const Config& cfg) : lx_(lx), cfg_(cfg) {
  if (cfg.load < 0 || cfg.load > 1) throw std::logic_error("UserLoad: the load is a fraction of one CPU (0..1)");
  if (cfg.load == 0) return;  // no user space to run
  unsigned first = 0;
  while (!(cfg.affinity >> first & 1)) ++first;
  os::Thread& t = lx.kernel().create_thread(first, 2, [this] { return body(); }, "user", sc_core::SC_ZERO_TIME, true);
  lx.set_cpus_allowed(t, cfg.affinity);
}

os::Task UserLoad::body() {
  os::Kernel& k = lx_.kernel();
  const double burst = cfg_.load * cfg_.period.to_seconds() * cfg_.hz;
  for (sc_core::sc_time next = sc_core::SC_ZERO_TIME;;) {
    for (double done = 0; done < burst; done += cfg_.chunk_cycles) {
      k.charge(std::min(cfg_.chunk_cycles, burst - done));
      co_await k.point();
    }
    next += cfg_.period;
    const sc_core::sc_time now = k.cpu(k.running().cpu).time();
    if (next > now) co_await k.sleep(next - now);
    else next = now;  // it fell behind: the next period starts now
  }
}

}  // namespace ws::apps
