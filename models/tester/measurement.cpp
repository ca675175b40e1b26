#include "models/tester/measurement.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include "models/eth/ethernet.hpp"

namespace ws::tester {

Measurement::Config Measurement::config(const ParamTable& p, uint32_t largest_frame, double line_bits_per_s) {
  Config c;
  const std::string& mode = p.s("tester.mode");
  c.mode = mode == "fixed" ? Mode::Fixed : mode == "rfc2544" ? Mode::Rfc2544 : Mode::LineRateSize;
  c.load_pct = p.r("tester.load_pct");
  c.trial = ns(p.r("tester.trial_ms") * 1e6);
  c.drain = ns(p.r("tester.drain_us") * 1e3);
  c.resolution_pct = p.r("tester.resolution_pct");
  c.loss_tolerance_pct = p.r("tester.loss_tolerance_pct");
  c.size_step_bytes = uint32_t(p.i("tester.size_step_bytes"));
  c.largest_frame = largest_frame;
  c.line_bits_per_s = line_bits_per_s;
  return c;
}

sc_core::sc_time Measurement::trial_time(uint32_t bytes) const {
  if (cfg_.mode == Mode::Fixed) return cfg_.trial;
  return Rfc2544::trial_for(cfg_.resolution_pct, eth::line_rate_fps(bytes, cfg_.line_bits_per_s), cfg_.trial);
}

Measurement::Measurement(const Config& cfg, TrafficTester& tester, Scheduler& sched, Board board)
    : cfg_(cfg),
      tester_(tester),
      sched_(sched),
      board_(std::move(board)),
      rfc_(Rfc2544::Config{trial_time(tester.config().frame_bytes), cfg.drain, cfg.resolution_pct,
                           cfg.loss_tolerance_pct},
           tester) {
  // Sizes 64, 64 + step, ... up to the largest frame the buffers hold (longer
  // ones are dropped, so the search stops there).
  for (uint32_t s = eth::kMinFrameBytes; s < cfg_.largest_frame; s += cfg_.size_step_bytes) sizes_.push_back(s);
  sizes_.push_back(cfg_.largest_frame);
  hi_ = int(sizes_.size());
  add(latency_);
  tester_.on_undrained([this](const TrialResult& r) {
    if (final_) return;
    if (!refused_) throw std::logic_error("a trial did not drain and nobody handles it");
    refused_(r);
  });
}

void Measurement::count(const TrialResult& r, bool final) {
  ++m_.trials;
  for (auto& [why, n] : r.errors) m_.errors += n;
  for (Analyzer* a : analyzers_) a->trial_ended(r, final);
}

// The board is polled every microsecond until it is idle (cores, engines and
// queues all done with their last work).

void Measurement::poll_idle() {
  if (!board_.idle()) {
    if (now() < idle_deadline_) return sched_.at(now() + ns(1000), [this] { poll_idle(); });
    m_.settled = false;
  }
  on_idle_();
}

void Measurement::when_idle(std::function<void()> then) {
  on_idle_ = std::move(then);
  idle_deadline_ = now() + std::max(cfg_.drain, sc_core::sc_time(1, sc_core::SC_SEC));  // however short the drain
  poll_idle();
}

void Measurement::final_trial(double pct) {
  final_ = true;
  when_idle([this, pct] {
    board_.window_starts();
    m_.trial = trial_time(tester_.config().frame_bytes);
    tester_.trial(now(), pct, m_.trial, cfg_.drain, [this](const TrialResult& r) {
      count(r, true);
      m_.window = r;
      when_idle([this] {
        m_.window.ended = now();
        done_ = true;
        if (done_hook_) done_hook_();
      });
    });
  });
}

void Measurement::size_probe() {
  if (hi_ - lo_ <= 1) {
    const bool found = hi_ < int(sizes_.size());
    m_.line_rate_pct = found ? 100 : 0;
    m_.line_rate_frame_bytes = found ? sizes_[size_t(hi_)] : 0;
    return final_trial(100);
  }
  const int mid = (lo_ + hi_) / 2;
  tester_.set_frame_bytes(sizes_[size_t(mid)]);
  tester_.trial(now(), 100, trial_time(sizes_[size_t(mid)]), cfg_.drain, [this, mid](const TrialResult& r) {
    count(r, false);
    (rfc_.passes(r) ? hi_ : lo_) = mid;
    if (hi_ < int(sizes_.size())) tester_.set_frame_bytes(sizes_[size_t(hi_)]);
    size_probe();
  });
}

void Measurement::start(const sc_core::sc_time& at) {
  switch (cfg_.mode) {
    case Mode::Fixed:
      sched_.at(at, [this] { final_trial(cfg_.load_pct); });
      return;
    case Mode::Rfc2544:
      rfc_.run(at, [this](const Rfc2544::Result& r) {
        for (auto& t : r.trials) count(t, false);
        m_.line_rate_pct = r.throughput_pct;
        final_trial(std::max(r.throughput_pct, cfg_.resolution_pct));
      });
      return;
    case Mode::LineRateSize:
      sched_.at(at, [this] { size_probe(); });
      return;
  }
}

std::vector<std::pair<std::string, double>> Measurement::metrics(unsigned ports) const {
  const TrialResult& w = m_.window;
  const double secs = m_.trial.to_seconds();
  const uint32_t bytes = tester_.config().frame_bytes;
  const double line_fps = eth::line_rate_fps(bytes, cfg_.line_bits_per_s);
  std::vector<double> delivered_pct;  // per port, in the final trial
  for (unsigned u = 0; u < ports; ++u) delivered_pct.push_back(100.0 * double(w.received_per_port[u]) / (line_fps * secs));
  // In fixed mode the headline is what came back (the mean over ports), not what was offered.
  const bool fixed = cfg_.mode == Mode::Fixed;
  const double pct =
      fixed ? std::accumulate(delivered_pct.begin(), delivered_pct.end(), 0.0) / ports : m_.line_rate_pct;
  // Throughput is per port; fps and Mbps add the ports up. Mbps counts frame bytes (FCS included).
  const double fps = fixed ? double(w.received) / secs : pct / 100 * line_fps * ports;
  std::vector<std::pair<std::string, double>> m = {{"line_rate_pct", pct}, {"fps", fps}, {"mbps", fps * bytes * 8 / 1e6}};
  for (unsigned u = 0; u < ports; ++u) m.push_back({fmt::format("port{}_line_rate_pct", u), delivered_pct[u]});
  if (cfg_.mode == Mode::LineRateSize) m.push_back({"line_rate_frame_bytes", m_.line_rate_frame_bytes});
  m.push_back({"latency_avg_us", w.latency_avg_us});
  m.push_back({"latency_p50_us", latency_.quantile(0.5)});
  m.push_back({"latency_p99_us", latency_.quantile(0.99)});
  m.push_back({"latency_p999_us", latency_.quantile(0.999)});
  m.push_back({"latency_max_us", latency_.max()});
  m.push_back({"sent", double(w.sent)});
  m.push_back({"lost", double(w.lost())});
  // sent = received + invalid + dropped + in_flight: every lost frame came back
  // wrong, was counted as a drop (by reason, in the drops column), or was still
  // in the board when the drain cap ended the final trial.
  m.push_back({"invalid", double(w.invalid)});
  m.push_back({"dropped", double(w.dropped)});
  m.push_back({"in_flight", double(w.in_flight)});
  m.push_back({"trials", double(m_.trials)});
  return m;
}

std::vector<Column> Measurement::columns(unsigned ports, Returned how) {
  std::vector<Column> c = {
      {"line_rate_pct", "% of line rate",
       "per port: rfc2544 the zero-loss throughput, fixed what came back (mean over ports), line_rate_size 100 "
       "if a size was found"},
      {"fps", "frames/s", "frames per second, all ports together"},
      {"mbps", "Mbit/s", "frame bits per second (FCS included), all ports together"}};
  for (unsigned u = 0; u < ports; ++u)
    c.push_back({fmt::format("port{}_line_rate_pct", u), "% of line rate",
                 fmt::format("what came back on tester port {} in the final trial", u)});
  c.push_back({"line_rate_frame_bytes", "B", "line_rate_size: the smallest frame size carried at line rate"});
  c.push_back({"latency_avg_us", "us",
               fmt::format("mean {} latency in the final trial (last bit out to last bit back)", how.noun)});
  for (auto [name, q] : {std::pair{"latency_p50_us", "median"}, std::pair{"latency_p99_us", "99th percentile"},
                         std::pair{"latency_p999_us", "99.9th percentile"}})
    c.push_back({name, "us", fmt::format("{} {} latency in the final trial (log bins under 0.7 % wide)", q, how.noun)});
  c.push_back({"latency_max_us", "us", fmt::format("largest {} latency in the final trial", how.noun)});
  c.push_back({"sent", "frames", "frames the tester sent in the final trial"});
  c.push_back({"lost", "frames",
               fmt::format("sent and not {} back valid (= invalid + dropped + in_flight)", how.participle)});
  c.push_back({"invalid", "frames", "frames that came back wrong (FCS, checksum, address, payload) or twice"});
  c.push_back({"dropped", "frames", "frames the board discarded, by reason in the drops column"});
  c.push_back({"in_flight", "frames", "still in the board when the drain cap ended the final trial"});
  c.push_back({"trials", "trials", "trials run: the search's and the final one"});
  return c;
}

std::string Measurement::window_report(Returned how) const {
  const TrialResult& w = m_.window;
  std::string errors;
  for (auto& [why, n] : w.errors) errors += fmt::format(" {}={}", why, n);
  const std::string reordered = w.reordered ? fmt::format(" ({} of them out of order)", w.reordered) : "";
  return fmt::format("window: last trial at {:.2f}% of line rate per port for {:.3f} ms, {} frames sent, {} {}{}, "
                     "{} lost, backlog {} frames at mid-trial and {} at its end{}\n",
                     w.offered_pct, m_.trial.to_seconds() * 1e3, w.sent, w.received, how.participle, reordered,
                     w.lost(), w.backlog_mid,
                     w.backlog_end, errors.empty() ? "" : ", errors:" + errors) +
         // Resources and CPU load count until the board was idle, not only the trial.
         fmt::format("utilisation over {:.3f} ms: the trial and {:.3f} ms until every frame was accounted for and the "
                     "board idle (the tester sends during the trial only)\n",
                     (w.ended - w.started).to_seconds() * 1e3, (w.ended - w.started - m_.trial).to_seconds() * 1e3) +
         (m_.settled ? "" : "the board did not go idle within 1 s (or tester.drain_us) of a wait: it went on busy\n");
}

}  // namespace ws::tester
