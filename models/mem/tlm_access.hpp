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
sc_core::sc_time tlm_access(Socket& socket, tlm::tlm_command cmd, uint64_t addr, uint8_t* data, uint32_t len,
                            sc_core::sc_time offset = sc_core::SC_ZERO_TIME) {
  tlm::tlm_generic_payload t;
  t.set_command(cmd);
  t.set_address(addr);
  t.set_data_ptr(data);
  t.set_data_length(len);
  t.set_streaming_width(len);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  socket->b_transport(t, offset);
  if (t.is_response_error())
    throw std::runtime_error(fmt::format("memory access at {:#x} failed: {}", addr, t.get_response_string()));
  return offset;
}

}  // namespace ws
