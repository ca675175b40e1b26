#pragma once
// The Internet checksum (RFC 1071): one's-complement sum of 16-bit big-endian
// words, and its incremental update when one word changes (RFC 1624 eqn. 3).
#include <cstddef>
#include <cstdint>

namespace ws::eth {

// One's-complement running sum of p[0..n) added to `acc`; an odd tail byte is
// padded with zero. Fold with fold_sum().
uint32_t ones_sum(const uint8_t* p, size_t n, uint32_t acc = 0);
uint16_t fold_sum(uint32_t acc);
// Checksum field value for the bytes (the complement of the folded sum).
inline uint16_t inet_checksum(const uint8_t* p, size_t n) { return uint16_t(~fold_sum(ones_sum(p, n))); }
// HC' = ~(~HC + ~m + m') for one 16-bit word changing from m to m'.
uint16_t checksum_update(uint16_t hc, uint16_t old_word, uint16_t new_word);
// UDP checksum over the IPv4 pseudo header and the UDP header and payload
// (`udp` points at the UDP header, checksum field included); 0 is sent as FFFFh.
uint16_t udp_checksum(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len);
// A received datagram's checksum holds when the field is 0 (not computed) or the
// sum over pseudo header and datagram, field included, folds to FFFFh.
bool udp_checksum_ok(uint32_t src_ip, uint32_t dst_ip, const uint8_t* udp, size_t udp_len);
// A TCP (6) or UDP (17) segment's checksum over the pseudo header and the
// segment, its own field read as zero (what a NIC's checksum insertion writes).
uint16_t transport_checksum(uint8_t proto, uint32_t src_ip, uint32_t dst_ip, const uint8_t* seg, size_t len);
// What checksum offload does to an Ethernet IPv4 frame[0..len) (FCS excluded):
// insert_checksums fills in the IPv4 header's and a TCP or UDP segment's
// checksum (DesignWare TDES1 CIC = full); checksums_ok verifies them (its Rx
// checksum engine). Frames that are not IPv4 pass unchanged and verify true.
void insert_checksums(uint8_t* frame, size_t len);
bool checksums_ok(const uint8_t* frame, size_t len);

}  // namespace ws::eth
