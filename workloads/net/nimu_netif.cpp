#ifdef WS_HAVE_LWIP
#include "workloads/net/nimu_netif.hpp"

#include <algorithm>
#include <stdexcept>
#include "models/nav/descriptor.hpp"

namespace ws::net {

NimuNetif::NimuNetif(const Config& cfg, drivers::NimuDriver& nimu, nav::Qmss& qm, nav::Accumulator& acc,
                     os::Kernel& kernel, unsigned acc_line, LwipStack& stack, LwipOnCore& lwip,
                     TcpipThread& scheduler)
    : cfg_(cfg), nimu_(nimu), qm_(qm), acc_(acc), stack_(stack), lwip_(lwip), sched_(scheduler),
      frame_(kBufferBytes) {
  stack_.output = [this](void* frame, uint16_t) { pending_.push_back(frame); };
  sched_.flush = [this] { return flush(); };
  kernel.attach_hwi(0, acc_line, lwip.core().line_priority(acc_line), [this] { return isr(); }, "EmacRxPktISR");
}

void NimuNetif::init() {
  for (unsigned i = 0; i < cfg_.rx_descs; ++i) {
    const uint64_t d = cfg_.descs + uint64_t(i) * 64, buf = cfg_.pbm + uint64_t(i) * kBufferBytes;
    nav::HostDesc h{0, 0, cfg_.rx_free_queue, 0, uint32_t(buf), 0, kBufferBytes, uint32_t(buf)};
    uint8_t raw[nav::kDescBytes];
    h.encode(raw);
    lwip_.core().write(d, raw, nav::kDescBytes);
    qm_.push(cfg_.rx_free_queue, uint32_t(d));
  }
  for (unsigned i = 0; i < cfg_.tx_descs; ++i) qm_.push(cfg_.tx_free_queue, uint32_t(cfg_.descs + uint64_t(cfg_.rx_descs + i) * 64));
}

void NimuNetif::reset_counters() {
  sends_ = rx_packets_ = interrupts_ = 0;
  send_cycles_ = min_cycles_ = max_cycles_ = 0;
  drops_.clear();
}

os::Task NimuNetif::flush() {
  Cpu& core = lwip_.core();
  if (!pending_.empty() && !nimu_.recycles_per_send()) {  // batched: the walk before the batch, not in EmacSend
    const sc_core::sc_time t = core.time();
    nimu_.recycle();
    lwip_.book("NIMU Tx recycling", t);
  }
  while (!pending_.empty()) {
    void* frame = pending_.front();
    pending_.pop_front();
    const uint64_t buf = cfg_.pbm + uint64_t(cfg_.rx_descs + next_tx_ % (2 * cfg_.tx_descs)) * kBufferBytes;
    // The stack's output path for this frame (TCP, IP, route, Ether), then the
    // segment into its PBM packet: the copy out of the socket buffer.
    const sc_core::sc_time o = core.time();
    core.exec_code(lwip_.costs().output);
    lwip_.book("NDK output", o);
    const sc_core::sc_time t = core.time();
    constexpr int kPieces = 16;
    const uint8_t* piece[kPieces];
    uint16_t plen[kPieces];
    const int n = stack_.tx_pieces(frame, piece, plen, kPieces);
    if (n == kPieces) throw std::logic_error("NIMU: a frame of 16 or more pbufs");
    uint32_t len = 0;
    for (int k = 0; k < n; ++k) {
      const uint64_t from = lwip_.sim(piece[k]);
      core.copy_from_host(buf + len, from, piece[k], plen[k], lib::memcpy_pattern(lwip_.routine(), buf + len, from, plen[k]));
      if (on_send) std::copy(piece[k], piece[k] + plen[k], frame_.begin() + len);  // only a listener needs it whole
      len += plen[k];
    }
    core.exec_code(lwip_.costs().pbuf);
    stack_.tx_free(frame);
    lwip_.book("NDK segment copy", t);
    const sc_core::sc_time s = core.time();
    if (on_send) on_send(frame_.data(), len, s);
    const bool ok = nimu_.send(buf, len);
    lwip_.book("EmacSend", s);
    if (!ok) {
      ++drops_["nimu.tx_no_descriptor"];
      continue;
    }
    ++next_tx_;
    const double c = nimu_.last_send_cycles();
    min_cycles_ = sends_ ? std::min(min_cycles_, c) : c;
    max_cycles_ = std::max(max_cycles_, c);
    send_cycles_ += c;
    ++sends_;
    co_await sched_.kernel().point();  // the core lock is held; an interrupt may come in between packets
  }
}

os::Task NimuNetif::isr() {
  ++interrupts_;
  Cpu& core = lwip_.core();
  const sc_core::sc_time t = core.time();
  rx_packets_ += nimu_.receive_page(acc_, [this, &core](uint64_t buf, uint32_t len) {
    // PBM_alloc(1514), then mmCopy of the frame out of the descriptor's buffer
    // (nimu_eth.c EmacRxPktISR); no packet: the frame is dropped and counted.
    uint8_t* data = nullptr;
    core.exec_code(lwip_.costs().pbuf);
    void* f = stack_.rx_alloc(uint16_t(len), &data);
    if (!f) {
      ++drops_["nimu.pbm_alloc_failed"];
      return;
    }
    const uint64_t to = lwip_.sim(data);
    // mmCopy moves words when both ends are 4-aligned, bytes otherwise (os/mem.c): rt_memcpy's choice.
    core.copy_to_host(data, to, buf, len, lib::memcpy_pattern(lib::Memcpy::Rt, to, buf, len));
    if (on_receive) on_receive(data, len, lwip_.core().time());
    if (!sched_.mailbox().try_post(TcpipThread::Msg{f})) {
      stack_.rx_free(f);
      ++drops_["ndk.rx_queue_full"];
    }
  });
  lwip_.book("EmacRxPktISR", t);
  co_return;
}

}  // namespace ws::net
#endif
