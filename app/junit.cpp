#include "app/junit.hpp"

#include <fmt/format.h>

namespace ws {

namespace {
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';  // not allowed in XML 1.0
        else out += c;
    }
  }
  return out;
}
}  // namespace

std::string junit_xml(const std::vector<JUnitSuite>& suites) {
  size_t tests = 0, failures = 0, errors = 0;
  std::string body;
  for (const auto& s : suites) {
    size_t f = 0, e = 0;
    double t = 0;
    std::string cases;
    for (const auto& c : s.cases) {
      cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"", escape(c.classname),
                           escape(c.name), c.seconds);
      if (c.failure.empty()) {
        cases += "/>\n";
      } else {
        const char* tag = c.error ? "error" : "failure";
        cases += fmt::format(">\n      <{} message=\"{}\">{}</{}>\n    </testcase>\n", tag, escape(c.failure),
                             escape(c.failure), tag);
      }
      t += c.seconds;
      f += !c.failure.empty() && !c.error;
      e += c.error;
    }
    body += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n{}  "
                        "</testsuite>\n", escape(s.name), s.cases.size(), f, e, t, cases);
    tests += s.cases.size(), failures += f, errors += e;
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"wirespeed check\" tests=\"{}\" "
                     "failures=\"{}\" errors=\"{}\">\n{}</testsuites>\n", tests, failures, errors, body);
}

}  // namespace ws
