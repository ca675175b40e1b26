#ifdef WS_HAVE_LWIP
#include "platforms/common/pc_peer.hpp"

#include <algorithm>
#include <vector>
#include "models/eth/headers.hpp"
#include "models/eth/inet_checksum.hpp"

namespace ws {

namespace {

std::vector<uint8_t> echo_request(const eth::MacAddr& dst, const eth::MacAddr& src, uint32_t from, uint32_t to) {
  std::vector<uint8_t> f(14 + 20 + 8 + 32, 0);
  std::copy(dst.begin(), dst.end(), f.begin());
  std::copy(src.begin(), src.end(), f.begin() + 6);
  eth::put16(&f[12], 0x0800);
  uint8_t* ip = &f[14];
  ip[0] = 0x45;
  eth::put16(ip + 2, uint16_t(f.size() - 14));
  ip[8] = 128;
  ip[9] = 1;  // ICMP
  eth::put32(ip + 12, from);
  eth::put32(ip + 16, to);
  eth::put16(ip + 10, eth::inet_checksum(ip, 20));
  uint8_t* icmp = ip + 20;
  icmp[0] = 8;  // echo request
  eth::put16(icmp + 4, 1);
  eth::put16(icmp + 6, 1);
  for (int i = 0; i < 32; ++i) icmp[8 + i] = uint8_t('a' + i % 23);
  eth::put16(icmp + 2, eth::inet_checksum(icmp, 40));
  return f;
}

bool is_echo_reply(const uint8_t* f, uint32_t len) {
  return len >= 42 && eth::get16(f + 12) == 0x0800 && f[23] == 1 && f[14 + (f[14] & 0xF) * 4] == 0;
}

}  // namespace

PcPeer::PcPeer(const Config& cfg, RunContext& run)
    : stack(cfg.api, run.sched, cfg.mac, cfg.ip, cfg.netmask, cfg.options),
      nic(cfg.nic, 1e9, run.sched, run.stats),
      throttle(cfg.throttle, run.sched),
      run_(run),
      mac_(cfg.mac),
      ip_(cfg.ip) {
  nic.trace(&run.trace);
  stack.output = [this](void* frame, uint16_t) {
    eth::Frame* f = run_.pool.get();
    const size_t len = stack.tx_copy(frame, f->bytes.data());
    stack.tx_free(frame);
    if (on_send) on_send(f->bytes.data(), uint32_t(len));
    eth::seal(*f, eth::pad_to_minimum(f->bytes.data(), len));
    throttle.sent(f->len);
    nic.transmit(f, now());
  };
}

void PcPeer::plug(eth::Wire::Sink network, eth::Wire& from) {
  nic.connect(std::move(network));
  from.connect([this](eth::Frame* f) { receive(f); });
}

void PcPeer::send(const uint8_t* frame, uint32_t len, const sc_core::sc_time& at) {
  nic.transmit(eth::frame_of(run_.pool, frame, len), at);
}

void PcPeer::ping(const eth::MacAddr& mac, uint32_t ip, const sc_core::sc_time& at) {
  const auto f = echo_request(mac, mac_, ip_, ip);
  send(f.data(), uint32_t(f.size()), at);
}

void PcPeer::receive(eth::Frame* f) {
  const uint32_t len = f->len - eth::kFcsBytes;
  echo_replies_ += is_echo_reply(f->bytes.data(), len);
  std::vector<uint8_t> bytes(f->bytes.begin(), f->bytes.begin() + len);
  run_.pool.put(f);
  throttle.received(len + eth::kFcsBytes, [this, bytes = std::move(bytes)] {
    if (on_input) on_input(bytes.data(), uint32_t(bytes.size()));
    stack.input(bytes.data(), uint16_t(bytes.size()));
  });
}

}  // namespace ws
#endif
