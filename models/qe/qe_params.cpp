// The QUICC Engine's and its UECs' parameters.
#include "models/qe/quicc_engine.hpp"
#include "models/qe/uec.hpp"

namespace ws::qe {

using K = ParamSpec::Kind;

void QuiccEngine::declare_params(ParamTable& t) {
  t.declare_model(model_number("qe.mhz", K::Real, 100, 1000, "MHz", "QE clock"));
  t.declare_model(model_number("qe.riscs", K::Int, 1, 4, "RISCs", "RISC engines sharing the frame microcode"));
  t.declare_model(model_number("qe.data_path_bytes_per_cycle", K::Real, 1, 64, "B/QE cycle",
                               "QE internal data path shared by the UECs"));
}

QuiccEngine::Config QuiccEngine::config(const ParamTable& p) {
  return Config{p.r("qe.mhz") * 1e6, unsigned(p.i("qe.riscs")), p.r("qe.data_path_bytes_per_cycle")};
}

void Uec::declare_shared_params(ParamTable& t) {
  t.declare_model(model_choice("qe.parse_mode", {"extended", "mpc82xx"}, "-",
                               "extended: a lookup table maps the destination MAC to the channel's queue; mpc82xx: "
                               "one station address per UEC, every frame to queue 0, the core dispatches"));
  t.declare_model(model_number("qe.rx_risc_cycles", K::Real, 0, 10000, "QE cycles",
                               "Rx microcode per frame (on top of qe.lookup_cycles), run by the frame's Rx thread on "
                               "a RISC"));
  t.declare_model(model_number("qe.tx_risc_cycles", K::Real, 0, 10000, "QE cycles",
                               "Tx microcode per frame, run by the frame's Tx thread on a RISC"));
  t.declare_model(model_number("qe.lookup_cycles", K::Real, 0, 10000, "QE cycles",
                               "extended parsing: key build and lookup-table search per frame"));
}

void Uec::declare_params(ParamTable& t, const std::string& k) {
  t.declare_model(model_number(k + ".rx_fifo_bytes", K::Int, 512, 65536, "B", k + ": Rx virtual FIFO (URFS)"));
  t.declare_model(model_number(k + ".tx_fifo_bytes", K::Int, 512, 65536, "B", k + ": Tx virtual FIFO (UTFS)"));
  t.declare_model(model_number(k + ".rx_buffer_bytes", K::Int, 128, 9600, "B",
                               k + ": Rx buffer length (MRBLR), a multiple of 128"));
  for (const char* dir : {"rx", "tx"})
    t.declare_model(model_choice(k + "." + dir + "_threads", {"1", "2", "4", "6", "8"}, "threads",
                                 k + ": " + dir + " threads; each frame is handled start to end by one thread, so "
                                 "threads / (per-frame thread latency) bounds the UEC's frame rate"));
}

Uec::Config Uec::config(const ParamTable& p, const std::string& k) {
  return Config{eth::GigabitMac::Config{1e9, uint32_t(p.i(k + ".rx_fifo_bytes"))},
                p.s("qe.parse_mode") == "extended" ? ParseMode::Extended : ParseMode::Mpc82xx,
                p.r("qe.rx_risc_cycles"),
                p.r("qe.tx_risc_cycles"),
                p.r("qe.lookup_cycles"),
                uint32_t(p.i(k + ".tx_fifo_bytes")),
                uint32_t(p.i(k + ".rx_buffer_bytes")),
                unsigned(std::stoi(p.s(k + ".rx_threads"))),
                unsigned(std::stoi(p.s(k + ".tx_threads")))};
}

}  // namespace ws::qe
