//===- ToolSupportTest.cpp - Plugin arguments of the tools ----------------===//
#include "trident/Tools/ToolSupport.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace trident;

namespace {

TEST(ToolSupport, ExtractPluginArgs) {
  std::vector<std::string> storage = {
      "trident-opt", "--load-plugin=a.so", "in.mlir", "--load-plugin",
      "b.so",        "-load-plugin=c.so",  "--canonicalize", "-load-plugin",
      "d.so",        "--load-plugin"};
  std::vector<char *> args;
  for (std::string &s : storage)
    args.push_back(s.data());
  std::vector<std::string> paths = extractPluginArgs(args);
  EXPECT_EQ(paths, (std::vector<std::string>{"a.so", "b.so", "c.so", "d.so"}));
  std::vector<std::string> kept(args.begin(), args.end());
  // A trailing --load-plugin with no value is left for the tool to reject.
  EXPECT_EQ(kept, (std::vector<std::string>{"trident-opt", "in.mlir",
                                            "--canonicalize", "--load-plugin"}));
}

} // namespace
