#pragma once
// A YAML file written by a user (a scenario, a board): read as one document
// after the checks that keep yaml-cpp 0.7 from looping or expanding without
// bound. Errors are InputErrors "<path>[:<line>]: <what>"; `noun` names the
// kind of file in them ("scenario", "board").
#include <string>
#include <yaml-cpp/yaml.h>

namespace ws {

// The file's one document (null when the file is empty). Throws InputError.
// `in_child`: parse it first in a child process bounded in CPU and memory, for
// files from outside (scenarios); the project's own board files, read at every
// start, skip it (a fork per file cost 40 ms per command) and keep the line
// checks that refuse the patterns known to loop.
YAML::Node load_yaml_document(const std::string& path, const std::string& noun, bool in_child = true);

// 1-based line of a node, 0 when unknown; "path:line" (or "path").
int yaml_line(const YAML::Node& n);
std::string yaml_where(const std::string& path, const YAML::Node& n);

}  // namespace ws
