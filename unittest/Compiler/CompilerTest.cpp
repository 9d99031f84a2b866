//===- CompilerTest.cpp - The C++ API, with no Python ---------------------===//
//
// Parses a module from a string, builds the cuda:90a pipeline, runs it stage
// by stage, and checks how misbehaving plugin passes are reported: a pass
// that breaks the IR, one that fails and one that crashes (the process
// continues).
//
//===----------------------------------------------------------------------===//
#include "../TestSupport.h"

#include "trident/Compiler/Compiler.h"
#include "trident/Plugin/PluginManager.h"

#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <thread>

using namespace llvm;
using namespace trident;
using trident::test::errorText;
using trident::test::testPlugin;

namespace {

const char *kModule = R"mlir(
func.func @add(%x: i32) -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  %d = arith.addi %x, %c : i32
  return %d : i32
}
)mlir";

std::string print(mlir::Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->print(os);
  return s;
}

bool contains(StringRef text, StringRef part) { return text.contains(part); }

PipelineEdit disable(StringRef pass) {
  PipelineEdit e;
  e.kind = PipelineEdit::Kind::Disable;
  e.stage = "tir";
  e.anchor = pass.str();
  return e;
}

/// Loads the execution fixtures (valid plugins whose passes misbehave) once.
/// Each inserts its pass after tir:inline; tests disable the ones they do
/// not exercise.
void loadExecFixtures() {
  for (const char *stem : {"bad-exec-break-ir", "bad-exec-crash", "bad-exec-fail"})
    TRIDENT_ASSERT_OK(PluginManager::instance().load(testPlugin(stem)));
}

const std::vector<PipelineEdit> &allBadDisabled() {
  static const std::vector<PipelineEdit> edits = {
      disable("bad-break-ir"), disable("bad-crash"), disable("bad-fail")};
  return edits;
}

TEST(Compiler, RunsStageByStage) {
  // With the misbehaving fixtures loaded (every test loads them, so that
  // the order of tests does not matter) and disabled.
  loadExecFixtures();
  Compiler compiler;
  EXPECT_TRUE(compiler.environmentErrors().empty());
  auto module = compiler.parseSource(kModule, "add.mlir");
  TRIDENT_ASSERT_EXPECTED(module);

  auto pipeline =
      compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  EXPECT_EQ(pipeline->target.str(), "cuda:90a");
  EXPECT_EQ(pipeline->name, "default");
  EXPECT_FALSE(pipeline->fingerprint.empty());
  ASSERT_NE(pipeline->findStage("tir"), nullptr);

  // Until tir: one callback, after tir, with the constants folded.
  std::vector<std::string> stages;
  std::string afterTir;
  TRIDENT_ASSERT_OK(compiler.run(**module, *pipeline, "tir",
                                 [&](const Stage &s, mlir::ModuleOp m) {
                                   stages.push_back(s.name);
                                   afterTir = print(m);
                                 }));
  EXPECT_EQ(stages, std::vector<std::string>{"tir"});
  EXPECT_TRUE(contains(afterTir, "arith.constant 3 : i32")) << afterTir;
  EXPECT_FALSE(contains(afterTir, "arith.addi %c")) << afterTir;
  EXPECT_EQ(print(module->get()), afterTir);

  // Then until gir, on a freshly parsed module: tir then gir.
  auto again = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(again);
  stages.clear();
  std::string afterGir;
  TRIDENT_ASSERT_OK(compiler.run(**again, *pipeline, "gir",
                                 [&](const Stage &s, mlir::ModuleOp m) {
                                   stages.push_back(s.name);
                                   afterGir = print(m);
                                 }));
  EXPECT_EQ(stages, (std::vector<std::string>{"tir", "gir"}));
  EXPECT_TRUE(contains(afterGir, "func.func @add")) << afterGir;
  EXPECT_TRUE(contains(print(again->get()), "arith.constant 3 : i32"));

  // With no stage named: every stage this build can run.
  auto third = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(third);
  stages.clear();
  TRIDENT_ASSERT_OK(compiler.run(
      **third, *pipeline, "",
      [&](const Stage &s, mlir::ModuleOp) { stages.push_back(s.name); }));
  EXPECT_EQ(stages, (std::vector<std::string>{"tir", "gir"}));
}

TEST(Compiler, ApiErrors) {
  loadExecFixtures();
  Compiler compiler;
  std::string parse = errorText(
      compiler.parseSource("func.func @f( {", "broken.mlir").takeError());
  EXPECT_TRUE(contains(parse, "broken.mlir:1:")) << parse;
  EXPECT_TRUE(contains(parse, "error:")) << parse;

  std::string verify = errorText(
      compiler.parseSource("func.func @f() -> i32 { return }", "v.mlir")
          .takeError());
  EXPECT_TRUE(contains(verify, "v.mlir:1:")) << verify;

  EXPECT_EQ(errorText(compiler.parseFile("/nonexistent/k.mlir").takeError()),
            "/nonexistent/k.mlir: no such file");
  // Only regular files are read (a device never ends).
  EXPECT_EQ(errorText(compiler.parseFile("/dev/zero").takeError()),
            "/dev/zero: is a character device, not a regular file");
  EXPECT_TRUE(contains(errorText(compiler.buildPipeline("tpu").takeError()),
                       "invalid target 'tpu'"));
  EXPECT_TRUE(contains(
      errorText(compiler.buildPipeline("cuda:90a", "nope").takeError()),
      "no pipeline named 'nope' (known: default"));

  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline =
      compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  EXPECT_EQ(errorText(compiler.run(**module, *pipeline, "nope")),
            "target cuda:90a has no stage 'nope'");
  // The cuda stages all run now (see unittest/Target/NVIDIATest.cpp); the
  // AMD back end's do not yet.
  auto amd = compiler.buildPipeline("amd:gfx942", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(amd);
  EXPECT_EQ(errorText(compiler.run(**module, *amd, "amdgcn")),
            "stage 'amdgcn' of target amd:gfx942 is not implemented in this "
            "build yet");

  // Caller edits are checked like plugin edits, under the owner "user".
  PipelineEdit bad;
  bad.kind = PipelineEdit::Kind::InsertAfter;
  bad.stage = "tir";
  bad.anchor = "nope";
  bad.passes.push_back(PassEntry{"cse", "", "x"});
  EXPECT_TRUE(contains(
      errorText(compiler.buildPipeline("cuda:90a", "default", {bad}).takeError()),
      "plugin 'user': insert-after tir:nope"));

  // Bad pass options are reported at run time, naming the entry and who
  // inserted it (plugins' options are checked when they load).
  PipelineEdit opts;
  opts.kind = PipelineEdit::Kind::Append;
  opts.stage = "tir";
  opts.passes.push_back(PassEntry{"canonicalize", "no-such-option=1", "late"});
  std::vector<PipelineEdit> edits = allBadDisabled();
  edits.push_back(opts);
  auto withOpts = compiler.buildPipeline("cuda:90a", "default", edits);
  TRIDENT_ASSERT_EXPECTED(withOpts);
  std::string message = errorText(compiler.run(**module, *withOpts, "tir"));
  EXPECT_TRUE(contains(message, "stage 'tir': entry 'canonicalize#late' of "
                                "plugin 'user': bad options 'no-such-option=1'"))
      << message;
}

TEST(Compiler, ModuleOfAnotherContextIsRefused) {
  loadExecFixtures();
  Compiler mine, other;
  auto module = other.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = mine.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  EXPECT_EQ(errorText(mine.run(**module, *pipeline, "tir")),
            "the module belongs to another MLIRContext; parse it with this "
            "compiler");
  // Nothing ran on it; its own compiler runs it.
  EXPECT_FALSE(contains(print(module->get()), "arith.constant 3 : i32"));
  TRIDENT_ASSERT_OK(other.run(**module, *pipeline, "tir"));
  EXPECT_TRUE(contains(print(module->get()), "arith.constant 3 : i32"));
}

// load() registers passes in MLIR's global pass registry while compiles on
// other threads look passes up there: both go through the plugin manager's
// lock. Meaningful while the good fixture is not loaded yet (it is not in
// this binary otherwise). Without the lock the race shows as an occasional
// crash or a pass not found, not on every run.
TEST(Compiler, LoadingWhileAnotherThreadCompiles) {
  loadExecFixtures();
  std::atomic<bool> loaded{false};
  std::string loadError;
  std::thread loader([&] {
    loadError =
        errorText(PluginManager::instance().load(testPlugin("good-fixture")));
    loaded = true;
  });
  Compiler compiler;
  std::string failure;
  // At least 20 compiles, and on until the load is done (at most 500).
  for (int i = 0; i < 500 && failure.empty() && (i < 20 || !loaded); ++i) {
    auto module = compiler.parseSource(kModule);
    if (!module) {
      failure = toString(module.takeError());
      break;
    }
    auto pipeline =
        compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
    if (!pipeline) {
      failure = toString(pipeline.takeError());
      break;
    }
    failure = errorText(compiler.run(**module, *pipeline, "gir"));
  }
  loader.join();
  EXPECT_EQ(failure, "");
  EXPECT_EQ(loadError, "");
  // The plugin loaded meanwhile works.
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto marked = compiler.buildPipeline("cuda:90a", "good-marked",
                                       allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(marked);
  TRIDENT_ASSERT_OK(compiler.run(**module, *marked, "tir"));
  EXPECT_TRUE(module->get()->hasAttr("good-mark.ran"));
}

TEST(Compiler, PassThatBreaksTheIR) {
  loadExecFixtures();
  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = compiler.buildPipeline(
      "cuda:90a", "default", {disable("bad-crash"), disable("bad-fail")});
  TRIDENT_ASSERT_EXPECTED(pipeline);
  bool called = false;
  std::string message = errorText(compiler.run(
      **module, *pipeline, "gir",
      [&](const Stage &, mlir::ModuleOp) { called = true; }));
  EXPECT_FALSE(called);
  EXPECT_TRUE(contains(message, "pass 'bad-break-ir' of plugin "
                                "'bad-exec-break-ir' ("))
      << message;
  EXPECT_TRUE(contains(message, "fails verification")) << message;
  EXPECT_TRUE(contains(message, "in stage 'tir'")) << message;
  // The verifier's own diagnostic is included, once.
  StringRef rest = message;
  size_t at = rest.find("error:");
  ASSERT_NE(at, StringRef::npos) << message;
  EXPECT_EQ(rest.substr(at + 1).find("error:"), StringRef::npos) << message;
}

TEST(Compiler, PassThatFails) {
  loadExecFixtures();
  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline = compiler.buildPipeline(
      "cuda:90a", "default", {disable("bad-crash"), disable("bad-break-ir")});
  TRIDENT_ASSERT_EXPECTED(pipeline);
  std::string message = errorText(compiler.run(**module, *pipeline, "tir"));
  EXPECT_TRUE(contains(message,
                       "pass 'bad-fail' of plugin 'bad-exec-fail' ("))
      << message;
  EXPECT_TRUE(contains(message, "failed in stage 'tir'")) << message;
  EXPECT_TRUE(contains(message, "'bad-fail' refuses this module")) << message;
  EXPECT_FALSE(contains(message, "verification")) << message;
}

TEST(Compiler, PassThatCrashesAndTheProcessContinues) {
  loadExecFixtures();
  for (int round = 0; round < 2; ++round) {
    Compiler compiler;
    auto module = compiler.parseSource(kModule);
    TRIDENT_ASSERT_EXPECTED(module);
    auto pipeline = compiler.buildPipeline(
        "cuda:90a", "default", {disable("bad-break-ir"), disable("bad-fail")});
    TRIDENT_ASSERT_EXPECTED(pipeline);
    std::string message = errorText(compiler.run(**module, *pipeline, "gir"));
    EXPECT_TRUE(contains(message,
                         "pass 'bad-crash' of plugin 'bad-exec-crash' ("))
        << message;
    EXPECT_TRUE(contains(message, "crashed in stage 'tir'")) << message;

    // The crash may have left the context inconsistent: this compiler says
    // so rather than risk a second crash.
    std::string refused = errorText(compiler.parseSource(kModule).takeError());
    EXPECT_EQ(refused, "this compiler is unusable after the crash in pass "
                       "'bad-crash' of plugin 'bad-exec-crash' (" +
                           PluginManager::instance()
                               .findPlugin("bad-exec-crash")
                               ->path +
                           "); use a new Compiler");
    EXPECT_EQ(errorText(compiler.run(**module, *pipeline, "tir")), refused);
  }

  // A fresh compiler, with the misbehaving passes disabled, works.
  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline =
      compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  std::vector<std::string> stages;
  TRIDENT_ASSERT_OK(compiler.run(
      **module, *pipeline, "gir",
      [&](const Stage &s, mlir::ModuleOp) { stages.push_back(s.name); }));
  EXPECT_EQ(stages, (std::vector<std::string>{"tir", "gir"}));
  EXPECT_TRUE(contains(print(module->get()), "arith.constant 3 : i32"));
}

TEST(Compiler, PluginDialectThatCrashesWhileParsing) {
  loadExecFixtures();
  TRIDENT_ASSERT_OK(PluginManager::instance().load(
      testPlugin("bad-exec-dialect-crash")));
  {
    Compiler compiler;
    // A module without the dialect does not load it.
    auto fine = compiler.parseSource(kModule);
    TRIDENT_ASSERT_EXPECTED(fine);
    std::string message = errorText(
        compiler.parseSource("\"crashy.op\"() : () -> ()", "crashy.mlir")
            .takeError());
    // Blamed on the plugin: its code was on the crashing stack.
    EXPECT_EQ(message.rfind("crashy.mlir: code of plugin "
                            "'bad-exec-dialect-crash' (",
                            0),
              0u)
        << message;
    EXPECT_TRUE(contains(message, "crashed while parsing this file")) << message;
    EXPECT_EQ(errorText(compiler.parseSource(kModule).takeError()),
              "this compiler is unusable after the crash in parsing "
              "'crashy.mlir'; use a new Compiler");
  }
  // A fresh compiler works.
  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline =
      compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  TRIDENT_ASSERT_OK(compiler.run(**module, *pipeline, "gir"));
}

// Running out of memory, an LLVM fatal error or std::terminate in a pass is
// an error of that compile, as often as it happens; the process goes on and
// compiles other modules (each fixture's pass is in its named pipeline).
TEST(Compiler, ResourceFailuresAreErrorsEveryTime) {
  loadExecFixtures();
  const std::pair<const char *, const char *> fixtures[] = {
      {"bad-exec-oom", "ran out of memory in stage 'tir' (operator new"},
      {"bad-exec-llvm-oom", "ran out of memory in stage 'tir' (Allocation"},
      {"bad-exec-fatal", "hit an LLVM fatal error in stage 'tir'"},
      {"bad-exec-terminate", "crashed in stage 'tir' (std::terminate"}};
  for (const auto &[stem, _] : fixtures)
    TRIDENT_ASSERT_OK(PluginManager::instance().load(testPlugin(stem)));
  for (int round = 0; round < 5; ++round)
    for (const auto &[stem, what] : fixtures) {
      Compiler compiler;
      auto module = compiler.parseSource(kModule, "add.mlir");
      TRIDENT_ASSERT_EXPECTED(module);
      auto pipeline = compiler.buildPipeline("cuda:90a", stem, allBadDisabled());
      TRIDENT_ASSERT_EXPECTED(pipeline);
      std::string message =
          errorText(compiler.run(**module, *pipeline, "tir"));
      EXPECT_TRUE(contains(message, std::string("of plugin '") + stem + "'"))
          << message;
      EXPECT_TRUE(contains(message, what)) << message;
    }
  Compiler compiler;
  auto module = compiler.parseSource(kModule);
  TRIDENT_ASSERT_EXPECTED(module);
  auto pipeline =
      compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(pipeline);
  TRIDENT_ASSERT_OK(compiler.run(**module, *pipeline, "tir"));
}

TEST(Compiler, LoadedPluginsShowInThePipeline) {
  loadExecFixtures();
  Compiler compiler;
  auto pipeline = compiler.buildPipeline("cuda:90a");
  TRIDENT_ASSERT_EXPECTED(pipeline);
  std::string text = pipeline->str();
  EXPECT_TRUE(contains(text, "bad-break-ir  [inserted by plugin 'bad-exec-break-ir']"))
      << text;
  EXPECT_TRUE(contains(text, "bad-crash  [inserted by plugin 'bad-exec-crash']"))
      << text;
  auto disabled = compiler.buildPipeline("cuda:90a", "default", allBadDisabled());
  TRIDENT_ASSERT_EXPECTED(disabled);
  EXPECT_TRUE(contains(disabled->str(), "disabled by plugin 'user'"));
  EXPECT_NE(pipeline->fingerprint, disabled->fingerprint);
}

} // namespace
