#include "models/cpu/core_executor.hpp"

#include <fmt/format.h>
#include <array>
#include <cstring>
#include <stdexcept>
#include "models/mem/dependent_reads.hpp"
#include "models/mem/tlm_access.hpp"

namespace ws {

CoreExecutor::CoreExecutor(sc_core::sc_module_name name, const Config& cfg, Scheduler& sched,
                           StatsRegistry& stats, TraceWriter* trace)
    : sc_module(name),
      socket("socket"),
      cfg_(cfg),
      clk_(cfg.hz),
      sched_(sched),
      busy_(stats.resource(basename())),
      trace_(trace),
      l1d_(cfg.l1d),
      l1i_(cfg.l1i),
      line_buf_(cfg.l1d.line_bytes) {
  if (cfg.l1i.line_bytes != cfg.l1d.line_bytes)
    throw std::invalid_argument(fmt::format("{}: L1 I and D lines differ ({} B, {} B)", basename(), cfg.l1i.line_bytes,
                                            cfg.l1d.line_bytes));
}

void CoreExecutor::attach_isr(unsigned line, Step handler, std::string what) {
  if (line >= isrs_table_.size()) isrs_table_.resize(line + 1);
  isrs_table_[line].handler = std::move(handler);
  isrs_table_[line].what = std::move(what);
}

void CoreExecutor::start_task(const sc_core::sc_time& at, Step task, std::string what) {
  task_ = std::move(task);
  task_what_ = std::move(what);
  sched_.at(at, [this] {
    if (running_) throw std::logic_error(std::string(name()) + ": a task started while the core was busy");
    running_ = true;
    t_ = now();
    run_step(&task_, &task_what_, false, now());
  });
}

void CoreExecutor::raise(unsigned line, const sc_core::sc_time& at) {
  if (line >= isrs_table_.size() || !isrs_table_[line].handler)
    throw std::logic_error(fmt::format("{}: interrupt line {} has no handler", name(), line));
  Isr& isr = isrs_table_[line];
  if (!isr.pending || at < isr.asserted_at) isr.asserted_at = at;
  isr.pending = true;
  if (!running_) sched_.at(at > now() ? at : now(), [this] { dispatch(); });
}

// Takes the next line asserted by now, round robin from the last one taken, and
// runs its ISR; a line asserted later (delivery latency) gets a dispatch at its time.
void CoreExecutor::dispatch() {
  if (running_) return;
  sc_core::sc_time next = sc_core::SC_ZERO_TIME;
  bool later = false;
  const unsigned lines = unsigned(isrs_table_.size());
  for (unsigned i = 0; i < lines; ++i) {
    const unsigned line = (next_line_ + i) % lines;
    Isr& isr = isrs_table_[line];
    if (!isr.pending) continue;
    if (isr.asserted_at > now()) {
      if (!later || isr.asserted_at < next) next = isr.asserted_at;
      later = true;
      continue;
    }
    isr.pending = false;
    next_line_ = line + 1;
    running_ = true;
    ++isrs_;
    t_ = now();
    exec(cfg_.isr_entry_cycles);
    run_step(&isr.handler, &isr.what, true, now());  // the first step's busy time includes the entry
    return;
  }
  if (later) sched_.at(next, [this] { dispatch(); });
  if (preempted_.step) {  // no interrupt due: the interrupted task goes on
    const Context c = preempted_;
    preempted_ = Context{};
    running_ = true;
    t_ = now();
    run_step(c.step, c.what, false, c.started);
  }
}

bool CoreExecutor::idle() const {
  if (running_ || preempted_.step) return false;
  for (const Isr& isr : isrs_table_)
    if (isr.pending) return false;
  return true;
}

bool CoreExecutor::interrupt_due() const {
  for (const Isr& isr : isrs_table_)
    if (isr.pending && isr.asserted_at <= now()) return true;
  return false;
}

// Busy time is booked step by step, so a measurement window that ends inside a
// long ISR sees only the part that fell in it; ops count whole ISRs and tasks.
void CoreExecutor::run_step(Step* step, const std::string* what, bool isr, sc_core::sc_time started) {
  const sc_core::sc_time began = t_;  // after the entry, for the first step of an ISR
  const bool more = (*step)();
  if (trace_ && trace_->enabled()) trace_->complete(basename(), "step", began, t_ - began);
  if (!more && isr) exec(cfg_.isr_exit_cycles);
  busy_->busy += t_ - now();
  if (more) {
    sched_.at(t_, [this, step, what, isr, started] {
      t_ = now();
      // A task is preempted here, at the annotation point between two steps, by
      // an interrupt that arrived meanwhile; ISRs run to their end.
      if (!isr && interrupt_due()) {
        preempted_ = Context{step, what, started};
        running_ = false;
        dispatch();
        return;
      }
      run_step(step, what, isr, started);
    });
    return;
  }
  ++busy_->ops;
  if (trace_ && trace_->enabled()) trace_->complete(basename(), what->c_str(), started, t_ - started);
  sched_.at(t_, [this] {
    running_ = false;
    dispatch();
  });
}

void CoreExecutor::fetch(uint64_t addr, uint32_t n) {
  // Code is never written, so an I-cache victim needs no write-back.
  l1i_.access(addr, n, false, [this](uint64_t l) { fill_line(l); }, [](uint64_t) {});
}

void CoreExecutor::read(uint64_t addr, void* dst, uint32_t n) {
  l1d_.access(addr, n, false, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
  debug_access(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(dst), n);
}

void CoreExecutor::write(uint64_t addr, const void* src, uint32_t n) {
  l1d_.access(addr, n, true, [this](uint64_t l) { fill_line(l); }, [this](uint64_t l) { write_back(l); });
  debug_access(tlm::TLM_WRITE_COMMAND, addr, static_cast<uint8_t*>(const_cast<void*>(src)), n);
}

void CoreExecutor::read_uncached(uint64_t addr, void* dst, uint32_t n) {
  timed_access(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(dst), n, true);
}

void CoreExecutor::write_uncached(uint64_t addr, const void* src, uint32_t n) {
  if (n > kPostedBytes) throw std::logic_error(fmt::format("{}: posted write of {} B", name(), n));
  std::array<uint8_t, kPostedBytes> data;
  std::memcpy(data.data(), src, n);
  sched_.at(t_, [this, addr, data, n]() mutable { tlm_access(socket, tlm::TLM_WRITE_COMMAND, addr, data.data(), n); });
  exec(1);
}

void CoreExecutor::read_uncached_chain(uint64_t addr, uint32_t n, uint32_t stride, unsigned count) {
  if (count == 0) return;
  uint8_t sink[8];
  if (n > sizeof sink) throw std::logic_error(fmt::format("{}: chained reads of {} B", name(), n));
  DependentReads chain;
  chain.count = count;
  chain.stride = stride;
  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(addr);
  t.set_data_ptr(sink);
  t.set_data_length(n);
  t.set_streaming_width(n);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  t.set_extension(&chain);
  sc_core::sc_time delay = t_ - now();
  socket->b_transport(t, delay);
  t.clear_extension(&chain);  // it lives on this stack frame, not with the payload
  if (t.is_response_error())
    throw std::runtime_error(fmt::format("{}: chained reads at {:#x} failed: {}", name(), addr, t.get_response_string()));
  t_ = now() + delay;
}

void CoreExecutor::invalidate(uint64_t addr, uint32_t n) {
  exec(cfg_.cache_op_cycles * l1d_.lines(addr, n));
  l1d_.invalidate(addr, n);
}

void CoreExecutor::flush(uint64_t addr, uint32_t n) {
  exec(cfg_.cache_op_cycles * l1d_.lines(addr, n));
  l1d_.flush(addr, n, [this](uint64_t l) { write_back(l); });
}

void CoreExecutor::reg_access(std::function<void()> effect) {
  t_ += ns(cfg_.reg_access_ns);
  if (effect) sched_.at(t_, std::move(effect));
}

// A miss stalls the core for the whole line (no critical-word-first restart).
// Both L1s have the same line size (checked at construction).
void CoreExecutor::fill_line(uint64_t line) {
  timed_access(tlm::TLM_READ_COMMAND, line, line_buf_.data(), uint32_t(line_buf_.size()), true);
}

// The memory already holds the line's bytes (the cache keeps tags only), so the
// write-back writes them back unchanged: it costs the port time and nothing else.
void CoreExecutor::write_back(uint64_t line) {
  const auto n = uint32_t(line_buf_.size());
  debug_access(tlm::TLM_READ_COMMAND, line, line_buf_.data(), n);
  timed_access(tlm::TLM_WRITE_COMMAND, line, line_buf_.data(), n, false);
}

void CoreExecutor::timed_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n, bool wait) {
  const sc_core::sc_time done = now() + tlm_access(socket, cmd, addr, data, n, t_ - now());
  if (wait) t_ = done;
  else exec(1);
}

void CoreExecutor::debug_access(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t n) {
  tlm::tlm_generic_payload t;
  t.set_command(cmd);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(n);
  if (socket->transport_dbg(t) != n)
    throw std::runtime_error(fmt::format("{}: access to {:#x} (+{}) hits no memory", name(), addr, n));
}

}  // namespace ws
