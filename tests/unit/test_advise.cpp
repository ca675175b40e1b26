// advise's candidates and ranking (app/advise): steps within a key's range,
// every other choice, and a ranking whose answer is known by construction.
#include "app/advise.hpp"

#include <gtest/gtest.h>
#include <cmath>

namespace {

using ws::Change;
using ws::Outcome;
using ws::ParamSpec;

ParamSpec lever(ParamSpec s, std::vector<std::string> tries) {
  s.lever = std::move(tries);
  return s;
}

TEST(Advise, StepsStayInTheKeysRangeAndSayWhatTheyDropped) {
  const auto s = lever(ws::number("q.depth", ParamSpec::Kind::Int, "8", 1, 10, "-", "m", "x"), {"x2", "/2", "+1", "/3"});
  std::vector<std::string> dropped;
  EXPECT_EQ(ws::lever_values(s, "8", &dropped), (std::vector<std::string>{"4", "9", "3"}));  // 16 > 10; 8/3 rounds to 3
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_NE(dropped[0].find("q.depth x2: 16 is outside integer 1..10"), std::string::npos) << dropped[0];
}

TEST(Advise, AllIsEveryOtherChoiceAndValuesComeOnce) {
  const auto c = lever(ws::choice("drv.tx", "wait", {"wait", "lookahead", "batch"}, "-", "m", "x"), {"all", "batch"});
  EXPECT_EQ(ws::lever_values(c, "wait"), (std::vector<std::string>{"lookahead", "batch"}));
  const auto r = lever(ws::number("soc.mhz", ParamSpec::Kind::Real, "1000", 100, 2000, "MHz", "m", "x"), {"800", "1000", "x1.5"});
  EXPECT_EQ(ws::lever_values(r, "1000"), (std::vector<std::string>{"800", "1500"}));
}

Outcome ran(std::string key, std::string value, double score, std::string cost = "-") {
  Outcome o;
  o.change = Change{{{std::move(key), std::move(value)}}, std::move(cost)};
  o.ok = true, o.score = score;
  return o;
}

// Three levers with known gains over a base of 100: b +50 %, a +20 % (its
// better value), c none; one change failed to run.
std::vector<Outcome> known() {
  std::vector<Outcome> v = {ran("a", "1", 110), ran("a", "2", 120, "RAM"), ran("b", "x", 150, "a core"), ran("c", "y", 100)};
  Outcome failed;
  failed.change = Change{{{"d", "z"}}, "-"};
  failed.error = "not valid here";
  v.push_back(failed);
  return v;
}

TEST(Advise, RanksByGainWithFailuresLast) {
  const auto r = ws::ranked(known(), 100, true);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0].change.sets[0].first, "b");
  EXPECT_EQ(r[1].change.sets[0], (std::pair<std::string, std::string>{"a", "2"}));
  EXPECT_EQ(r[2].change.sets[0], (std::pair<std::string, std::string>{"a", "1"}));
  EXPECT_EQ(r[3].change.sets[0].first, "c");
  EXPECT_FALSE(r[4].ok);
  EXPECT_DOUBLE_EQ(ws::gain(150, 100, true), 0.5);
  const auto lower = ws::ranked(known(), 100, false);  // a load: less is better
  EXPECT_EQ(lower[0].change.sets[0].first, "c");
}

TEST(Advise, CombinesTheBestValueOfTheLeversThatGainedMost) {
  const auto combos = ws::combinations(known(), 100, true, 3);
  ASSERT_EQ(combos.size(), 1u);  // c gained nothing: b and a only
  EXPECT_EQ(combos[0].sets, (std::vector<std::pair<std::string, std::string>>{{"b", "x"}, {"a", "2"}}));
  EXPECT_EQ(combos[0].cost, "a core; RAM");
  EXPECT_TRUE(ws::combinations(known(), 100, true, 1).empty());
}

}  // namespace

namespace {

// From a headline of 0 a percentage means nothing: changes rank by the figure itself.
TEST(Advise, FromAZeroHeadlineTheFigureItselfRanks) {
  EXPECT_DOUBLE_EQ(ws::gain(5, 0, true), 5);
  EXPECT_DOUBLE_EQ(ws::gain(5, 0, false), -5);
  std::vector<Outcome> v = {ran("a", "1", 2), ran("b", "1", 7), ran("c", "1", 0)};
  const auto r = ws::ranked(v, 0, true);
  EXPECT_EQ(r[0].change.sets[0].first, "b");
  EXPECT_EQ(r[1].change.sets[0].first, "a");
}

TEST(Advise, AStepThatRoundsBackToTheValueIsSaidNotTried) {
  const auto s = lever(ws::number("q.depth", ParamSpec::Kind::Int, "1", 1, 10, "-", "m", "x"), {"/2", "x2"});
  std::vector<std::string> dropped;
  EXPECT_EQ(ws::lever_values(s, "1", &dropped), (std::vector<std::string>{"2"}));
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0], "q.depth /2: stays 1");
}

}  // namespace
