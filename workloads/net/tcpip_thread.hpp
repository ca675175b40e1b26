#pragma once
// lwIP's tcpip thread as RT-Thread runs it (lwIP's tcpip.c on an RT-Thread
// port): one thread owns the stack's input and timers and takes work from a
// mailbox: received frames the driver posts (tcpip_input), and lwIP's
// timeouts (the mailbox wait's timeout, which RT-Thread's tick ends: here the
// due timeout raises the tick's interrupt line, whose handler posts it).
// Every call into lwIP, from this thread or the application's, holds the core
// lock (LWIP_TCPIP_CORE_LOCKING, lwIP 2.x's default) and is followed by the
// driver sending what lwIP output, so the Tx path's waits happen under the
// lock, in the calling thread, as in the stack's linkoutput.
#ifdef WS_HAVE_LWIP
#include <functional>
#include "models/irq/gic.hpp"
#include "workloads/net/lwip_on_core.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/rtthread/rtthread.hpp"

namespace ws::net {

class TcpipThread {
 public:
  struct Msg {
    void* frame = nullptr;  // a received frame (a pbuf); null: lwIP's timeouts are due
  };
  // `timer_source`: a GIC source at the tick's priority for the timeout wake-up.
  TcpipThread(os::RtThread& rtt, LwipStack& stack, LwipOnCore& lwip, unsigned priority, unsigned mbox_size,
              Gic& gic, unsigned timer_source, unsigned timer_line);
  // The driver's Tx path, run after every call into lwIP (set before the run).
  std::function<os::Task()> flush;
  os::Mailbox<Msg>& mailbox() { return mbox_; }
  // `body` runs under the core lock, then the driver sends what lwIP output.
  os::Task call(std::function<void()> body);
  uint64_t frames() const { return frames_; }

 private:
  os::Task run();
  os::RtThread& rtt_;
  LwipStack& stack_;
  LwipOnCore& lwip_;
  os::Mailbox<Msg> mbox_;
  os::Mutex lock_;
  bool timer_due_ = false;
  uint64_t frames_ = 0;
};

}  // namespace ws::net
#endif
