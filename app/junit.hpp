#pragma once
// JUnit XML, the report format GitLab, Jenkins and GitHub Actions read: one
// <testsuite> per scenario file, one <testcase> per expectation and point.
#include <string>
#include <vector>

namespace ws {

struct JUnitCase {
  std::string name, classname;
  std::string failure;  // empty: it passed
  bool error = false;   // the point itself failed (a model failure), not the expectation
  double seconds = 0;
};

struct JUnitSuite {
  std::string name;
  std::vector<JUnitCase> cases;
};

std::string junit_xml(const std::vector<JUnitSuite>& suites);

}  // namespace ws
