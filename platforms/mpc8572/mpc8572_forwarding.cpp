#include "platforms/mpc8572/mpc8572_forwarding.hpp"

#include "models/eth/headers.hpp"

namespace ws::mpc8572 {

Forwarding::Forwarding(const Config& cfg, os::Linux& lx, const net::Ipv4Forwarder& fw, drivers::GianfarFastPath& fp,
                       const net::SkBuffs& sk_buffs, lib::BufferPool& skbs, std::vector<drivers::Gianfar*> devices,
                       Book book)
    : cfg_(cfg), lx_(lx), fw_(fw), fp_(fp), sk_buffs_(sk_buffs), skbs_(skbs), devices_(std::move(devices)),
      book_(std::move(book)) {}

// The forwarding counter: this CPU's word, read and written back.
void Forwarding::count(Cpu& c, unsigned cpu) {
  const uint64_t counter = cfg_.counters + (cfg_.shared_counters ? cpu * 4 : cpu * 32);
  uint32_t n = 0;
  c.read(counter, &n, 4);
  ++n;
  c.write(counter, &n, 4);
}

os::Task Forwarding::receive(unsigned in, uint64_t buf, uint32_t len) {
  const unsigned cpu = lx_.kernel().running().cpu;
  Cpu& c = lx_.kernel().cpu(cpu);
  uint8_t hdr[eth::kHeaderBytes + eth::kIpv4HeaderBytes];
  const sc_core::sc_time began = lx_.kernel().cpu_time();
  c.read(buf, hdr, sizeof hdr);  // the headers through the cache: the DMA's snoop left them out of it
  const uint32_t dst = eth::get32(hdr + eth::kHeaderBytes + 16);
  if (cfg_.fast_path) {
    c.exec_code(cfg_.fp_instructions);
    if (const auto cached = fp_.lookup(c, cpu, dst)) {
      if (const net::Ipv4Route* r = fw_.lookup(dst); r && fw_.forward_by(hdr, len, *r) == net::FwdVerdict::Forward) {
        c.write(buf, hdr, sizeof hdr);
        count(c, cpu);
        book_("fast path: lookup, rewrite", began);
        co_await devices_[*cached]->xmit(buf, len, true);
        co_return;
      }
    }
  }
  c.exec_code(cfg_.ip_path_instructions);
  unsigned out = 0;
  const net::FwdVerdict v = fw_.forward(hdr, len, in, out);
  if (v != net::FwdVerdict::Forward) {
    ++drops_[std::string("ipv4.") + net::verdict_name(v)];
    sk_buffs_.free(c, buf);
    skbs_.give(buf);
    book_("IPv4: ip_rcv .. neigh, counter", began);
    co_return;
  }
  c.write(buf, hdr, sizeof hdr);
  sk_buffs_.route(c, buf, cfg_.routes + uint64_t(out) * 32);
  count(c, cpu);
  if (cfg_.fast_path) fp_.learn(c, cpu, dst, out);
  book_("IPv4: ip_rcv .. neigh, counter", began);
  co_await devices_[out]->xmit(buf, len);
}

}  // namespace ws::mpc8572
