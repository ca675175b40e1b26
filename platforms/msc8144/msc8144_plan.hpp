#pragma once
// How a configuration maps onto the board: channels (a stream's endpoint: core,
// UEC, MAC and IPv4 address) and interfaces (BD ring pairs: one per channel in
// extended parsing, one per UEC in MPC82xx mode), and where rings and buffers go.
#include <cstdint>
#include <string>
#include <vector>
#include "models/eth/ethernet.hpp"
#include "models/sim/param.hpp"

namespace ws::msc8144 {

constexpr uint16_t kEchoPort = 5000;     // the port every channel serves
constexpr uint16_t kTesterPort = 6000;   // + channel: each stream's source port
constexpr uint64_t kRingBytes = 0x1000;  // M2 space per interface: Rx ring, then Tx ring at half

struct Channel {
  unsigned core, uec;
  eth::MacAddr mac;
  uint32_t ip;
};

struct IfacePlan {
  unsigned core, uec, queue;
  eth::MacAddr mac;
  std::vector<unsigned> channels;
  uint32_t rx_bds = 0, tx_bds = 0;  // its UEC's ring sizes
  uint64_t pool_base = 0;           // its buffer pool
  uint32_t pool_buffers = 0, buffer_stride = 0;
};

struct Plan {
  std::vector<Channel> channels;
  std::vector<IfacePlan> ifaces;
  unsigned cores, uecs;
  bool extended;
  uint64_t pool_bytes = 0;  // all pools together, from buffer_base(app.buffers)
};

// The hardware UEC behind plan index `u` (UEC1 alone, or UEC0 and UEC1), and
// the key of one of its parameters ("uec1.rx_bds").
unsigned hw_uec(const Plan& pl, unsigned u);
std::string uec_key(unsigned hw, const char* field);

uint32_t ipv4(unsigned a, unsigned b, unsigned c, unsigned d);
// Core `core`'s OS structures in M2, after the BD rings: 4 KB each (room for the
// 500 8-byte-spaced reads sw.os_m2_reads allows), plus 256 B so that each core's
// start on its own M2 port (assumed layout: per-core heaps apart).
uint64_t os_area(unsigned core);
Plan plan(const ParamTable& p);
// The shared code image: the last MB of M3 (buffer pools never reach it).
constexpr uint64_t kCodeBytes = 1ull << 20;
uint64_t code_base();
// Packet buffers: where the pools start in `app.buffers`, and the room they have.
uint64_t buffer_base(const std::string& where);
uint64_t buffer_room(const std::string& where);

}  // namespace ws::msc8144
