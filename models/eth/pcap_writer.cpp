#include "models/eth/pcap_writer.hpp"

#include <pcap/pcap.h>
#include <stdexcept>
#include "models/eth/ethernet.hpp"

namespace ws::eth {

PcapWriter::PcapWriter(const std::string& path) {
  pcap_ = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535, PCAP_TSTAMP_PRECISION_NANO);
  dumper_ = pcap_ ? pcap_dump_open(pcap_, path.c_str()) : nullptr;
  if (!dumper_) {
    std::string why = pcap_ ? pcap_geterr(pcap_) : "pcap_open_dead failed";
    if (pcap_) pcap_close(pcap_);
    throw std::runtime_error("cannot write pcap " + path + ": " + why);
  }
}

PcapWriter::~PcapWriter() {
  pcap_dump_close(dumper_);
  pcap_close(pcap_);
}

void PcapWriter::write(const sc_core::sc_time& t, const uint8_t* frame_with_fcs, size_t len) {
  const uint64_t ns_total = t.value() / (sc_core::sc_time(1, sc_core::SC_NS).value());
  pcap_pkthdr h{};
  h.ts.tv_sec = long(ns_total / 1000000000);
  h.ts.tv_usec = long(ns_total % 1000000000);  // nanoseconds: the dumper was opened with nano precision
  h.caplen = h.len = uint32_t(len > kFcsBytes ? len - kFcsBytes : len);
  pcap_dump(reinterpret_cast<u_char*>(dumper_), &h, frame_with_fcs);
  ++frames_;
}

}  // namespace ws::eth
