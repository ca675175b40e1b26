#include "platforms/k2h/k2h_board.hpp"

#include <vector>
#include "models/eth/headers.hpp"
#include "platforms/common/core_config.hpp"

namespace ws::k2h {

K2hBoard::K2hBoard(sc_core::sc_module_name name, const ParamTable& p, RunContext& run)
    : sc_module(name),
      ddr("ddr3", Memory::from(p, "ddr", kDdrSize, 1, true), run.stats),
      msmc("msmc", Memory::from(p, "msmc", kMsmcSize, 1, true), run.stats),
      bus("bus", Interconnect::from(p, "bus", {.decoupled_initiators = true}), run.stats),
      core("a15", core_config(p, "a15", 16), run.sched, run.stats, &run.trace),
      gic(IrqController::latency_ns(p, "gic")),
      qm("qmss", nav::Qmss::from(p, "qmss", kQueues), run.sched, run.stats),
      pktdma("netcp_pktdma", nav::PacketDma::from(p, "pktdma"), qm, run.sched, run.stats),
      acc("qmss_acc", nav::Accumulator::from(p, "acc", kRxQueue, kAccList), qm, run.sched, gic, kAccSource),
      port_tx("sgmii0.tx", 1e9, run.sched, run.stats),
      run_(run),
      hop_(p.r("netcp.switch_latency_ns"), sc_core::SC_NS),
      rx_flow_(pktdma.add_rx_flow(kRxFree, kRxQueue)) {
  core.socket.bind(bus.in);
  pktdma.socket.bind(bus.in);
  acc.socket.bind(bus.in);
  bus.attach(ddr.socket, kDdr, kDdrSize);
  bus.attach(msmc.socket, kMsmc, kMsmcSize);
  bus.attach(qm.socket, kQm, uint64_t(kQueues) * nav::Qmss::kQueueStride);
  core.set_code_region(kCode, kData);
  core.set_mmu(true);
  core.set_icache(true);
  core.set_region(kQm, uint64_t(kQueues) * nav::Qmss::kQueueStride, MemAttr::Device);
  core.set_region(kMsmc, kMsmcSize, MemAttr::NonCacheable);  // descriptors and the accumulator list
  gic.connect(kAccSource, &core, kAccLine, 0x80);
  port_tx.trace(&run.trace);
  pktdma.add_tx_channel(kTxQueue, [this](const uint8_t* bytes, uint32_t len, const sc_core::sc_time& ready) {
    eth::Frame* f = eth::frame_of(run_.pool, bytes, len);
    const sc_core::sc_time on_wire = port_tx.duration(*f);
    const sc_core::sc_time end = port_tx.transmit(f, ready + hop_);
    return nav::PacketDma::Departure{end - on_wire, end};
  });
}

void K2hBoard::port_rx(eth::Frame* f) {
  std::vector<uint8_t> bytes(f->bytes.begin(), f->bytes.begin() + (f->len - eth::kFcsBytes));
  run_.pool.put(f);
  run_.sched.after(hop_, [this, bytes = std::move(bytes)] { pktdma.receive(rx_flow_, bytes.data(), uint32_t(bytes.size())); });
}

}  // namespace ws::k2h
