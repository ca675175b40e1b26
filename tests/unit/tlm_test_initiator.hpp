#pragma once
// A TLM-2.0 initiator for unit tests of memory-mapped targets: one call is one
// b_transport with the given command, address, data and (optional) byte enable.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdint>
#include <vector>

namespace ws::test {

struct TestInitiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<TestInitiator> socket{"socket"};
  explicit TestInitiator(sc_core::sc_module_name n) : sc_module(n) {}

  struct Result {
    tlm::tlm_response_status status;
    uint64_t address;  // as the payload holds it after the call
  };
  Result access(tlm::tlm_command cmd, uint64_t addr, std::vector<uint8_t>& data, sc_core::sc_time& delay,
                unsigned char* byte_enable = nullptr) {
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(data.data());
    t.set_data_length(static_cast<unsigned>(data.size()));
    t.set_streaming_width(static_cast<unsigned>(data.size()));
    t.set_byte_enable_ptr(byte_enable);
    t.set_byte_enable_length(byte_enable ? 1 : 0);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(t, delay);
    return {t.get_response_status(), t.get_address()};
  }
};

}  // namespace ws::test
