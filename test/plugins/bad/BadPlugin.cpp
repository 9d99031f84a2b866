//===- BadPlugin.cpp - One source, many (mostly broken) test plugins ------===//
//
// Compiled once per fixture with FIXTURE_NAME="<plugin name>" and exactly one
// FAULT_<CASE> definition (see CMakeLists.txt). Every fixture starts from a
// valid plugin description and breaks one thing in it, so that each load
// failure has exactly one cause. FAULT_NONE_GOOD builds the well-behaved
// plugin "good" that the tests load after every failure.
//
//===----------------------------------------------------------------------===//
#include "FixtureSupport.h"

#include "trident/Plugin/PluginABI.h"

#include <csignal>
#include <cstring>

#ifndef FIXTURE_NAME
#error "FIXTURE_NAME must be defined"
#endif

using fixture::PassAction;

namespace {

// Pass constructors (TridentPassInfo::create takes no arguments).
[[maybe_unused]] mlir::Pass *createGoodMark() {
  return fixture::createPass("good-mark", PassAction::Mark);
}
[[maybe_unused]] mlir::Pass *createOwnPass() {
  return fixture::createPass(FIXTURE_NAME "-pass", PassAction::Mark);
}
[[maybe_unused]] mlir::Pass *createCanonicalize() {
  return fixture::createPass("canonicalize", PassAction::Mark);
}
[[maybe_unused]] mlir::Pass *createBreakIR() {
  return fixture::createPass("bad-break-ir", PassAction::BreakIR);
}
[[maybe_unused]] mlir::Pass *createCrash() {
  return fixture::createPass("bad-crash", PassAction::Crash);
}
[[maybe_unused]] mlir::Pass *createFail() {
  return fixture::createPass("bad-fail", PassAction::Fail);
}
[[maybe_unused]] mlir::Pass *createResourcePass() {
#if defined(FAULT_EXEC_OOM)
  return fixture::createPass(FIXTURE_NAME "-pass", PassAction::OutOfMemory);
#elif defined(FAULT_EXEC_LLVM_OOM)
  return fixture::createPass(FIXTURE_NAME "-pass", PassAction::LLVMOutOfMemory);
#elif defined(FAULT_EXEC_FATAL)
  return fixture::createPass(FIXTURE_NAME "-pass", PassAction::FatalError);
#else
  return fixture::createPass(FIXTURE_NAME "-pass", PassAction::Terminate);
#endif
}
[[maybe_unused]] mlir::Pass *createNull() { return nullptr; }
[[maybe_unused]] mlir::Pass *createCrashing() {
  std::raise(SIGSEGV);
  return nullptr;
}
[[maybe_unused]] mlir::Pass *createMismatch() {
  return fixture::createPass("not-the-declared-name", PassAction::Mark);
}

[[maybe_unused]] void registerGoodDialect(mlir::DialectRegistry &registry) {
  fixture::registerDynamicDialect(registry, "good");
  // A dependency the core has too: the very same dialect, so allowed.
  fixture::registerFuncDialect(registry);
}
[[maybe_unused]] void registerArith(mlir::DialectRegistry &registry) {
  fixture::registerDynamicDialect(registry, "arith");
}
[[maybe_unused]] void registerOwnDialect(mlir::DialectRegistry &registry) {
  fixture::registerDynamicDialect(registry, "bad_fixture");
}
[[maybe_unused]] void registerCrashy(mlir::DialectRegistry &registry) {
  fixture::registerCrashingDialect(registry, "crashy");
}
[[maybe_unused]] void registerOwnAndArith(mlir::DialectRegistry &registry) {
  fixture::registerDynamicDialect(registry, "bad_fixture");
  fixture::registerDynamicDialect(registry, "arith"); // not the core's arith
}
[[maybe_unused]] void registerOwnAndGood(mlir::DialectRegistry &registry) {
  fixture::registerDynamicDialect(registry, "bad_fixture");
  fixture::registerDynamicDialect(registry, "good"); // not good's dialect
}
[[maybe_unused]] void registerNothing(mlir::DialectRegistry &) {}

[[maybe_unused]] const char *goodCacheKey() { return "good-options=1"; }
[[maybe_unused]] const char *nullCacheKey() { return nullptr; }

[[maybe_unused]] int initFails(TridentDiag *diag) {
  tridentReportError(diag, "the fixture refuses to initialize");
  return 1;
}
[[maybe_unused]] int initFailsSilently(TridentDiag *) { return 7; }
[[maybe_unused]] int initCrashes(TridentDiag *) {
  volatile int *p = nullptr;
  return *p;
}
[[maybe_unused]] int stageFails(trident::PassListBuilder &, const char *target,
                                TridentDiag *diag) {
  tridentReportError(diag, "the fixture cannot build this stage");
  return 1;
}
[[maybe_unused]] int stageCrashes(trident::PassListBuilder &,
                                  const char *target, TridentDiag *diag) {
  std::raise(SIGSEGV);
  return 0;
}
[[maybe_unused]] int pipelineFails(trident::PipelineBuilder &,
                                   const char *target, TridentDiag *diag) {
  tridentReportError(diag, "the fixture cannot build this pipeline");
  return 1;
}

// Shared tables that several fixtures point at.
[[maybe_unused]] const TridentPassInfo ownPass[] = {
    {FIXTURE_NAME "-pass", "the fixture's own pass", createOwnPass}};
[[maybe_unused]] const TridentPassRef ownPassRef[] = {{FIXTURE_NAME "-pass", nullptr, nullptr}};

[[maybe_unused]] TridentPipelineEdit edit(uint32_t kind, const char *stage, const char *anchor,
                         const TridentPassRef *passes, size_t numPasses) {
  TridentPipelineEdit e;
  std::memset(&e, 0, sizeof(e));
  e.kind = kind;
  e.target = "*";
  e.stage = stage;
  e.anchor = anchor;
  e.passes = passes;
  e.numPasses = numPasses;
  return e;
}

[[maybe_unused]] TridentPluginInfo makeInfo() {
  TridentPluginInfo info;
  std::memset(&info, 0, sizeof(info));
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = FIXTURE_NAME;
  info.version = "1.0";
  info.description = "a Trident test fixture";

#if defined(FAULT_NONE_GOOD)
  // The well-behaved plugin: a pass, a dialect, a named pipeline that runs
  // the pass, a cache key. It edits no default pipeline.
  static const TridentPassInfo passes[] = {
      {"good-mark", "marks the module", createGoodMark}};
  static const TridentDialectInfo dialects[] = {{"good", registerGoodDialect}};
  static const TridentPassRef mark[] = {{"good-mark", nullptr, nullptr}};
  static const TridentPipelineEdit markEdits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, mark, 1)};
  static const TridentNamedPipeline pipelines[] = {
      {"good-marked", "the default pipeline, then good-mark", markEdits, 1}};
  static const TridentDslOpInfo ops[] = {
      {"good.op", "", "emits nothing", fixture::emitNothing}};
  info.passes = passes;
  info.numPasses = 1;
  info.dialects = dialects;
  info.numDialects = 1;
  info.pipelines = pipelines;
  info.numPipelines = 1;
  info.dslOps = ops;
  info.numDslOps = 1;
  info.cacheKey = goodCacheKey;

// --- The ABI header -------------------------------------------------------
#elif defined(FAULT_API_VERSION)
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION + 1;
#elif defined(FAULT_BUILD_ID)
  info.coreBuildId = "trident-0.0.0+mlir-0.0+abi-0";
#elif defined(FAULT_STRUCT_SIZE)
  info.structSize = sizeof(TridentPluginInfo) - 8;
#elif defined(FAULT_NULL_BUILD_ID)
  info.coreBuildId = nullptr;
#elif defined(FAULT_NULL_NAME)
  info.name = nullptr;
#elif defined(FAULT_NULL_VERSION)
  info.version = nullptr;
#elif defined(FAULT_INVALID_NAME)
  info.name = "bad name!";
#elif defined(FAULT_DUP_PLUGIN_NAME)
  info.name = "good"; // the good fixture's name, from another file
#elif defined(FAULT_CACHE_KEY_NULL)
  info.cacheKey = nullCacheKey;

// --- Arrays ---------------------------------------------------------------
#elif defined(FAULT_NULL_PASSES)
  info.passes = nullptr;
  info.numPasses = 2;
#elif defined(FAULT_NULL_DIALECTS)
  info.dialects = nullptr;
  info.numDialects = 1;
#elif defined(FAULT_NULL_EDITS)
  info.edits = nullptr;
  info.numEdits = 3;
#elif defined(FAULT_NULL_DSL_OPS)
  info.dslOps = nullptr;
  info.numDslOps = 1;
#elif defined(FAULT_IMPLAUSIBLE_COUNT)
  info.passes = ownPass;
  info.numPasses = 1000000;
#elif defined(FAULT_NULL_EDIT_PASSES)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "cse", nullptr, 1)};
  info.edits = edits;
  info.numEdits = 1;

// --- Passes ---------------------------------------------------------------
#elif defined(FAULT_PASS_NULL_ARGUMENT)
  static const TridentPassInfo passes[] = {{nullptr, "no name", createOwnPass}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_NULL_DESCRIPTION)
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", nullptr, createOwnPass}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_NULL_CREATE)
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", "no constructor", nullptr}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_CREATE_NULL)
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", "constructs nothing", createNull}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_CREATE_CRASH)
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", "crashes when constructed", createCrashing}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_ARGUMENT_MISMATCH)
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", "constructs another pass", createMismatch}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_LISTED_TWICE)
  static const TridentPassInfo passes[] = {ownPass[0], ownPass[0]};
  info.passes = passes;
  info.numPasses = 2;
#elif defined(FAULT_PASS_CORE_NAME)
  static const TridentPassInfo passes[] = {
      {"canonicalize", "shadows a core pass", createCanonicalize}};
  info.passes = passes;
  info.numPasses = 1;
#elif defined(FAULT_PASS_PLUGIN_NAME)
  static const TridentPassInfo passes[] = {
      {"good-mark", "shadows the good plugin's pass", createGoodMark}};
  info.passes = passes;
  info.numPasses = 1;

// --- Dialects -------------------------------------------------------------
#elif defined(FAULT_DIALECT_CORE_NAME)
  static const TridentDialectInfo dialects[] = {{"arith", registerArith}};
  info.dialects = dialects;
  info.numDialects = 1;
#elif defined(FAULT_DIALECT_PLUGIN_NAME)
  static const TridentDialectInfo dialects[] = {{"good", registerGoodDialect}};
  info.dialects = dialects;
  info.numDialects = 1;
#elif defined(FAULT_DIALECT_LISTED_TWICE)
  static const TridentDialectInfo dialects[] = {
      {"bad_fixture", registerOwnDialect}, {"bad_fixture", registerOwnDialect}};
  info.dialects = dialects;
  info.numDialects = 2;
#elif defined(FAULT_DIALECT_SHADOWS_CORE)
  // Declares only its own dialect, but its hook also registers an "arith"
  // that is not the core's.
  static const TridentDialectInfo dialects[] = {{"bad_fixture", registerOwnAndArith}};
  info.dialects = dialects;
  info.numDialects = 1;
#elif defined(FAULT_DIALECT_SHADOWS_PLUGIN)
  static const TridentDialectInfo dialects[] = {{"bad_fixture", registerOwnAndGood}};
  info.dialects = dialects;
  info.numDialects = 1;
#elif defined(FAULT_DIALECT_REGISTERS_NOTHING)
  static const TridentDialectInfo dialects[] = {{"bad_fixture", registerNothing}};
  info.dialects = dialects;
  info.numDialects = 1;
#elif defined(FAULT_DIALECT_NULL_REGISTER)
  static const TridentDialectInfo dialects[] = {{"bad_fixture", nullptr}};
  info.dialects = dialects;
  info.numDialects = 1;

// --- Callbacks that fail or crash ----------------------------------------
#elif defined(FAULT_INIT_FAILS)
  // Valid in every other respect, with a pass, a dialect and an edit, so
  // that the tests can check that none of them outlives the failed load.
  static const TridentDialectInfo dialects[] = {{"bad_fixture", registerOwnDialect}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.dialects = dialects;
  info.numDialects = 1;
  info.edits = edits;
  info.numEdits = 1;
  info.initialize = initFails;
#elif defined(FAULT_INIT_FAILS_SILENTLY)
  info.initialize = initFailsSilently;
#elif defined(FAULT_INIT_CRASH)
  info.initialize = initCrashes;
#elif defined(FAULT_BUILD_STAGE_FAILS)
  info.passes = ownPass;
  info.numPasses = 1;
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_OVERRIDE_STAGE, "tir", nullptr, nullptr, 0)};
  edits[0].buildStage = stageFails;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_BUILD_STAGE_CRASH)
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_OVERRIDE_STAGE, "tir", nullptr, nullptr, 0)};
  edits[0].buildStage = stageCrashes;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_BUILD_PIPELINE_FAILS)
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_OVERRIDE_PIPELINE, nullptr, nullptr, nullptr, 0)};
  edits[0].buildPipeline = pipelineFails;
  info.edits = edits;
  info.numEdits = 1;

// --- Pipeline edits -------------------------------------------------------
#elif defined(FAULT_EDIT_UNKNOWN_KIND)
  static const TridentPipelineEdit edits[] = {
      edit(99, "tir", "cse", ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_NULL_STAGE)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, nullptr, nullptr, ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_UNKNOWN_STAGE)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "nosuchstage", nullptr, ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_UNKNOWN_TARGET)
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, ownPassRef, 1)};
  edits[0].target = "tpu:v5";
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_UNKNOWN_ARCH)
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, ownPassRef, 1)};
  edits[0].target = "cuda:99";
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_UNKNOWN_PASS)
  static const TridentPassRef refs[] = {{"no-such-pass", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "cse", refs, 1)};
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_NULL_ANCHOR)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_BEFORE, "tir", nullptr, ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_MISSING_ANCHOR)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_BEFORE, "tir", "no-such-entry", ownPassRef, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_NO_PASSES)
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_REPLACE, "tir", "cse", nullptr, 0)};
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_DUPLICATE_ID)
  static const TridentPassRef refs[] = {{"cse", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "cse", refs, 1)};
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_BAD_OPTIONS)
  // A core pass with an option it does not have: refused at load, not at
  // the first compile.
  static const TridentPassRef refs[] = {{"canonicalize", "no-such-option=1", "late"}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, refs, 1)};
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_BAD_OWN_OPTIONS)
  // The plugin's own pass (which has no options), with one.
  static const TridentPassRef refs[] = {{FIXTURE_NAME "-pass", "bogus=1", nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, refs, 1)};
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EDIT_STAGE_BOTH)
  static TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_OVERRIDE_STAGE, "tir", nullptr, ownPassRef, 1)};
  edits[0].buildStage = stageFails;
  info.passes = ownPass;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_PIPELINE_NAMED_DEFAULT)
  static const TridentNamedPipeline pipelines[] = {
      {"default", "shadows the built-in pipeline", nullptr, 0}};
  info.pipelines = pipelines;
  info.numPipelines = 1;
#elif defined(FAULT_PIPELINE_NULL_NAME)
  static const TridentNamedPipeline pipelines[] = {
      {nullptr, "has no name", nullptr, 0}};
  info.pipelines = pipelines;
  info.numPipelines = 1;
#elif defined(FAULT_PIPELINE_LISTED_TWICE)
  static const TridentNamedPipeline pipelines[] = {
      {"twice", "", nullptr, 0}, {"twice", "", nullptr, 0}};
  info.pipelines = pipelines;
  info.numPipelines = 2;
#elif defined(FAULT_PIPELINE_PLUGIN_NAME)
  static const TridentNamedPipeline pipelines[] = {
      {"good-marked", "the good plugin's pipeline name", nullptr, 0}};
  info.pipelines = pipelines;
  info.numPipelines = 1;
#elif defined(FAULT_PIPELINE_BAD_EDIT)
  // The named pipeline's edit is only wrong when that pipeline is built.
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_DISABLE, "gir", "no-such-entry", nullptr, 0)};
  static const TridentNamedPipeline pipelines[] = {
      {"bad-edit", "disables an entry gir does not have", edits, 1}};
  info.pipelines = pipelines;
  info.numPipelines = 1;

// --- DSL ops --------------------------------------------------------------
#elif defined(FAULT_DSL_OP_NULL_NAME)
  static const TridentDslOpInfo ops[] = {{nullptr, "", "", fixture::emitNothing}};
  info.dslOps = ops;
  info.numDslOps = 1;
#elif defined(FAULT_DSL_OP_NULL_EMIT)
  static const TridentDslOpInfo ops[] = {{"bad.op", "", "", nullptr}};
  info.dslOps = ops;
  info.numDslOps = 1;
#elif defined(FAULT_DSL_OP_PLUGIN_NAME)
  static const TridentDslOpInfo ops[] = {{"good.op", "", "", fixture::emitNothing}};
  info.dslOps = ops;
  info.numDslOps = 1;
#elif defined(FAULT_DSL_OP_LISTED_TWICE)
  static const TridentDslOpInfo ops[] = {{"bad.op", "", "", fixture::emitNothing},
                                         {"bad.op", "", "", fixture::emitNothing}};
  info.dslOps = ops;
  info.numDslOps = 2;

// --- Execution: valid plugins whose passes misbehave when run -------------
#elif defined(FAULT_EXEC_BREAK_IR)
  static const TridentPassInfo passes[] = {
      {"bad-break-ir", "erases every function's terminator", createBreakIR}};
  static const TridentPassRef refs[] = {{"bad-break-ir", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "inline", refs, 1)};
  info.passes = passes;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EXEC_CRASH)
  static const TridentPassInfo passes[] = {
      {"bad-crash", "crashes (SIGSEGV)", createCrash}};
  static const TridentPassRef refs[] = {{"bad-crash", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "inline", refs, 1)};
  info.passes = passes;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EXEC_FAIL)
  static const TridentPassInfo passes[] = {
      {"bad-fail", "emits an error and fails", createFail}};
  static const TridentPassRef refs[] = {{"bad-fail", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_INSERT_AFTER, "tir", "inline", refs, 1)};
  info.passes = passes;
  info.numPasses = 1;
  info.edits = edits;
  info.numEdits = 1;
#elif defined(FAULT_EXEC_OOM) || defined(FAULT_EXEC_LLVM_OOM) ||              \
    defined(FAULT_EXEC_FATAL) || defined(FAULT_EXEC_TERMINATE)
  // A pass that runs out of memory (or gives up) as the fixture's name
  // says, in a named pipeline of the same name (the default one, then the
  // pass), so that the default pipeline still compiles while it is loaded.
  static const TridentPassInfo passes[] = {
      {FIXTURE_NAME "-pass", "fails as its plugin's name says",
       createResourcePass}};
  static const TridentPassRef refs[] = {{FIXTURE_NAME "-pass", nullptr, nullptr}};
  static const TridentPipelineEdit edits[] = {
      edit(TRIDENT_EDIT_APPEND, "tir", nullptr, refs, 1)};
  static const TridentNamedPipeline pipelines[] = {
      {FIXTURE_NAME, "the default pipeline, then the failing pass", edits, 1}};
  info.passes = passes;
  info.numPasses = 1;
  info.pipelines = pipelines;
  info.numPipelines = 1;
#elif defined(FAULT_EXEC_DIALECT_CRASH)
  // Loads fine; its dialect "crashy" crashes when a context loads it.
  static const TridentDialectInfo dialects[] = {{"crashy", registerCrashy}};
  info.dialects = dialects;
  info.numDialects = 1;

#elif defined(FAULT_NULL_INFO) || defined(FAULT_ENTRY_CRASH)
  // Handled in the entry point.
#elif defined(FAULT_LINKS_MLIR) || defined(FAULT_STATIC_MLIR)
  // A valid description; what is wrong is how the library is linked (see
  // CMakeLists.txt and below).
#else
#error "define one FAULT_<CASE>"
#endif
  return info;
}

} // namespace

#if defined(FAULT_STATIC_MLIR)
// Stands in for a copy of MLIR linked statically into the plugin: a
// definition of mlir::MLIRContext::MLIRContext(Threading) (hidden, as in a
// plugin built with hidden visibility, so only in the static symbol table).
extern "C" __attribute__((used)) void
fixtureContextConstructor() __asm__("_ZN4mlir11MLIRContextC2ENS0_9ThreadingE");
extern "C" void fixtureContextConstructor() {}
#endif

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
#if defined(FAULT_NULL_INFO)
  return nullptr;
#elif defined(FAULT_ENTRY_CRASH)
  volatile TridentPluginInfo *info = nullptr;
  info->apiVersion = 0; // null dereference
  return nullptr;
#else
  static const TridentPluginInfo info = makeInfo();
  return &info;
#endif
}
