#ifdef WS_HAVE_LWIP
#include "workloads/net/tcpip_thread.hpp"

namespace ws::net {

TcpipThread::TcpipThread(os::Kernel& kernel, const std::function<void(std::function<os::Task()>)>& start,
                         LwipStack& stack, LwipOnCore& lwip, unsigned mbox_size, Gic& gic, unsigned timer_source,
                         unsigned timer_line, bool one_pass)
    : kernel_(kernel), stack_(stack), lwip_(lwip), mbox_(kernel, mbox_size), lock_(kernel), one_pass_(one_pass) {
  os::Kernel& k = kernel;
  gic.connect(timer_source, &lwip.core(), timer_line, 1);  // the tick's priority (the kernel's 255)
  k.attach_hwi(0, timer_line, lwip.core().line_priority(timer_line), [this]() -> os::Task {
    if (mbox_.size() == 0) mbox_.try_post(Msg{});  // else the thread sees timer_due_ after its next message
    co_return;
  }, "tick (lwIP timeout)");
  stack_.on_timer = [this, &gic, timer_source] {
    timer_due_ = true;
    gic.raise(timer_source);
  };
  start([this] { return run(); });
}

os::Task TcpipThread::call(std::function<void()> body) {
  co_await kernel_.point();  // the caller can be preempted here, as anywhere on the board
  co_await lock_.lock();
  body();
  co_await flush();
  lock_.unlock();
}

void TcpipThread::input(void* frame) {
  ++frames_;
  --holding_;
  const sc_core::sc_time t = lwip_.core().time();
  lwip_.core().exec_code(lwip_.costs().input);
  lwip_.book(lwip_.name() + " input", t);
  stack_.rx_input(frame);
}

void TcpipThread::timers() {
  timer_due_ = false;
  const sc_core::sc_time t = lwip_.core().time();
  lwip_.core().exec_code(lwip_.costs().timer);
  lwip_.book(lwip_.name() + " timers", t);
  stack_.check_timeouts();
}

// One hold of the lock for the timers and every queued packet; each packet's
// output goes to the driver before the next is taken, and interrupts come in
// between packets, as in NDK's kernel mode. Unlike NDK's llEnter, which raises
// the holder to kernel priority, a more urgent task woken meanwhile runs here
// until it needs the lock (two context switches more per pass).
os::Task TcpipThread::pass(void* first) {
  co_await kernel_.point();
  co_await lock_.lock();
  for (void* f = first;;) {
    if (timer_due_) timers();  // also when the timeout's message was taken in the pass
    if (f) input(f);
    co_await flush();
    co_await kernel_.point();
    auto more = mbox_.try_pend();
    if (!more) break;
    f = more->frame;
    holding_ += f != nullptr;
  }
  lock_.unlock();
}

os::Task TcpipThread::run() {
  for (;;) {
    Msg m = co_await mbox_.pend();
    holding_ += m.frame != nullptr;
    if (one_pass_) {
      if (m.frame || timer_due_) co_await pass(m.frame);  // a wake-up an earlier pass has served: nothing to do
      continue;
    }
    if (m.frame) co_await call([this, f = m.frame] { input(f); });
    if (timer_due_) co_await call([this] { timers(); });
  }
}

}  // namespace ws::net
#endif
