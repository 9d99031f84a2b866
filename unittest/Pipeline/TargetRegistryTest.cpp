//===- TargetRegistryTest.cpp - Back ends registered once -----------------===//
#include "trident/Pipeline/TargetRegistry.h"

#include "gtest/gtest.h"

#include "llvm/ADT/STLExtras.h"

using namespace trident;

namespace {

std::string errorText(llvm::Error e) { return llvm::toString(std::move(e)); }

TEST(TargetRegistry, BuiltinBackends) {
  std::vector<std::string> kinds;
  for (const TargetBackend *b : targetBackends())
    kinds.push_back(b->kind);
  EXPECT_EQ(kinds, (std::vector<std::string>{"cuda", "amd", "cpu"}));
  llvm::Expected<Target> amd = Target::parse("amd");
  ASSERT_TRUE(bool(amd));
  EXPECT_EQ(amd->arch, "gfx942"); // the first architecture registered
  EXPECT_TRUE(amd->canRunStage("gir"));
  EXPECT_FALSE(amd->canRunStage("llir")); // no AMD code generation yet
  EXPECT_TRUE(llvm::is_contained(knownTargets(), "cuda:80"));
}

TEST(TargetRegistry, ANewBackendIsATarget) {
  TargetBackend b;
  b.kind = "toy";
  b.displayName = "Toy";
  b.archs = {"v1", "v2"};
  b.stages = {"tir", "toyir"};
  b.runnableStages = {"tir"};
  b.fillStage = [](const Target &target, llvm::StringRef stage,
                   PassListBuilder &entries) {
    if (stage == "tir")
      addTileIRCleanup(entries);
    else if (target.arch == "v2")
      entries.add("canonicalize", "", "toy");
  };
  ASSERT_FALSE(bool(registerTargetBackend(b)));
  EXPECT_EQ(errorText(registerTargetBackend(b)),
            "target kind 'toy' is registered already");

  llvm::Expected<Target> v2 = Target::parse("toy:v2");
  ASSERT_TRUE(bool(v2));
  EXPECT_EQ(errorText(Target::parse("toy:v3").takeError()),
            "invalid target 'toy:v3': Toy architectures are v1 and v2");
  EXPECT_TRUE(llvm::is_contained(knownTargets(), "toy:v1"));
  EXPECT_TRUE(llvm::is_contained(targetKinds(), "toy"));
  EXPECT_FALSE(v2->canRunStage("toyir"));

  Pipeline p = defaultPipeline(*v2);
  ASSERT_EQ(p.stages.size(), 2u);
  EXPECT_EQ(p.stages[0].name, "tir");
  EXPECT_EQ(p.stages[0].entries.front().pass, "inline");
  ASSERT_EQ(p.stages[1].entries.size(), 1u);
  EXPECT_EQ(p.stages[1].entries[0].id(), "canonicalize#toy");
  EXPECT_TRUE(defaultPipeline(*Target::parse("toy:v1")).stages[1]
                  .entries.empty());
}

TEST(TargetRegistry, IncompleteBackendIsRefused) {
  TargetBackend b;
  b.kind = "empty";
  EXPECT_EQ(errorText(registerTargetBackend(b)),
            "target kind 'empty' needs architectures and stages");
  EXPECT_EQ(lookupTargetBackend("empty"), nullptr);
}

} // namespace

// Each back end registers what a program may use; the generic code (the
// shared-memory allocator, the warp-specialization lowering) reads it.
TEST(TargetRegistry, Limits) {
  TargetLimits hopper = targetLimits(Target{"cuda", "90a"});
  EXPECT_EQ(hopper.sharedBytesPerProgram, 227 * 1024);
  EXPECT_EQ(hopper.threadsPerProgram, 1024);
  EXPECT_EQ(hopper.registersPerProgram, 65536);
  EXPECT_EQ(hopper.ctasPerProgram, 8);
  TargetLimits ampere = targetLimits(Target{"cuda", "80"});
  EXPECT_EQ(ampere.sharedBytesPerProgram, 163 * 1024);
  EXPECT_EQ(ampere.ctasPerProgram, 1);
  EXPECT_EQ(targetLimits(Target{"amd", "gfx942"}).sharedBytesPerProgram,
            64 * 1024);
  TargetLimits cpu = targetLimits(Target{"cpu", "native"});
  EXPECT_EQ(cpu.threadsPerProgram, 1);
  EXPECT_EQ(cpu.ctasPerProgram, 1);
  // A kind without a back end has none.
  EXPECT_EQ(targetLimits(Target{"tpu", "v5"}).threadsPerProgram, 0);
}
