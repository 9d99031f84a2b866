//===- TestEdits.cpp - One named pipeline per kind of pipeline edit -------===//
//
// Plugin 'test-edits'. It has no global edits: each kind of edit lives in its
// own named pipeline, selected with `trident-compile --pipeline NAME`, so the
// tests can look at one kind at a time. The pass `test-mark{tag=T}` records
// on the module that it ran and how many ops there were at that point.
//
//===----------------------------------------------------------------------===//
#include "trident/Pipeline/Pipeline.h"
#include "trident/Plugin/PluginABI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace test_edits {
#define GEN_PASS_DECL_TESTMARK
#define GEN_PASS_DEF_TESTMARK
#include "Passes.h.inc"
} // namespace test_edits

using namespace mlir;

namespace {

struct TestMarkPass : test_edits::impl::TestMarkBase<TestMarkPass> {
  using TestMarkBase::TestMarkBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t ops = 0;
    module.walk([&](Operation *op) { ops += op != module ? 1 : 0; });
    Builder b(&getContext());
    SmallVector<Attribute> marks;
    if (auto old = module->getAttrOfType<ArrayAttr>("test.marks"))
      marks.append(old.begin(), old.end());
    marks.push_back(b.getStringAttr(tag + ": " + std::to_string(ops) + " ops"));
    module->setAttr("test.marks", b.getArrayAttr(marks));
  }
};

// --- Passes -----------------------------------------------------------------

const TridentPassInfo kPasses[] = {
    {"test-mark", "Record on the module that this pass ran, and when",
     []() -> Pass * { return test_edits::createTestMark().release(); }},
};

// --- Named pipelines, one per kind of edit -----------------------------------

#define MARK(tag) {"test-mark", "tag=" tag, tag}

const TridentPassRef kBeforeCse[] = {MARK("before-cse")};
const TridentPassRef kAfterCse[] = {MARK("after-cse")};
const TridentPassRef kTirEnd[] = {MARK("tir-end")};
const TridentPassRef kLowerEnd[] = {MARK("lower-end")};
const TridentPassRef kInsteadOfCse[] = {MARK("instead-of-cse")};
const TridentPassRef kStageList[] = {
    {"canonicalize", nullptr, nullptr},
    MARK("stage-list"),
};
const TridentPassRef kOverriddenGir[] = {MARK("gir-override")};
const TridentPassRef kAppendedGir[] = {MARK("gir-appended")};

using Edit = TridentPipelineEdit;

const Edit kInsertBefore[] = {
    {TRIDENT_EDIT_INSERT_BEFORE, "*", "tir", "cse", kBeforeCse, 1, nullptr,
     nullptr},
};
const Edit kInsertAfter[] = {
    {TRIDENT_EDIT_INSERT_AFTER, "*", "tir", "cse", kAfterCse, 1, nullptr,
     nullptr},
};
// Append to tir everywhere, and to the target's lowering stage, which is gir
// on GPUs and cir on the CPU: one edit per target kind.
const Edit kAppend[] = {
    {TRIDENT_EDIT_APPEND, "*", "tir", nullptr, kTirEnd, 1, nullptr, nullptr},
    {TRIDENT_EDIT_APPEND, "cuda", "gir", nullptr, kLowerEnd, 1, nullptr,
     nullptr},
    {TRIDENT_EDIT_APPEND, "amd", "gir", nullptr, kLowerEnd, 1, nullptr,
     nullptr},
    {TRIDENT_EDIT_APPEND, "cpu", "cir", nullptr, kLowerEnd, 1, nullptr,
     nullptr},
};
const Edit kDisable[] = {
    {TRIDENT_EDIT_DISABLE, "*", "tir", "cse", nullptr, 0, nullptr, nullptr},
};
const Edit kReplace[] = {
    {TRIDENT_EDIT_REPLACE, "*", "tir", "cse", kInsteadOfCse, 1, nullptr,
     nullptr},
};
const Edit kOverrideStageList[] = {
    {TRIDENT_EDIT_OVERRIDE_STAGE, "*", "tir", nullptr, kStageList,
     std::size(kStageList), nullptr, nullptr},
};

// A stage built by code: it sees the target, so one callback can differ per
// target. Here it records the target in the mark's tag.
int buildTirStage(trident::PassListBuilder &stage, const char *target,
                  TridentDiag *diag) {
  std::string tag = std::string("stage-callback-") + target;
  for (char &c : tag)
    if (c == ':')
      c = '-';
  stage.add("cse");
  stage.add("test-mark", "tag=" + tag, "callback");
  return 0;
}
const Edit kOverrideStageCallback[] = {
    {TRIDENT_EDIT_OVERRIDE_STAGE, "*", "tir", nullptr, nullptr, 0,
     buildTirStage, nullptr},
};

// A whole pipeline built by code: only the stages it names have passes.
int buildWholePipeline(trident::PipelineBuilder &pipeline, const char *target,
                       TridentDiag *diag) {
  pipeline.stage("tir").add("test-mark", "tag=whole-tir", "tir");
  bool cpu = std::string(target).rfind("cpu", 0) == 0;
  pipeline.stage(cpu ? "cir" : "gir")
      .add("canonicalize")
      .add("test-mark", "tag=whole-lower", "lower");
  return 0;
}
const Edit kOverridePipeline[] = {
    {TRIDENT_EDIT_OVERRIDE_PIPELINE, "*", nullptr, nullptr, nullptr, 0, nullptr,
     buildWholePipeline},
};

// Phases: the append is listed first but applies after the stage override,
// so it lands at the end of the overridden stage.
const Edit kPhases[] = {
    {TRIDENT_EDIT_APPEND, "cuda", "gir", nullptr, kAppendedGir, 1, nullptr,
     nullptr},
    {TRIDENT_EDIT_OVERRIDE_STAGE, "cuda", "gir", nullptr, kOverriddenGir, 1,
     nullptr, nullptr},
};

#define PIPELINE(name, description, edits)                                     \
  {name, description, edits, std::size(edits)}

const TridentNamedPipeline kPipelines[] = {
    PIPELINE("t-insert-before", "test-mark before tir:cse", kInsertBefore),
    PIPELINE("t-insert-after", "test-mark after tir:cse", kInsertAfter),
    PIPELINE("t-append", "test-mark at the end of tir and gir/cir", kAppend),
    PIPELINE("t-disable", "tir:cse disabled", kDisable),
    PIPELINE("t-replace", "tir:cse replaced by test-mark", kReplace),
    PIPELINE("t-override-stage", "tir is canonicalize, test-mark",
             kOverrideStageList),
    PIPELINE("t-override-stage-callback", "tir built by a callback",
             kOverrideStageCallback),
    PIPELINE("t-override-pipeline", "the whole pipeline built by a callback",
             kOverridePipeline),
    PIPELINE("t-phases", "an append listed before a stage override (cuda)",
             kPhases),
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "test-edits";
  info.version = "0.1";
  info.description = "Test plugin: one named pipeline per kind of edit";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  info.pipelines = kPipelines;
  info.numPipelines = std::size(kPipelines);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
