#pragma once
// A YAML file written by a user (a scenario, a board): read as one document
// after the checks that keep yaml-cpp 0.7 from looping or expanding without
// bound. Errors are InputErrors "<path>[:<line>]: <what>"; `noun` names the
// kind of file in them ("scenario", "board").
#include <string>
#include <yaml-cpp/yaml.h>

namespace ws {

// The file's one document (null when the file is empty). Throws InputError.
YAML::Node load_yaml_document(const std::string& path, const std::string& noun);

// 1-based line of a node, 0 when unknown; "path:line" (or "path").
int yaml_line(const YAML::Node& n);
std::string yaml_where(const std::string& path, const YAML::Node& n);

}  // namespace ws
