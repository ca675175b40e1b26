#pragma once
// What `wirespeed run` prints: one row per point, in point order, with every set
// or swept key as a column, the platform's metrics and labels, and the limiting
// resource and top utilisations of each point. CSV is written as points finish
// (a long sweep's results are there while it runs); a table and JSON when the
// last one has. A table carries a line of units under its header. A failed
// point's error goes to stderr with its swept values, and, when it produced
// one, its own report. With a run folder (--out DIR) the rows also stream into
// DIR/results.csv, and close() writes the rest of the folder (app/run_folder).
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>
#include "app/output.hpp"
#include "app/point_runner.hpp"

namespace ws {

class RunOutput {
 public:
  // `keys`: the columns after "point"; `swept`: the keys that vary between
  // points; `unit_of`: a column's unit ("" when unknown); `dir`: the run
  // folder, empty for none.
  RunOutput(std::string format, std::string dir, std::vector<std::string> keys, std::vector<std::string> swept,
            const std::vector<Point>& points, const std::vector<size_t>& index,
            std::function<std::string(const std::string&)> unit_of);
  void finished(size_t i, const PointOutcome& o);
  // Writes what is left to stdout; returns the exit code (the worst point's).
  int close();
  // The rows of the points that succeeded, in point order, with units.
  const Table& table() const { return table_; }
  // Every point's outcome in point order (valid until the outcomes go).
  const std::vector<const PointOutcome*>& outcomes() const { return done_; }

 private:
  void flush_ready();
  std::vector<std::string> row(size_t i, const PointOutcome& o) const;
  void stream_csv(const std::vector<std::string>& row);

  std::string format_, dir_;
  std::vector<std::string> keys_, swept_;
  const std::vector<Point>& points_;
  const std::vector<size_t>& index_;
  std::function<std::string(const std::string&)> unit_of_;
  std::vector<const PointOutcome*> done_;  // finished points (valid until close())
  size_t next_ = 0;  // the first point not written yet
  Table table_;
  bool header_written_ = false;
  std::string report_;  // a single point's bottleneck report, printed under its table
  int rc_ = 0;
  std::ofstream csv_;  // DIR/results.csv
};

// The top `n` utilisations of a point, as "name:pct" joined by spaces.
std::string top_utilisations(const RunResult& r, size_t n);

}  // namespace ws
