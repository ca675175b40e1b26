#include "models/eth/mac_dma.hpp"

#include <string>
#include "models/sim/sim_time.hpp"

namespace ws::eth {

MacDma::MacDma(sc_core::sc_module_name name, double bits_per_s, uint32_t rx_fifo_bytes, Scheduler& sched,
               StatsRegistry& stats, FramePool& pool)
    : sc_module(name),
      socket("socket"),
      sched_(sched),
      pool_(pool),
      mac_(basename(), GigabitMac::Config{bits_per_s, rx_fifo_bytes}, sched, stats, pool),
      rx_dma_(stats.resource(std::string(basename()) + ".dma.rx")),
      tx_dma_(stats.resource(std::string(basename()) + ".dma.tx")) {
  socket.register_invalidate_direct_mem_ptr(this, &MacDma::invalidate_direct_mem_ptr);
  mac_.on_receive(
      [this](Frame* f) {
        rx_waiting_.push_back(f);
        if (!rx_busy_) rx_step();  // an idle (or suspended) engine tries on the next frame
      },
      /*takes_unmade=*/true);
}

sc_core::sc_time MacDma::fetch(uint64_t addr, uint8_t* raw, uint32_t n, double work_ns) {
  return access(tlm::TLM_READ_COMMAND, addr, raw, n) + ns(work_ns);
}

void MacDma::write_word(uint64_t addr, uint32_t word, const sc_core::sc_time& at) {
  sched_.at(at, [this, addr, word] {
    uint8_t raw[4];
    put_le_words({word}, raw);
    access(tlm::TLM_WRITE_COMMAND, addr, raw, 4);
  });
}

Frame* MacDma::take_oldest() {
  Frame* f = rx_waiting_.front();
  rx_waiting_.pop_front();
  f->need();
  return f;
}

void MacDma::drop_oldest(const char* reason) {
  Frame* f = rx_waiting_.front();
  rx_waiting_.pop_front();
  mac_.rx_stats().drop(reason);
  mac_.release(f->len);
  pool_.put(f);
}

}  // namespace ws::eth
