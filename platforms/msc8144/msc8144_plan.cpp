#include "platforms/msc8144/msc8144_plan.hpp"

#include "platforms/msc8144/msc8144_board.hpp"

namespace ws::msc8144 {

uint32_t ipv4(unsigned a, unsigned b, unsigned c, unsigned d) { return a << 24 | b << 16 | c << 8 | d; }

uint64_t os_area(unsigned core) { return Msc8144Board::kM2Base + Msc8144Board::kM2Size / 8 + core * 0x1100; }

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
  // Pools of Rx ring + Tx ring + 8 buffers per interface, one after another; a
  // buffer starts on a cache line, so a frame never shares a line with another.
  const auto line = uint32_t(p.i("core.l1d_line_bytes"));
  const uint64_t base = buffer_base(p.s("app.buffers"));
  for (auto& f : pl.ifaces) {
    const unsigned hw = hw_uec(pl, f.uec);
    f.rx_bds = uint32_t(p.i(uec_key(hw, "rx_bds")));
    f.tx_bds = uint32_t(p.i(uec_key(hw, "tx_bds")));
    f.pool_buffers = f.rx_bds + f.tx_bds + 8;
    f.buffer_stride = (uint32_t(p.i(uec_key(hw, "rx_buffer_bytes"))) + line - 1) / line * line;
    f.pool_base = base + pl.pool_bytes;
    pl.pool_bytes += uint64_t(f.pool_buffers) * f.buffer_stride;
  }
  return pl;
}

uint64_t buffer_base(const std::string& where) {
  return where == "m2" ? Msc8144Board::kM2Base + Msc8144Board::kM2Size / 4
         : where == "m3" ? Msc8144Board::kM3Base
                         : Msc8144Board::kDdrBase;
}
uint64_t buffer_room(const std::string& where) {
  return where == "m2" ? Msc8144Board::kM2Size * 3 / 4 : where == "m3" ? Msc8144Board::kM3Size - kCodeBytes : Msc8144Board::kDdrSize;
}

uint64_t code_base() { return Msc8144Board::kM3Base + Msc8144Board::kM3Size - kCodeBytes; }
unsigned hw_uec(const Plan& pl, unsigned u) { return pl.uecs == 1 ? 1 : u; }

std::string uec_key(unsigned hw, const char* field) { return "uec" + std::to_string(hw) + "." + field; }

}  // namespace ws::msc8144
