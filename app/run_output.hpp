#pragma once
// What `wirespeed run` prints: one row per point, in point order, with every set
// or swept key as a column. CSV is written as points finish (a long sweep's
// results are there while it runs); a table and JSON when the last one has.
// A failed point's error goes to stderr with its swept values, and, when it
// produced one, its own report.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
#include "app/output.hpp"
#include "app/point_runner.hpp"

namespace ws {

class RunOutput {
 public:
  // `keys`: the columns after "point"; `swept`: the keys that vary between points.
  RunOutput(std::string format, std::string out_path, std::vector<std::string> keys, std::vector<std::string> swept,
            const std::vector<Point>& points, const std::vector<size_t>& index);
  void finished(size_t i, const PointOutcome& o);
  // Writes what is left; returns the exit code (the worst point's).
  int close();

 private:
  void flush_ready();
  std::vector<std::string> row(size_t i, const PointOutcome& o) const;
  void emit(const std::string& text);

  std::string format_, out_path_;
  std::vector<std::string> keys_, swept_;
  const std::vector<Point>& points_;
  const std::vector<size_t>& index_;
  std::vector<const PointOutcome*> done_;  // finished points (valid until close())
  size_t next_ = 0;  // the first point not written yet
  Table table_;
  bool header_written_ = false;
  std::string report_;  // a single point's bottleneck report, printed under its table
  int rc_ = 0;
  std::ofstream file_;
};

}  // namespace ws
