//===- PipelineEditTest.cpp - The pipeline-edit API at the C++ level ------===//
#include "../TestSupport.h"

#include "trident/Pipeline/PipelineEdit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;
using namespace trident;
using trident::test::errorText;

namespace {

using Kind = PipelineEdit::Kind;

bool known(StringRef pass) {
  static const StringSet<> passes = {
      "inline", "tir-rank0-to-scalars", "tir-lower-block-pointers", "tir-lower-descriptors", "tir-combine",
      "canonicalize", "cse", "loop-invariant-code-motion", "tir-flatten-loops", "symbol-dce", "p1", "p2", "p3"};
  return passes.contains(pass);
}

PassEntry entry(StringRef pass, StringRef label = "", StringRef options = "") {
  PassEntry e;
  e.pass = pass.str();
  e.label = label.str();
  e.options = options.str();
  return e;
}

PipelineEdit makeEdit(Kind kind, StringRef owner, StringRef stage,
                      StringRef anchor = "",
                      std::vector<PassEntry> passes = {}) {
  PipelineEdit e;
  e.kind = kind;
  e.owner = owner.str();
  e.stage = stage.str();
  e.anchor = anchor.str();
  e.passes = std::move(passes);
  return e;
}

Pipeline cuda() { return defaultPipeline(cantFail(Target::parse("cuda:90a"))); }

std::vector<std::string> ids(const Pipeline &p, StringRef stage) {
  std::vector<std::string> out;
  for (const PassEntry &e : p.findStage(stage)->entries)
    out.push_back(e.id());
  return out;
}

std::string applyAll(Pipeline &p, ArrayRef<PipelineEdit> edits) {
  return errorText(applyEdits(p, edits, known));
}

bool contains(const std::string &text, StringRef part) {
  return StringRef(text).contains(part);
}

using Ids = std::vector<std::string>;
const Ids kTir = {"inline", "tir-rank0-to-scalars", "tir-lower-block-pointers", "tir-lower-descriptors", "tir-combine",
                  "canonicalize", "cse", "loop-invariant-code-motion", "tir-flatten-loops", "symbol-dce"};

TEST(PipelineEdit, NoEditsKeepsTheDefault) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {}), "");
  EXPECT_EQ(ids(p, "tir"), kTir);
  EXPECT_EQ(p.str(), cuda().str());
}

TEST(PipelineEdit, InsertBeforeAndAfter) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertBefore, "A", "tir", "cse",
                               {entry("p1"), entry("p2")}),
                      makeEdit(Kind::InsertAfter, "B", "tir", "cse",
                               {entry("p3", "", "x=1")})}),
            "");
  EXPECT_EQ(ids(p, "tir"),
            (Ids{"inline", "tir-rank0-to-scalars", "tir-lower-block-pointers", "tir-lower-descriptors", "tir-combine",
                 "canonicalize", "p1", "p2", "cse",
                 "p3", "loop-invariant-code-motion", "tir-flatten-loops", "symbol-dce"}));
  const Stage &tir = *p.findStage("tir");
  EXPECT_EQ(tir.find("p1")->insertedBy, "A");
  EXPECT_EQ(tir.find("p3")->insertedBy, "B");
  EXPECT_EQ(tir.find("p3")->pipelineText(), "p3{x=1}");
  EXPECT_EQ(tir.find("cse")->insertedBy, "");
  EXPECT_TRUE(contains(p.str(), "p1  [inserted by plugin 'A']"));
  EXPECT_TRUE(contains(p.str(), "p3 {x=1}  [inserted by plugin 'B']"));
}

TEST(PipelineEdit, InsertAnchoredOnAnInsertedEntry) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "cse", {entry("p1")}),
                      makeEdit(Kind::InsertAfter, "B", "tir", "p1", {entry("p2")})}),
            "");
  EXPECT_EQ(ids(p, "tir")[7], "p1");
  EXPECT_EQ(ids(p, "tir")[8], "p2");
}

TEST(PipelineEdit, Append) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Append, "A", "gir", "", {entry("p1")}),
                      makeEdit(Kind::Append, "B", "llir", "", {entry("p2")})}),
            "");
  EXPECT_EQ(ids(p, "gir"),
            (Ids{"convert-tir-to-gir", "gir-coalesce", "gir-dot-layouts",
                 "gir-split-columns", "gir-remove-layout-conversions",
                 "canonicalize", "cse",
                 "gir-split-ctas",
                 "gir-pipeline", "canonicalize#pipelined", "cse#pipelined",
                 "p1"}));
  // cuda's llir stage ends in a translation step (see TranslationStep.h);
  // Append adds after it, which Compiler::run refuses when it runs.
  Ids llir = ids(p, "llir");
  ASSERT_GE(llir.size(), 2u);
  EXPECT_EQ(Ids(llir.end() - 2, llir.end()), (Ids{"translate-to-llvmir", "p2"}));
}

TEST(PipelineEdit, Disable) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Disable, "A", "tir", "cse")}), "");
  EXPECT_EQ(ids(p, "tir"), kTir); // kept, not removed
  const PassEntry *cse = p.findStage("tir")->find("cse");
  EXPECT_TRUE(cse->disabled);
  EXPECT_EQ(cse->disabledBy, "A");
  EXPECT_TRUE(contains(p.str(), "  - cse  [disabled by plugin 'A']"));
}

TEST(PipelineEdit, Replace) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Replace, "A", "tir", "cse",
                               {entry("p1"), entry("p2")})}),
            "");
  EXPECT_EQ(ids(p, "tir"),
            (Ids{"inline", "tir-rank0-to-scalars", "tir-lower-block-pointers", "tir-lower-descriptors", "tir-combine",
                 "canonicalize", "p1", "p2",
                 "loop-invariant-code-motion", "tir-flatten-loops", "symbol-dce"}));
  const PassEntry *p1 = p.findStage("tir")->find("p1");
  EXPECT_EQ(p1->replacedBy, "A");
  EXPECT_EQ(p1->replaces, "cse");
  EXPECT_TRUE(contains(p.str(), "p1  [replaces 'cse', by plugin 'A']"));
}

TEST(PipelineEdit, OverrideStageWithPasses) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::OverrideStage, "A", "gir", "",
                               {entry("p1"), entry("p1", "again")})}),
            "");
  EXPECT_EQ(ids(p, "gir"), (Ids{"p1", "p1#again"}));
  EXPECT_EQ(p.findStage("gir")->overriddenBy, "A");
  EXPECT_EQ(ids(p, "tir"), kTir);
  EXPECT_TRUE(contains(p.str(), "stage gir  [stage overridden by plugin 'A']"));
}

TEST(PipelineEdit, OverrideStageWithCallback) {
  Pipeline p = cuda();
  PipelineEdit e = makeEdit(Kind::OverrideStage, "A", "tir");
  std::string seenTarget;
  e.buildStage = [&](PassListBuilder &b, const Target &t) {
    seenTarget = t.str();
    b.add("p2").add("p3", "y=2");
    return Error::success();
  };
  EXPECT_EQ(applyAll(p, {e}), "");
  EXPECT_EQ(seenTarget, "cuda:90a");
  EXPECT_EQ(ids(p, "tir"), (Ids{"p2", "p3"}));
  EXPECT_EQ(p.findStage("tir")->find("p3")->options, "y=2");
  EXPECT_EQ(p.findStage("tir")->find("p3")->insertedBy, "A");
}

TEST(PipelineEdit, OverrideStageErrors) {
  PipelineEdit fails = makeEdit(Kind::OverrideStage, "A", "tir");
  fails.buildStage = [](PassListBuilder &, const Target &) {
    return createStringError("no can do");
  };
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {fails}),
            "plugin 'A': override-stage tir (pipeline 'default', target "
            "cuda:90a): no can do");

  PipelineEdit both = makeEdit(Kind::OverrideStage, "A", "tir", "", {entry("p1")});
  both.buildStage = [](PassListBuilder &, const Target &) {
    return Error::success();
  };
  p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {both}), "not both"));

  PipelineEdit unknown = makeEdit(Kind::OverrideStage, "A", "tir");
  unknown.buildStage = [](PassListBuilder &b, const Target &) {
    b.add("nope");
    return Error::success();
  };
  p = cuda();
  EXPECT_EQ(applyAll(p, {unknown}),
            "plugin 'A': override-stage tir (pipeline 'default', target "
            "cuda:90a): unknown pass "
            "'nope' (not registered by the core or any plugin)");

  p = cuda();
  EXPECT_TRUE(contains(
      applyAll(p, {makeEdit(Kind::OverrideStage, "A", "tir", "",
                         {entry("p1"), entry("p1")})}),
      "entry id 'p1' occurs twice in stage 'tir'"));
}

TEST(PipelineEdit, OverridePipeline) {
  Pipeline p = cuda();
  PipelineEdit e = makeEdit(Kind::OverridePipeline, "A", "");
  e.buildPipeline = [](PipelineBuilder &b, const Target &t) {
    b.stage("tir").add("p1");
    b.stage("llir").add("p2");
    return Error::success();
  };
  EXPECT_EQ(applyAll(p, {e}), "");
  EXPECT_EQ(p.overriddenBy, "A");
  EXPECT_EQ(ids(p, "tir"), (Ids{"p1"}));
  EXPECT_EQ(ids(p, "gir"), Ids{});
  EXPECT_EQ(ids(p, "llir"), (Ids{"p2"}));
  EXPECT_EQ(p.stages.size(), 5u); // the target's stages stay
  EXPECT_TRUE(contains(p.str(), "[pipeline overridden by plugin 'A']"));
}

TEST(PipelineEdit, OverridePipelineErrors) {
  auto with = [](std::function<void(PipelineBuilder &)> build) {
    PipelineEdit e = makeEdit(Kind::OverridePipeline, "A", "");
    e.buildPipeline = [build](PipelineBuilder &b, const Target &) {
      build(b);
      return Error::success();
    };
    Pipeline p = cuda();
    return applyAll(p, {e});
  };
  EXPECT_EQ(with([](PipelineBuilder &b) { b.stage("cir").add("p1"); }),
            "plugin 'A': override-pipeline (pipeline 'default', target "
            "cuda:90a): the pipeline "
            "names stage 'cir', which target cuda:90a does not have");
  EXPECT_TRUE(contains(with([](PipelineBuilder &b) {
                         b.stage("gir").add("p1");
                         b.stage("tir").add("p1");
                       }),
                       "stage 'tir' is out of the target's order"));
  EXPECT_TRUE(contains(with([](PipelineBuilder &b) { b.stage("tir").add("zz"); }),
                       "unknown pass 'zz'"));

  PipelineEdit noCallback = makeEdit(Kind::OverridePipeline, "A", "");
  Pipeline p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {noCallback}), "no callback builds the pipeline"));

  PipelineEdit fails = makeEdit(Kind::OverridePipeline, "A", "");
  fails.buildPipeline = [](PipelineBuilder &, const Target &) {
    return createStringError("refused");
  };
  p = cuda();
  EXPECT_EQ(applyAll(p, {fails}),
            "plugin 'A': override-pipeline (pipeline 'default', target "
            "cuda:90a): refused");
}

TEST(PipelineEdit, PhaseOrderIsPipelineThenStageThenEntries) {
  // Given in the reverse of the phase order: the entry edit is anchored on
  // an entry that only the stage override creates, and the stage override
  // applies on top of the pipeline override.
  PipelineEdit whole = makeEdit(Kind::OverridePipeline, "C", "");
  whole.buildPipeline = [](PipelineBuilder &b, const Target &) {
    b.stage("tir").add("cse");
    b.stage("gir").add("p3");
    return Error::success();
  };
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "p1", {entry("p2")}),
                      makeEdit(Kind::OverrideStage, "B", "tir", "", {entry("p1")}),
                      whole}),
            "");
  EXPECT_EQ(ids(p, "tir"), (Ids{"p1", "p2"}));
  EXPECT_EQ(ids(p, "gir"), (Ids{"p3"}));
  EXPECT_EQ(p.overriddenBy, "C");
  EXPECT_EQ(p.findStage("tir")->overriddenBy, "B");
}

TEST(PipelineEdit, EntryEditsApplyInTheOrderGiven) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "cse", {entry("p1")}),
                      makeEdit(Kind::InsertAfter, "B", "tir", "cse", {entry("p2")})}),
            "");
  // B's insertion comes right after cse, before A's.
  EXPECT_EQ(ids(p, "tir")[7], "p2");
  EXPECT_EQ(ids(p, "tir")[8], "p1");
}

TEST(PipelineEdit, ConflictsNameBothPlugins) {
  auto conflict = [](std::vector<PipelineEdit> edits) {
    Pipeline p = cuda();
    return applyAll(p, edits);
  };
  std::string twoReplace =
      conflict({makeEdit(Kind::Replace, "A", "tir", "cse", {entry("p1")}),
                makeEdit(Kind::Replace, "B", "tir", "cse", {entry("p2")})});
  EXPECT_TRUE(contains(twoReplace, "plugin 'B' conflicts with plugin 'A'"))
      << twoReplace;
  EXPECT_TRUE(contains(twoReplace, "entry 'cse' of stage 'tir' was replaced by "
                                   "plugin 'A'"))
      << twoReplace;

  std::string twoDisable =
      conflict({makeEdit(Kind::Disable, "A", "tir", "cse"),
                makeEdit(Kind::Disable, "B", "tir", "cse")});
  EXPECT_EQ(twoDisable,
            "plugin 'B' conflicts with plugin 'A' in pipeline 'default' "
            "(target cuda:90a): both disable entry 'cse' of stage 'tir'");

  std::string disableThenReplace =
      conflict({makeEdit(Kind::Disable, "A", "tir", "cse"),
                makeEdit(Kind::Replace, "B", "tir", "cse", {entry("p1")})});
  EXPECT_TRUE(contains(disableThenReplace, "plugin 'B' conflicts with plugin 'A'"));
  EXPECT_TRUE(contains(disableThenReplace, "cannot also be replaced"));

  std::string anchorReplaced =
      conflict({makeEdit(Kind::Replace, "A", "tir", "cse", {entry("p1")}),
                makeEdit(Kind::InsertAfter, "B", "tir", "cse", {entry("p2")})});
  EXPECT_TRUE(contains(anchorReplaced, "plugin 'B' conflicts with plugin 'A'"));

  std::string twoStages =
      conflict({makeEdit(Kind::OverrideStage, "A", "gir", "", {entry("p1")}),
                makeEdit(Kind::OverrideStage, "B", "gir", "", {entry("p2")})});
  EXPECT_EQ(twoStages,
            "plugin 'B' conflicts with plugin 'A' in pipeline 'default' "
            "(target cuda:90a): both override stage 'gir'");

  PipelineEdit wholeA = makeEdit(Kind::OverridePipeline, "A", "");
  wholeA.buildPipeline = [](PipelineBuilder &, const Target &) {
    return Error::success();
  };
  PipelineEdit wholeB = wholeA;
  wholeB.owner = "B";
  EXPECT_EQ(conflict({wholeA, wholeB}),
            "plugin 'B' conflicts with plugin 'A' in pipeline 'default' "
            "(target cuda:90a): both override the whole pipeline");

  // An entry edit anchored on an entry that another plugin's stage override
  // removed.
  std::string anchorOverridden =
      conflict({makeEdit(Kind::OverrideStage, "A", "tir", "", {entry("p1")}),
                makeEdit(Kind::InsertAfter, "B", "tir", "cse", {entry("p2")})});
  EXPECT_TRUE(contains(anchorOverridden, "plugin 'B' conflicts with plugin 'A'"))
      << anchorOverridden;
}

TEST(PipelineEdit, UnknownAnchorStageAndPass) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertBefore, "A", "tir", "nope", {entry("p1")})}),
            "plugin 'A': insert-before tir:nope (pipeline 'default', target cuda:90a): no entry "
            "'nope' in stage 'tir' (entries: inline, tir-rank0-to-scalars, tir-lower-block-pointers, "
            "tir-lower-descriptors, tir-combine, "
            "canonicalize, cse, loop-invariant-code-motion, tir-flatten-loops, symbol-dce)");
  p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {makeEdit(Kind::Disable, "A", "gir", "inline")}),
                       "no entry 'inline' in stage 'gir'"));
  p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Append, "A", "cir", "", {entry("p1")})}),
            "plugin 'A': append cir (pipeline 'default', target cuda:90a): no stage 'cir' (stages: "
            "tir, gir, llir, ptx, cubin)");
  p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Append, "A", "tir", "", {entry("zz")})}),
            "plugin 'A': append tir (pipeline 'default', target cuda:90a): unknown pass 'zz' (not "
            "registered by the core or any plugin)");
  p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "", {entry("p1")})}),
                       "names no anchor"));
  p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {makeEdit(Kind::Append, "A", "tir")}),
                       "the edit lists no passes"));
  // Anchors are entry ids: a labelled entry is found by "pass#label".
  p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::Append, "A", "tir", "", {entry("cse", "late")}),
                      makeEdit(Kind::Disable, "B", "tir", "cse#late")}),
            "");
  EXPECT_TRUE(p.findStage("tir")->find("cse#late")->disabled);
  EXPECT_FALSE(p.findStage("tir")->find("cse")->disabled);
}

TEST(PipelineEdit, DuplicateIds) {
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "cse", {entry("cse")})}),
            "plugin 'A': insert-after tir:cse (pipeline 'default', target cuda:90a): entry id "
            "'cse' occurs twice in stage 'tir'; give one of them a label");
  p = cuda();
  EXPECT_TRUE(contains(applyAll(p, {makeEdit(Kind::Append, "A", "gir", "",
                                          {entry("p1", "x"), entry("p1", "x")})}),
                       "entry id 'p1#x' occurs twice"));
  p = cuda();
  EXPECT_EQ(applyAll(p, {makeEdit(Kind::InsertAfter, "A", "tir", "cse",
                               {entry("cse", "again")})}),
            "");
  EXPECT_EQ(ids(p, "tir")[7], "cse#again");
}

TEST(PipelineEdit, TargetPatterns) {
  auto forTarget = [](StringRef pattern) {
    PipelineEdit e = makeEdit(Kind::Append, "A", "tir", "", {entry("p1")});
    e.target = pattern.str();
    return e;
  };
  Pipeline p = cuda();
  EXPECT_EQ(applyAll(p, {forTarget("amd"), forTarget("cuda:80"), forTarget("cpu")}), "");
  EXPECT_EQ(ids(p, "tir"), kTir);
  for (StringRef pattern : {"*", "cuda", "cuda:90a"}) {
    p = cuda();
    EXPECT_EQ(applyAll(p, {forTarget(pattern)}), "");
    EXPECT_EQ(ids(p, "tir").back(), "p1") << pattern.str();
  }
  // An edit of a stage that only other targets have is not an error for
  // targets it does not select.
  PipelineEdit amdOnly = makeEdit(Kind::Append, "A", "amdgcn", "", {entry("p1")});
  amdOnly.target = "amd";
  p = cuda();
  EXPECT_EQ(applyAll(p, {amdOnly}), "");
}

TEST(PipelineEdit, Describe) {
  EXPECT_EQ(makeEdit(Kind::InsertBefore, "A", "tir", "cse").describe(),
            "insert-before tir:cse");
  EXPECT_EQ(makeEdit(Kind::Append, "A", "gir").describe(), "append gir");
  EXPECT_EQ(makeEdit(Kind::OverridePipeline, "A", "").describe(),
            "override-pipeline");
}

} // namespace

namespace {
TEST(PipelineEditReview, LabelsMustBeAnchorable) {
  Pipeline p = cuda();
  PassEntry bad = entry("p1");
  bad.label = "a b}{";
  EXPECT_TRUE(contains(applyAll(p, {makeEdit(Kind::Append, "A", "tir", "", {bad})}),
                       "invalid label 'a b}{' on entry 'p1'"));
}

TEST(PipelineEditReview, OnePluginConflictingWithItselfSaysSo) {
  Pipeline p = cuda();
  PipelineEdit all = makeEdit(Kind::Disable, "A", "tir", "cse");
  PipelineEdit cudaOnly = makeEdit(Kind::Disable, "A", "tir", "cse");
  cudaOnly.target = "cuda";
  std::string err = applyAll(p, {all, cudaOnly});
  EXPECT_TRUE(contains(err, "two edits of plugin 'A' conflict")) << err;
  EXPECT_FALSE(contains(err, "conflicts with plugin 'A'")) << err;
}
} // namespace
