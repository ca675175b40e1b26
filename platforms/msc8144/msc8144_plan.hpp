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
};

struct Plan {
  std::vector<Channel> channels;
  std::vector<IfacePlan> ifaces;
  unsigned cores, uecs;
  bool extended;
};

uint32_t ipv4(unsigned a, unsigned b, unsigned c, unsigned d);
// Core `core`'s OS structures in M2, after the BD rings.
uint64_t os_area(unsigned core);
Plan plan(const ParamTable& p);
// Packet buffers: where the pools start in `app.buffers`, and the room they have.
uint64_t buffer_base(const std::string& where);
uint64_t buffer_room(const std::string& where);
uint32_t pool_buffers(const ParamTable& p);
// Buffers start on cache lines, so a frame never shares a line with another.
uint32_t buffer_stride(const ParamTable& p);

}  // namespace ws::msc8144
