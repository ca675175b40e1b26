#include "platforms/msc8144/msc8144_plan.hpp"

#include "platforms/msc8144/msc8144_soc.hpp"

namespace ws::msc8144 {

uint32_t ipv4(unsigned a, unsigned b, unsigned c, unsigned d) { return a << 24 | b << 16 | c << 8 | d; }

uint64_t os_area(unsigned core) { return Msc8144Soc::kM2Base + Msc8144Soc::kM2Size / 8 + core * 0x1000; }

Plan plan(const ParamTable& p) {
  Plan pl;
  pl.cores = unsigned(p.i("app.cores"));
  pl.uecs = unsigned(std::stoi(p.s("qe.uecs")));
  pl.extended = p.s("qe.parse_mode") == "extended";
  const unsigned per_core = unsigned(p.i("app.channels_per_core"));
  for (unsigned k = 0; k < pl.cores * per_core; ++k) {
    const unsigned uec = pl.uecs == 2 ? k % 2 : 0;
    pl.channels.push_back({k / per_core, uec, eth::local_mac(0x44, k + 1), ipv4(10, 0, uec, 10 + k)});
  }
  if (pl.extended) {
    std::vector<unsigned> queues(pl.uecs, 0);
    for (unsigned k = 0; k < pl.channels.size(); ++k) {
      const Channel& c = pl.channels[k];
      pl.ifaces.push_back({c.core, c.uec, queues[c.uec]++, c.mac, {k}});
    }
  } else {
    for (unsigned u = 0; u < pl.uecs; ++u) {
      IfacePlan f{0, u, 0, eth::local_mac(0x45, u), {}};
      for (unsigned k = 0; k < pl.channels.size(); ++k)
        if (pl.channels[k].uec == u) f.channels.push_back(k);
      for (unsigned k : f.channels) pl.channels[k].mac = f.mac;
      pl.ifaces.push_back(f);
    }
  }
  return pl;
}

uint64_t buffer_base(const std::string& where) {
  return where == "m2" ? Msc8144Soc::kM2Base + Msc8144Soc::kM2Size / 4
         : where == "m3" ? Msc8144Soc::kM3Base
                         : Msc8144Soc::kDdrBase;
}
uint64_t buffer_room(const std::string& where) {
  return where == "m2" ? Msc8144Soc::kM2Size * 3 / 4 : where == "m3" ? Msc8144Soc::kM3Size : Msc8144Soc::kDdrSize;
}
uint32_t pool_buffers(const ParamTable& p) { return uint32_t(p.i("uec.rx_bds") + p.i("uec.tx_bds") + 8); }
uint32_t buffer_stride(const ParamTable& p) {
  const auto line = uint32_t(p.i("core.l1d_line_bytes"));
  return (uint32_t(p.i("uec.rx_buffer_bytes")) + line - 1) / line * line;
}

}  // namespace ws::msc8144
