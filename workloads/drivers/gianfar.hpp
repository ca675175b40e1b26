#pragma once
// Linux's gianfar driver for one eTSEC, NAPI style, as 2.6-era kernels ran it
// on the MPC85xx:
//   interrupts  the Rx and Tx handlers mask the device's Rx, Tx and busy
//               events (IMASK_RTX_DISABLED) and schedule the NAPI context on
//               the CPU that took the interrupt; the error handler (BSY) does
//               what the Rx one does (gfar_error calls gfar_receive)
//   poll        cleans the Tx ring first (each sent skb freed), then receives
//               up to its budget: each closed Rx BD's skb goes up the stack
//               and the BD gets a fresh buffer (none: the frame is dropped, the
//               buffer reused); a poll below its budget completes and unmasks
//   xmit        dev_queue_xmit: the qdisc (pfifo_fast, txqueuelen frames)
//               and start_xmit under the device's Tx lock (a spinlock in
//               memory: two CPUs sending on one port contend for its line);
//               a full Tx ring stops the queue until Tx cleaning frees BDs
// skb recycling (2.6.29 to 3.x): the Tx clean keeps each sent skb on the
// device's rx_recycle queue (up to the Rx ring's size) and the Rx refill takes
// from it before netdev_alloc_skb: no free, no alloc, and the buffer stays with
// the device (and so with the CPU that polls it).
// Without NAPI (CONFIG_GFAR_NAPI unset, 2.6-era): the Rx hardirq (and the
// error one on BSY) cleans the whole ring under the Rx lock and hands each
// frame to netif_rx (the CPU's backlog, bounded by netdev_max_backlog), the
// error one then clears the Rx queue's halt; the Tx hardirq cleans the Tx
// ring; nothing is masked,
// so at overload the hardirqs take the CPU from the softirq that drains the
// backlog (receive livelock).
// BDs and buffers are cacheable; the eTSEC's DMA snoops (coherent), so the
// driver does no cache maintenance. Costs are per-call instruction counts.
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include "models/cpu/cpu.hpp"
#include "models/eth/etsec.hpp"
#include "models/sim/bindings.hpp"
#include "models/sim/param.hpp"
#include "workloads/lib/buffer_pool.hpp"
#include "workloads/net/sk_buff.hpp"
#include "workloads/os/kernel/sync.hpp"
#include "workloads/os/linux/linux.hpp"

namespace ws::drivers {

class Gianfar {
 public:
  struct Costs {  // instructions
    double irq;          // gfar_receive/gfar_transmit: the events, IMASK, napi_schedule
    double poll;         // one gfar_poll call, packets excluded
    double rx_packet;    // gfar_clean_rx_ring per frame: BD, skb fields, eth_type_trans
    double skb_alloc;    // a new skb for the Rx BD (netdev_alloc_skb)
    double skb_free;     // dev_kfree_skb of a sent frame
    double tx_clean;     // gfar_clean_tx_ring per BD
    double xmit;         // dev_queue_xmit with the qdisc's enqueue and dequeue
    double start_xmit;   // gfar_start_xmit: BD fill, TSTAT
    double netif_rx;     // without NAPI: netif_rx's enqueue and process_backlog's dequeue
    double recycle;      // skb_recycle_check and the recycle queue (instead of a free, or an alloc)
  };
  struct Config {
    std::string name;                // "eth0"
    uint64_t rx_ring = 0, tx_ring = 0;  // BD rings
    unsigned rx_bds = 0, tx_bds = 0;
    unsigned weight = 0;             // NAPI weight
    unsigned txqueuelen = 0;         // the qdisc's limit
    uint64_t tx_lock = 0;            // the Tx lock's word
    uint64_t rx_lock = 0;            // the Rx lock's word (priv->rxlock: without NAPI, the ring's cleaning)
    eth::Etsec::Coalescing rx_coalescing, tx_coalescing;
    unsigned rx_line = 0, tx_line = 0, err_line = 0;  // core interrupt inputs (the MPIC's configuration)
    Costs costs{};
    bool napi = true;                // false: the build without CONFIG_GFAR_NAPI
    bool skb_recycle = false;        // Tx-cleaned skbs go to this device's Rx refill (rx_recycle)
    const net::SkBuffs* sk_buffs = nullptr;  // the skbs' structs in memory, touched as the driver uses them
    // dev->stats' first line (rx/tx packets and bytes; 0: not modelled): written by the
    // CPU that receives (rx), the one that transmits (tx_bytes) and the one that cleans (tx_packets).
    uint64_t stats = 0;
  };
  // The driver's keys ("<prefix>.rx_bds", ".napi", ".irq_instructions", ...):
  // rings, qdisc, coalescing, build options and costs. The rest of a Config
  // (name, addresses, lines, weight) is the board's.
  static const Bindings<Config>& bindings();
  Gianfar(const Config& cfg, eth::Etsec& dev, os::Linux& lx, lib::BufferPool& skbs);
  // netif_receive_skb: the stack's work on a received frame in `buf` (FCS excluded).
  std::function<os::Task(uint64_t buf, uint32_t len)> receive;
  // Told each span of the driver's own work, from `since` in Kernel::cpu_time() (a cycle ledger), if set.
  std::function<void(const char* what, const sc_core::sc_time& since)> book;
  // gfar_open: the rings, coalescing and interrupt mask; run by a core at boot.
  void open(Cpu& core);
  // dev_queue_xmit of the frame in `buf`; the skb is the device's from here.
  // `direct`: the fast path's start_xmit without the qdisc, when the ring has
  // room and nothing waits in the qdisc; else the qdisc's way.
  os::Task xmit(uint64_t buf, uint32_t len, bool direct = false);
  const std::map<std::string, uint64_t>& drops() const { return drops_; }
  const os::Spinlock& tx_lock() const { return tx_lock_; }
  uint64_t transmitted() const { return transmitted_; }
  // No poll scheduled, nothing queued or on the Tx ring: the driver has no work in progress.
  bool idle() const { return !napi_.scheduled && qdisc_.empty() && tx_used_ == 0; }

 private:
  struct Skb {
    uint64_t buf;
    uint32_t len;
  };
  os::Task isr();
  os::Task rx_isr();  // without NAPI
  os::Task tx_isr();
  os::Task err_isr();
  os::Task receive_locked(Cpu& core);  // without NAPI, gfar_receive: the ring cleaned under the Rx lock
  os::Task clean_rx(Cpu& core, unsigned budget, unsigned& done, bool backlog);
  os::Task poll(unsigned budget, unsigned& done);
  // `try_only`: as 2.6.26's gfar_poll, skip the Tx BDs when spin_trylock finds the Tx lock taken.
  os::Task clean_tx(Cpu& core, bool try_only = false);
  void count(Cpu& core);  // a dev->stats field incremented
  os::Task send(Cpu& core, uint64_t buf, uint32_t len, bool direct);  // xmit's work
  os::Task run_queue(Cpu& core);  // qdisc_run: start_xmit while the ring has room
  void start_xmit(Cpu& core, const Skb& s);  // one BD, the Tx lock held
  Cpu& core();
  void free_skb(Cpu& c, uint64_t buf);  // kfree_skb: its struct's lines, the buffer back to the slab

  Config cfg_;
  eth::Etsec& dev_;
  os::Linux& lx_;
  lib::BufferPool& skbs_;
  os::Linux::Napi napi_;
  os::Spinlock tx_lock_, rx_lock_;
  std::vector<uint64_t> rx_buf_, tx_buf_;  // the skb each BD holds
  unsigned rx_next_ = 0, tx_head_ = 0, tx_tail_ = 0, tx_used_ = 0;
  std::deque<Skb> qdisc_;
  std::deque<uint64_t> recycled_;  // rx_recycle
  std::map<std::string, uint64_t> drops_;
  uint64_t transmitted_ = 0;
};

}  // namespace ws::drivers
