//===- EnvironmentPluginsTest.cpp - TRIDENT_PLUGIN_PATHS from C++ ---------===//
//
// A process whose TRIDENT_PLUGIN_PATHS lists good and bad plugins: every bad
// one is reported ("<path>: <reason>"), the good ones load and work.
// Environment plugins load once per process, so this is its own binary.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/Compiler.h"
#include "trident/Plugin/PluginManager.h"

#include <cstdlib>

using namespace llvm;
using namespace trident;
using trident::test::testPlugin;

namespace {

TEST(EnvironmentPlugins, BadOnesReportedGoodOnesWork) {
  std::string bad1 = testPlugin("bad-null-version");
  std::string missing = testPlugin("does-not-exist");
  std::string good = testPlugin("good-fixture");
  std::string paths = bad1 + ":" + good + "::" + missing;
  ASSERT_EQ(setenv("TRIDENT_PLUGIN_PATHS", paths.c_str(), 1), 0);

  Compiler compiler;
  ASSERT_EQ(compiler.environmentErrors().size(), 2u);
  EXPECT_EQ(compiler.environmentErrors()[0],
            bad1 + ": field 'version' is null");
  EXPECT_EQ(compiler.environmentErrors()[1], missing + ": no such file");
  ASSERT_NE(PluginManager::instance().findPlugin("good"), nullptr);
  EXPECT_EQ(PluginManager::instance().plugins().size(), 1u);

  auto module = compiler.parseSource("module {}");
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = compiler.buildPipeline("cpu", "good-marked");
  TRIDENT_ASSERT_EXPECTED(pipeline);
  TRIDENT_ASSERT_OK(compiler.run(**module, *pipeline, "tir"));
  EXPECT_TRUE(module->get()->hasAttr("good-mark.ran"));

  // Read once per process: a second compiler neither reloads nor re-reports.
  Compiler second;
  EXPECT_TRUE(second.environmentErrors().empty());
  EXPECT_EQ(PluginManager::instance().plugins().size(), 1u);
}

} // namespace
