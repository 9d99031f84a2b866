//===- PluginLoaderTest.cpp - Every way a plugin load can fail ------------===//
//
// Loads each fixture of test/plugins/bad/ into this one process and checks
// that the load fails with "<path>: <reason>", that nothing of the failed
// plugin is registered, and that the well-behaved plugin still loads and
// works afterwards: the process and the other plugins keep working.
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/Compiler.h"
#include "trident/Config.h"
#include "trident/Plugin/PluginManager.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

using namespace llvm;
using namespace trident;
using trident::test::errorText;
using trident::test::testPlugin;

namespace {

const char *kModule = R"mlir(
func.func @add() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}
)mlir";

std::string goodPath() { return testPlugin("good-fixture"); }

std::string realPath(const std::string &path) {
  SmallString<256> real;
  if (sys::fs::real_path(path, real))
    return path;
  return real.str().str();
}

/// A unique path in the temporary folder; `model` as for createUniquePath.
SmallString<256> tempPath(StringRef model) {
  SmallString<256> dir, path;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  sys::path::append(dir, model);
  sys::fs::createUniquePath(dir, path, /*MakeAbsolute=*/false);
  return path;
}

bool hasPlugin(StringRef name) {
  return PluginManager::instance().findPlugin(name) != nullptr;
}

std::vector<std::string> pluginDialects() {
  mlir::DialectRegistry registry;
  PluginManager::instance().appendDialects(registry);
  std::vector<std::string> names;
  for (StringRef n : registry.getDialectNames())
    names.push_back(n.str());
  return names;
}

/// The good plugin loads (the first time) or is already loaded (a no-op),
/// and its pass, dialect and named pipeline work in a compile.
void expectGoodPluginWorks() {
  ASSERT_EQ(errorText(PluginManager::instance().load(goodPath())), "");
  const LoadedPlugin *good = PluginManager::instance().findPlugin("good");
  ASSERT_NE(good, nullptr);
  EXPECT_EQ(good->path, realPath(goodPath()));
  EXPECT_EQ(good->cacheKey, "good-options=1");
  EXPECT_TRUE(isRegisteredPass("good-mark"));
  EXPECT_TRUE(is_contained(pluginDialects(), "good"));

  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = compiler.buildPipeline("cuda:90a", "good-marked");
  TRIDENT_ASSERT_EXPECTED(pipeline);
  ASSERT_NE(pipeline->findStage("tir")->find("good-mark"), nullptr);
  TRIDENT_ASSERT_OK(compiler.run(**module, *pipeline, "tir"));
  EXPECT_TRUE(module->get()->hasAttr("good-mark.ran"));
}

//===----------------------------------------------------------------------===//
// TRIDENT_PLUGIN_PATHS at first use, each case in a fresh process
//===----------------------------------------------------------------------===//

/// Ends the (death test's) process: status 0 if `failure` is empty.
[[noreturn]] void exitWith(const std::string &failure) {
  if (!failure.empty())
    fprintf(stderr, "%s\n", failure.c_str());
  fflush(stderr);
  std::_Exit(failure.empty() ? 0 : 1);
}

/// load() before anything else: the environment's plugins load first, and
/// the first loadFromEnvironment() still returns their errors, once.
std::string firstUseIsLoad() {
  std::string missing = testPlugin("does-not-exist");
  std::string paths = goodPath() + ":" + missing;
  setenv("TRIDENT_PLUGIN_PATHS", paths.c_str(), 1);
  PluginManager &manager = PluginManager::instance();
  if (Error err = manager.load(testPlugin("bad-exec-fail")))
    return "load: " + toString(std::move(err));
  std::vector<const LoadedPlugin *> plugins = manager.plugins();
  if (plugins.size() != 2 || plugins[0]->name != "good")
    return "the environment's plugin did not load first";
  std::string errors = errorText(manager.loadFromEnvironment());
  if (errors != missing + ": no such file")
    return "first loadFromEnvironment(): '" + errors + "'";
  errors = errorText(manager.loadFromEnvironment());
  if (!errors.empty())
    return "second loadFromEnvironment(): '" + errors + "'";
  return "";
}

/// buildPipeline() before anything else sees the environment's plugins.
std::string firstUseIsBuildPipeline() {
  setenv("TRIDENT_PLUGIN_PATHS", goodPath().c_str(), 1);
  Expected<Target> target = Target::parse("cpu");
  if (!target)
    return toString(target.takeError());
  Expected<Pipeline> pipeline =
      PluginManager::instance().buildPipeline(*target, "good-marked");
  if (!pipeline)
    return toString(pipeline.takeError());
  return "";
}

TEST(PluginLoaderDeathTest, EnvironmentPluginsLoadAtFirstUse) {
  // "threadsafe" runs each statement in a new process of this binary, which
  // has loaded no plugin and read no environment.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(exitWith(firstUseIsLoad()), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(exitWith(firstUseIsBuildPipeline()), testing::ExitedWithCode(0),
              "");
}

// Must run first (gtest runs tests in the order they are defined): a failure
// before any plugin was loaded does not keep the first good plugin out.
TEST(PluginLoader, FailureBeforeAnyPluginThenGoodPluginLoads) {
  if (hasPlugin("good"))
    GTEST_SKIP() << "meaningful only as the first test (no shuffling)";
  std::string path = testPlugin("bad-api-version");
  EXPECT_NE(errorText(PluginManager::instance().load(path)), "");
  EXPECT_TRUE(PluginManager::instance().plugins().empty());
  expectGoodPluginWorks();
  EXPECT_EQ(PluginManager::instance().plugins().size(), 1u);
}

//===----------------------------------------------------------------------===//
// One test per fixture
//===----------------------------------------------------------------------===//

struct BadCase {
  const char *stem;  ///< file: lib<stem>.so in the test plugin folder
  /// The reason after "<path>: ". "@GOOD@" stands for the good plugin's
  /// canonical path.
  std::string reason;
  bool exact = true; ///< the reason is the whole rest of the message
  /// Passes the fixture declares, which must stay unregistered.
  std::vector<std::string> passes = {};
};

std::ostream &operator<<(std::ostream &os, const BadCase &c) {
  return os << c.stem;
}

std::string expand(std::string text) {
  size_t at = text.find("@GOOD@");
  if (at != std::string::npos)
    text.replace(at, 6, realPath(goodPath()));
  return text;
}

const std::string kTirEntries =
    "(entries: inline, tir-rank0-to-scalars, tir-lower-block-pointers, tir-lower-descriptors, "
    "tir-combine, canonicalize, cse, "
    "loop-invariant-code-motion, tir-flatten-loops, symbol-dce)";

std::vector<BadCase> badCases() {
  std::string api = std::to_string(TRIDENT_PLUGIN_API_VERSION);
  std::string apiPlus1 = std::to_string(TRIDENT_PLUGIN_API_VERSION + 1);
  std::string size = std::to_string(sizeof(TridentPluginInfo));
  std::string sizeMinus8 = std::to_string(sizeof(TridentPluginInfo) - 8);
  return {
      // Files that are not plugins.
      {"does-not-exist", "no such file"},
      // dlopen's message, without the path it repeats.
      {"bad-not-a-library", "not a loadable shared library: invalid ELF header"},
      // A second copy of MLIR/LLVM in the process: refused before dlopen.
      {"bad-links-mlir", "links against libMLIR.so", false},
      {"bad-static-mlir",
       "defines mlir::MLIRContext's constructor, so it holds a statically "
       "linked copy of MLIR; plugins must link only against "
       "libTridentCore.so"},
      {"bad-no-entry",
       "no entry point 'tridentGetPluginInfo' (define it with "
       "TRIDENT_PLUGIN_EXPORT so that it is exported)"},
      // The entry point.
      {"bad-null-info", "the entry point returned null"},
      {"bad-entry-crash", "the entry point crashed"},
      // The header of TridentPluginInfo.
      {"bad-api-version", "plugin API version " + apiPlus1 +
                              ", but this core supports version " + api},
      {"bad-build-id", "built against core 'trident-0.0.0+mlir-0.0+abi-0', "
                       "but this core is '" TRIDENT_BUILD_ID
                       "'; rebuild the plugin"},
      {"bad-struct-size",
       "TridentPluginInfo has size " + sizeMinus8 + ", expected " + size},
      {"bad-null-build-id", "field 'coreBuildId' is null"},
      {"bad-null-name", "field 'name' is null"},
      {"bad-null-version", "field 'version' is null"},
      {"bad-invalid-name",
       "invalid plugin name 'bad name!' (use letters, digits, '_', '.', '-')"},
      {"bad-dup-plugin-name",
       "a plugin named 'good' is already loaded from @GOOD@"},
      {"bad-cache-key-null", "'cacheKey' returned null"},
      // Arrays that are null with a non-zero count.
      {"bad-null-passes", "field 'passes' is null but its count is 2"},
      {"bad-null-dialects", "field 'dialects' is null but its count is 1"},
      {"bad-null-edits", "field 'edits' is null but its count is 3"},
      {"bad-null-dsl-ops", "field 'dslOps' is null but its count is 1"},
      {"bad-null-edit-passes",
       "edits[0] (insert-after): field 'passes' is null but its count is 1"},
      // Passes.
      {"bad-implausible-count",
       "field 'passes' has an implausible count 1000000"},
      {"bad-pass-null-argument", "passes[0]: field 'argument' is null or empty"},
      {"bad-pass-null-description",
       "passes[0] ('bad-pass-null-description-pass'): field 'description' "
       "is null",
       true,
       {"bad-pass-null-description-pass"}},
      {"bad-pass-null-create",
       "passes[0] ('bad-pass-null-create-pass'): field 'create' is null",
       true,
       {"bad-pass-null-create-pass"}},
      {"bad-pass-create-null",
       "pass 'bad-pass-create-null-pass': 'create' returned null",
       true,
       {"bad-pass-create-null-pass"}},
      {"bad-pass-create-crash",
       "pass 'bad-pass-create-crash-pass': 'create' crashed",
       true,
       {"bad-pass-create-crash-pass"}},
      {"bad-pass-argument-mismatch",
       "pass 'bad-pass-argument-mismatch-pass': the created pass's argument "
       "is 'not-the-declared-name'",
       true,
       {"bad-pass-argument-mismatch-pass", "not-the-declared-name"}},
      {"bad-pass-listed-twice",
       "pass 'bad-pass-listed-twice-pass' is listed twice",
       true,
       {"bad-pass-listed-twice-pass"}},
      {"bad-pass-core-name",
       "pass 'canonicalize' is already registered by the core"},
      {"bad-pass-plugin-name",
       "pass 'good-mark' is already registered by plugin 'good' (@GOOD@)"},
      // Dialects.
      {"bad-dialect-core-name", "dialect 'arith' is already provided by the core"},
      {"bad-dialect-plugin-name",
       "dialect 'good' is already provided by plugin 'good' (@GOOD@)"},
      {"bad-dialect-listed-twice", "dialect 'bad_fixture' is listed twice"},
      // MLIR aborts the process when a context gets two dialects for one
      // namespace; the loader must refuse such a plugin first.
      {"bad-dialect-shadows-core",
       "dialect 'bad_fixture': 'registerDialect' also registers a dialect "
       "'arith' that is not the one the core registers under that name"},
      {"bad-dialect-shadows-plugin",
       "dialect 'bad_fixture': 'registerDialect' also registers a dialect "
       "'good' that is not the one plugin 'good' (@GOOD@) registers under "
       "that name"},
      {"bad-dialect-registers-nothing",
       "dialect 'bad_fixture': 'registerDialect' did not register it"},
      {"bad-dialect-null-register",
       "dialects[0] ('bad_fixture'): field 'registerDialect' is null"},
      // Callbacks that fail or crash.
      {"bad-init-fails",
       "'initialize' failed: the fixture refuses to initialize",
       true,
       {"bad-init-fails-pass"}},
      {"bad-init-fails-silently", "'initialize' failed: (no message reported)"},
      {"bad-init-crash", "'initialize' crashed"},
      {"bad-build-stage-fails",
       "plugin 'bad-build-stage-fails': override-stage tir (pipeline "
       "'default', target cuda:90a): 'buildStage' failed: ",
       false,
       {"bad-build-stage-fails-pass"}},
      {"bad-build-stage-crash",
       "plugin 'bad-build-stage-crash': override-stage tir (pipeline "
       "'default', target cuda:90a): 'buildStage' crashed"},
      {"bad-build-pipeline-fails",
       "plugin 'bad-build-pipeline-fails': override-pipeline (pipeline "
       "'default', target cuda:90a): 'buildPipeline' failed: ",
       false},
      // Pipeline edits.
      {"bad-edit-unknown-kind", "edits[0]: unknown edit kind 99", true,
       {"bad-edit-unknown-kind-pass"}},
      {"bad-edit-null-stage", "edits[0] (append): field 'stage' is null", true,
       {"bad-edit-null-stage-pass"}},
      {"bad-edit-unknown-stage",
       "edits[0] (append): no target has a stage named 'nosuchstage'", true,
       {"bad-edit-unknown-stage-pass"}},
      {"bad-edit-unknown-target", "edits[0]: unknown target 'tpu:v5'", true,
       {"bad-edit-unknown-target-pass"}},
      {"bad-edit-unknown-arch", "edits[0]: unknown target 'cuda:99'", true,
       {"bad-edit-unknown-arch-pass"}},
      {"bad-edit-unknown-pass",
       "plugin 'bad-edit-unknown-pass': insert-after tir:cse (pipeline "
       "'default', target cuda:90a): unknown pass 'no-such-pass' (not registered by the core "
       "or any plugin)"},
      {"bad-edit-null-anchor",
       "edits[0] (insert-before): field 'anchor' is null", true,
       {"bad-edit-null-anchor-pass"}},
      {"bad-edit-missing-anchor",
       "plugin 'bad-edit-missing-anchor': insert-before tir:no-such-entry "
       "(pipeline 'default', target cuda:90a): no entry 'no-such-entry' in "
       "stage 'tir' " +
           kTirEntries,
       true,
       {"bad-edit-missing-anchor-pass"}},
      {"bad-edit-no-passes", "edits[0] (replace): the edit lists no passes"},
      {"bad-edit-duplicate-id",
       "plugin 'bad-edit-duplicate-id': insert-after tir:cse (pipeline "
       "'default', target cuda:90a): entry id 'cse' occurs twice in stage 'tir'; give one of "
       "them a label"},
      // Pass options are parsed at load, as running would parse them.
      {"bad-edit-bad-options",
       "plugin 'bad-edit-bad-options': entry 'canonicalize#late' of stage "
       "'tir': bad options 'no-such-option=1': ",
       false},
      {"bad-edit-bad-own-options",
       "plugin 'bad-edit-bad-own-options': entry "
       "'bad-edit-bad-own-options-pass' of stage 'tir': bad options "
       "'bogus=1': ",
       false,
       {"bad-edit-bad-own-options-pass"}},
      {"bad-edit-stage-both",
       "edits[0] (override-stage): give 'passes' or 'buildStage', not both",
       true,
       {"bad-edit-stage-both-pass"}},
      {"bad-pipeline-named-default",
       "pipelines[0]: 'default' is the built-in pipeline's name"},
      {"bad-pipeline-null-name", "pipelines[0]: field 'name' is null or invalid"},
      {"bad-pipeline-listed-twice", "pipeline 'twice' is listed twice"},
      {"bad-pipeline-plugin-name",
       "pipeline 'good-marked' is already defined by plugin 'good' (@GOOD@)"},
      {"bad-pipeline-bad-edit",
       "plugin 'bad-pipeline-bad-edit': disable gir:no-such-entry (pipeline "
       "'bad-edit', target cuda:90a): no entry 'no-such-entry' in stage 'gir' (entries: "
       "convert-tir-to-gir, gir-coalesce, gir-dot-layouts, "
       "gir-split-columns, gir-remove-layout-conversions, canonicalize, cse, "
       "gir-split-ctas, "
       "gir-pipeline, "
       "canonicalize#pipelined, cse#pipelined)"},
      // DSL ops.
      {"bad-dsl-op-null-name", "dslOps[0]: field 'name' is null or empty"},
      {"bad-dsl-op-null-emit", "dslOps[0] ('bad.op'): field 'emit' is null"},
      {"bad-dsl-op-plugin-name",
       "DSL op 'good.op' is already defined by plugin 'good' (@GOOD@)"},
      {"bad-dsl-op-listed-twice", "DSL op 'bad.op' is already defined"},
  };
}

class BadPlugin : public testing::TestWithParam<BadCase> {};

TEST_P(BadPlugin, FailsWithReasonAndLeavesNoTrace) {
  const BadCase &c = GetParam();
  // Cases that clash with the good plugin need it loaded first.
  expectGoodPluginWorks();
  size_t before = PluginManager::instance().plugins().size();
  std::vector<std::string> pipelinesBefore =
      PluginManager::instance().pipelineNames();
  std::vector<std::string> dialectsBefore = pluginDialects();

  std::string path = testPlugin(c.stem);
  std::string message = errorText(PluginManager::instance().load(path));
  std::string expected = path + ": " + expand(c.reason);
  if (c.exact)
    EXPECT_EQ(message, expected);
  else
    EXPECT_EQ(message.substr(0, expected.size()), expected) << message;

  // No trace: no plugin, pass, dialect, named pipeline or pipeline edit.
  EXPECT_EQ(PluginManager::instance().plugins().size(), before);
  EXPECT_FALSE(hasPlugin(std::string(c.stem)));
  for (const std::string &pass : c.passes) {
    EXPECT_FALSE(isRegisteredPass(pass)) << pass;
    EXPECT_EQ(PluginManager::instance().ownerOfPass(pass), nullptr) << pass;
  }
  EXPECT_EQ(PluginManager::instance().pipelineNames(), pipelinesBefore);
  EXPECT_EQ(pluginDialects(), dialectsBefore);
  for (StringRef target : knownTargets()) {
    Expected<Target> t = Target::parse(target);
    TRIDENT_ASSERT_EXPECTED(t);
    Expected<Pipeline> p = PluginManager::instance().buildPipeline(*t);
    TRIDENT_ASSERT_EXPECTED(p);
    EXPECT_EQ(p->str(), defaultPipeline(*t).str()) << target.str();
  }

  // A second attempt fails the same way: a failed file is not remembered as
  // loaded.
  EXPECT_EQ(errorText(PluginManager::instance().load(path)), message);

  // The process and the good plugin keep working.
  expectGoodPluginWorks();
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, BadPlugin, testing::ValuesIn(badCases()),
    [](const testing::TestParamInfo<BadCase> &info) {
      std::string name;
      for (char c : std::string(info.param.stem))
        name += isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return name;
    });

//===----------------------------------------------------------------------===//
// Other loader behaviour
//===----------------------------------------------------------------------===//

TEST(PluginLoader, OtherPathErrors) {
  EXPECT_EQ(errorText(PluginManager::instance().load("")),
            ": empty plugin path");
  std::string dir = TRIDENT_TEST_PLUGIN_DIR;
  EXPECT_EQ(errorText(PluginManager::instance().load(dir)),
            dir + ": is a directory, not a shared library");
  expectGoodPluginWorks();
}

TEST(PluginLoader, APathWithANulByteIsRefusedWhole) {
  // Cut at its NUL, the path would name the good plugin and load it: the
  // whole path is refused instead, shown with the NUL escaped.
  std::string good = goodPath();
  std::string path = good + std::string("\0.junk", 6);
  ASSERT_EQ(path.size(), good.size() + 6);
  EXPECT_EQ(errorText(PluginManager::instance().load(path)),
            "'" + good + "\\x00.junk': the path contains a NUL byte");
  expectGoodPluginWorks();
}

TEST(PluginLoader, LoadingTheSameFileTwiceIsANoOp) {
  expectGoodPluginWorks();
  size_t before = PluginManager::instance().plugins().size();
  const LoadedPlugin *good = PluginManager::instance().findPlugin("good");
  TRIDENT_ASSERT_OK(PluginManager::instance().load(goodPath()));
  TRIDENT_ASSERT_OK(PluginManager::instance().load(goodPath()));
  EXPECT_EQ(PluginManager::instance().plugins().size(), before);
  EXPECT_EQ(PluginManager::instance().findPlugin("good"), good);

  // The same file under another name (a symbolic link, a path with "..")
  // is the same plugin too.
  SmallString<256> link = tempPath("trident-good-%%%%%%.so");
  ASSERT_FALSE(sys::fs::create_link(goodPath(), link));
  TRIDENT_ASSERT_OK(PluginManager::instance().load(link));
  std::string dotted = std::string(TRIDENT_TEST_PLUGIN_DIR) +
                       "/../plugins/libgood-fixture.so";
  TRIDENT_ASSERT_OK(PluginManager::instance().load(dotted));
  EXPECT_EQ(PluginManager::instance().plugins().size(), before);
  sys::fs::remove(link);
}

TEST(PluginLoader, ACopyOfALoadedPluginIsADuplicateName) {
  expectGoodPluginWorks();
  // A different file that declares the same plugin (here: a copy): the
  // error names the plugin and the file it was loaded from.
  SmallString<256> copy = tempPath("trident-good-copy-%%%%%%.so");
  ASSERT_FALSE(sys::fs::copy_file(goodPath(), copy));
  std::string message = errorText(PluginManager::instance().load(copy));
  EXPECT_EQ(message, copy.str().str() +
                         ": a plugin named 'good' is already loaded from " +
                         realPath(goodPath()));
  sys::fs::remove(copy);
  expectGoodPluginWorks();
}

TEST(PluginLoader, AFailedLoadReservesNothing) {
  // bad-init-fails is refused in its last step; the refusal does not
  // reserve its name, its pass or its dialect.
  std::string path = testPlugin("bad-init-fails");
  EXPECT_NE(errorText(PluginManager::instance().load(path)), "");
  EXPECT_FALSE(hasPlugin("bad-init-fails"));
  EXPECT_FALSE(isRegisteredPass("bad-init-fails-pass"));
  EXPECT_FALSE(is_contained(pluginDialects(), "bad_fixture"));
  EXPECT_EQ(mlir::PassInfo::lookup("bad-init-fails-pass"), nullptr);
  // Another fixture declaring dialect bad_fixture is refused for
  // its own reason, not because the failed one left the name behind.
  std::string other = testPlugin("bad-dialect-registers-nothing");
  std::string message = errorText(PluginManager::instance().load(other));
  EXPECT_NE(message.find("did not register it"), std::string::npos) << message;
  expectGoodPluginWorks();
}

} // namespace
