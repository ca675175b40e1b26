// Issue 38: a key is declared in one place. A model declares its keys in the
// C++ that reads them; a board file declares (gives a `kind` to) only keys of
// its own board, so no key is declared by two catalogue board files: a key two
// boards share is a model's, and each board gives it a value (and may put it in
// its part's words: a narrower range, its meaning).
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>
#include "platforms/common/board_file.hpp"
#include "platforms/common/data_root.hpp"
#include "platforms/platform.hpp"

namespace {

TEST(OneDeclaration, NoKeyIsDeclaredByTwoBoardFiles) {
  std::map<std::string, std::set<std::string>> declared_in;  // key -> board files that give it a kind
  for (const auto& p : ws::platforms()) {
    if (p.board.empty()) continue;
    const std::string own = ws::data_path(p.board);
    for (const auto& e : ws::board_file(p.board).entries)
      if (!e.kind.empty() && e.where.rfind(own + ":", 0) == 0) declared_in[e.key].insert(p.board);
  }
  ASSERT_FALSE(declared_in.empty());  // the boards do have keys of their own
  for (const auto& [key, files] : declared_in)
    EXPECT_EQ(files.size(), 1u) << "'" << key << "' is declared by " << files.size() << " board files, "
                                << *files.begin() << " and " << *files.rbegin()
                                << ": declare it once, in the model that reads it";
}

}  // namespace
