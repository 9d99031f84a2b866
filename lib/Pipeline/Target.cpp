//===- Target.cpp - Compilation targets -------------------------*- C++ -*-===//
#include "trident/Pipeline/Target.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace trident {

namespace {
const StringRef kKinds[] = {"cuda", "amd", "cpu"};
const StringRef kCudaStages[] = {"tir", "gir", "llir", "ptx", "cubin"};
const StringRef kAmdStages[] = {"tir", "gir", "llir", "amdgcn", "hsaco"};
const StringRef kCpuStages[] = {"tir", "cir", "llir", "obj"};
const StringRef kTargets[] = {"cuda:90a",   "cuda:90",    "cuda:80",
                              "amd:gfx942", "amd:gfx950", "cpu:native",
                              "cpu:x86-64"};
} // namespace

ArrayRef<StringRef> knownTargets() { return kTargets; }

ArrayRef<StringRef> targetKinds() { return kKinds; }

ArrayRef<StringRef> stageNamesOf(StringRef kind) {
  if (kind == "cuda")
    return kCudaStages;
  if (kind == "amd")
    return kAmdStages;
  if (kind == "cpu")
    return kCpuStages;
  return {};
}

ArrayRef<StringRef> Target::stageNames() const { return stageNamesOf(kind); }

Expected<Target> Target::parse(StringRef spec) {
  auto [kind, arch] = spec.split(':');
  Target t{kind.str(), arch.str()};
  auto bad = [&](const Twine &why) {
    return createStringError("invalid target '" + spec + "': " + why);
  };
  if (kind == "cuda") {
    if (arch.empty())
      t.arch = "90a";
    else if (arch != "90a" && arch != "90" && arch != "80")
      return bad("CUDA architectures are 90a, 90 and 80");
  } else if (kind == "amd") {
    if (arch.empty())
      t.arch = "gfx942";
    else if (arch != "gfx942" && arch != "gfx950")
      return bad("AMD architectures are gfx942 and gfx950");
  } else if (kind == "cpu") {
    if (arch.empty())
      t.arch = "native";
    else if (arch != "native" && arch != "x86-64")
      return bad("CPU architectures are native and x86-64");
  } else {
    return bad("unknown kind '" + kind + "' (expected cuda, amd or cpu)");
  }
  return t;
}

bool Target::canRunStage(StringRef stage) const {
  if (stage == "tir" || stage == "gir" || stage == "cir")
    return true;
  // The CPU's back half: LLVM IR and an object file (X86 in process).
  if (kind == "cpu")
    return stage == "llir" || stage == "obj";
  // NVIDIA's back half: LLVM IR, PTX (NVPTX in process) and cubin (ptxas).
  return kind == "cuda" && (stage == "llir" || stage == "ptx" || stage == "cubin");
}

bool Target::matches(StringRef pattern) const {
  if (pattern.empty() || pattern == "*")
    return true;
  auto [k, a] = pattern.split(':');
  if (k != kind)
    return false;
  return a.empty() || a == arch;
}

} // namespace trident
