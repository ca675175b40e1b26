#pragma once
// One blocking-transport access by an initiator that must not wait (it runs in a
// scheduler callback): `offset` says how far past now the access starts, and the
// returned delay (from now) says when its data is ready or written.
#include <systemc>
#include <tlm>
#include <fmt/format.h>
#include <stdexcept>

namespace ws {

template <typename Socket>
sc_core::sc_time tlm_access(Socket& socket, tlm::tlm_generic_payload& t, tlm::tlm_command cmd, uint64_t addr,
                            uint8_t* data, uint32_t len, sc_core::sc_time offset) {
  t.set_command(cmd);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(len);
  t.set_streaming_width(len);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  t.set_dmi_allowed(false);
  socket->b_transport(t, offset);
  if (t.is_response_error())
    throw std::runtime_error(fmt::format("memory access at {:#x} failed: {}", addr, t.get_response_string()));
  return offset;
}

template <typename Socket>
sc_core::sc_time tlm_access(Socket& socket, tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t len,
                            sc_core::sc_time offset = sc_core::SC_ZERO_TIME) {
  // Constructing a generic payload allocates its extension array, and every
  // packet makes accesses: one payload is reused. An access made while it is in
  // use (from inside a target) gets its own.
  static tlm::tlm_generic_payload reused;
  static bool in_use = false;
  if (in_use) {
    tlm::tlm_generic_payload own;
    return tlm_access(socket, own, cmd, addr, data, len, offset);
  }
  in_use = true;
  struct Release {
    ~Release() { in_use = false; }
  } release;
  return tlm_access(socket, reused, cmd, addr, data, len, offset);
}

}  // namespace ws
