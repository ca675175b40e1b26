#pragma once
// The thread that owns a stack's input and timers: lwIP's tcpip thread as
// RT-Thread runs it (lwIP's tcpip.c on an RT-Thread port), or NDK's network
// scheduler task under TI-RTOS (docs/k2h.md). It takes work from a mailbox:
// received frames the driver posts (tcpip_input; NDK's STKEVENT_ETHERNET with
// the packet queue), and the stack's timeouts (the mailbox wait's timeout,
// which the OS tick ends: here the due timeout raises the tick's interrupt
// line, whose handler posts it). Every call into the stack, from this thread
// or the application's, holds the core lock (LWIP_TCPIP_CORE_LOCKING, lwIP
// 2.x's default; NDK's llEnter/llExit) and is followed by the driver sending
// what the stack output, so the Tx path's waits happen under the lock, in the
// calling thread, as in the stack's linkoutput.
#ifdef WS_HAVE_LWIP
#include <functional>
#include "models/irq/gic.hpp"
#include "workloads/net/lwip_on_core.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/kernel/kernel.hpp"

namespace ws::net {

class TcpipThread {
 public:
  struct Msg {
    void* frame = nullptr;  // a received frame (a pbuf); null: lwIP's timeouts are due
  };
  // `start(body)` creates the thread in the OS personality, at its priority;
  // `timer_source`: a GIC source at the tick's priority for the timeout wake-up.
  // `one_pass`: every message queued when the thread wakes is handled under one
  // hold of the lock (NDK's NetScheduler: one llEnter for the timers and the
  // whole packet queue); otherwise one message per hold (lwIP's tcpip thread).
  TcpipThread(os::Kernel& kernel, const std::function<void(std::function<os::Task()>)>& start, LwipStack& stack,
              LwipOnCore& lwip, unsigned mbox_size, Gic& gic, unsigned timer_source, unsigned timer_line,
              bool one_pass = false);
  // The driver's Tx path, run after every call into lwIP (set before the run).
  std::function<os::Task()> flush;
  os::Mailbox<Msg>& mailbox() { return mbox_; }
  os::Kernel& kernel() { return kernel_; }
  // `body` runs under the core lock, then the driver sends what lwIP output.
  os::Task call(std::function<void()> body);
  uint64_t frames() const { return frames_; }
  // Frames taken from the mailbox and not yet given to the stack (waiting for its lock).
  unsigned holding() const { return holding_; }

 private:
  os::Task run();
  os::Task pass(void* first);
  void input(void* frame);
  void timers();
  os::Kernel& kernel_;
  LwipStack& stack_;
  LwipOnCore& lwip_;
  os::Mailbox<Msg> mbox_;
  os::Mutex lock_;
  bool one_pass_;
  bool timer_due_ = false;
  uint64_t frames_ = 0;
  unsigned holding_ = 0;
};

}  // namespace ws::net
#endif
