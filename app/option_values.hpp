#pragma once
// The syntax of the subcommands' option values; each parser throws InputError
// naming the option and what it expects.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace ws {

// KEY=VALUE (--set, --sweep) as the key and the value.
std::pair<std::string, std::string> split_kv(const std::string& s, const std::string& opt);
// A seed as the scenario file takes it: 0 .. 2^63-1, digits only.
uint64_t parse_seed(const std::string& s, const std::string& opt);
// --shard I/N with 0 <= I < N, nothing else.
std::pair<size_t, size_t> parse_shard(const std::string& s);

}  // namespace ws
