#pragma once
// One Ethernet port's wire traffic as a pcap file (libpcap's dump format, link
// type EN10MB) that Wireshark opens. Frames are written with their FCS cut, as a
// capture on a host NIC shows them, and time-stamped with simulated time.
#include <systemc>
#include <cstddef>
#include <cstdint>
#include <string>

struct pcap;
struct pcap_dumper;

namespace ws::eth {

class PcapWriter {
 public:
  // Throws std::runtime_error when the file cannot be created.
  explicit PcapWriter(const std::string& path);
  ~PcapWriter();
  PcapWriter(const PcapWriter&) = delete;
  PcapWriter& operator=(const PcapWriter&) = delete;
  void write(const sc_core::sc_time& t, const uint8_t* frame_with_fcs, size_t len);
  uint64_t frames() const { return frames_; }

 private:
  pcap* pcap_;
  pcap_dumper* dumper_;
  uint64_t frames_ = 0;
};

}  // namespace ws::eth
