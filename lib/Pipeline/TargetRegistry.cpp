//===- TargetRegistry.cpp - The back ends -----------------------*- C++ -*-===//
#include "trident/Pipeline/TargetRegistry.h"

#include <memory>
#include <mutex>

using namespace llvm;

namespace trident {

namespace {

/// AMD: the target exists (its stages can be edited and the Tile IR and
/// GPU IR stages run), its code generation does not yet.
TargetBackend amdBackend() {
  TargetBackend b;
  b.kind = "amd";
  b.displayName = "AMD";
  b.archs = {"gfx942", "gfx950"};
  b.stages = {"tir", "gir", "llir", "amdgcn", "hsaco"};
  b.runnableStages = {"tir", "gir"};
  b.fillStage = [](const Target &, StringRef stage, PassListBuilder &entries) {
    if (stage == "tir")
      addTileIRCleanup(entries);
    else if (stage == "gir")
      addGPUIRLayouts(entries);
  };
  // CDNA 3: 64 KiB of LDS per workgroup, 1024 work-items, 512 VGPRs of 64
  // lanes per SIMD (four per CU), no clusters.
  b.limits = [](const Target &) {
    TargetLimits l;
    l.sharedBytesPerProgram = 64 * 1024;
    l.threadsPerProgram = 1024;
    l.registersPerProgram = 4 * 512 * 64;
    return l;
  };
  return b;
}

struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<TargetBackend>> backends;
};

Registry &registry() {
  static Registry r;
  static std::once_flag builtins;
  std::call_once(builtins, [] {
    // In the order messages list them.
    for (TargetBackend b :
         {nvidia::targetBackend(), amdBackend(), cpu::targetBackend()})
      r.backends.push_back(std::make_unique<TargetBackend>(std::move(b)));
  });
  return r;
}

} // namespace

Error registerTargetBackend(TargetBackend backend) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto &b : r.backends)
    if (b->kind == backend.kind)
      return createStringError("target kind '" + backend.kind +
                               "' is registered already");
  if (backend.archs.empty() || backend.stages.empty())
    return createStringError("target kind '" + backend.kind +
                             "' needs architectures and stages");
  r.backends.push_back(std::make_unique<TargetBackend>(std::move(backend)));
  return Error::success();
}

const TargetBackend *lookupTargetBackend(StringRef kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto &b : r.backends)
    if (b->kind == kind)
      return b.get();
  return nullptr;
}

std::vector<const TargetBackend *> targetBackends() {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const TargetBackend *> all;
  for (const auto &b : r.backends)
    all.push_back(b.get());
  return all;
}

void addTileIRCleanup(PassListBuilder &entries, StringRef descriptorOptions) {
  entries.add("inline");
  // A rank-0 tile is the scalar it holds; the back ends compute on scalars.
  entries.add("tir-rank0-to-scalars");
  // Block pointers become base + offsets arithmetic and masked loads and
  // stores (loops and ifs carry their parts).
  entries.add("tir-lower-block-pointers");
  // Descriptors made in the kernel become masked pointer accesses, but for
  // those the back end serves itself (TMA: descriptor arguments, and on
  // sm_90 those made in the kernel that TMA can serve, whose tensor maps the
  // back end builds in global scratch).
  entries.add("tir-lower-descriptors", descriptorOptions);
  entries.add("tir-combine");
  entries.add("canonicalize");
  entries.add("cse");
  entries.add("loop-invariant-code-motion");
  // Loops marked flatten (persistent kernels' tile loops) and the loop they
  // hold become one loop, once invariant code is out of both. (The next
  // stage's clean-up follows.)
  entries.add("tir-flatten-loops");
  entries.add("symbol-dce");
}

void addGPUIRLayouts(PassListBuilder &entries, StringRef convertOptions) {
  // Every tile gets a register layout: the default one, then coalesced
  // memory accesses and tensor-core accumulators, then the other tiles
  // around those choices; then clean-up.
  entries.add("convert-tir-to-gir", convertOptions);
  entries.add("gir-coalesce");
  entries.add("gir-dot-layouts");
  entries.add("gir-split-columns");
  entries.add("gir-remove-layout-conversions");
  entries.add("canonicalize");
  entries.add("cse");
}

TargetLimits targetLimits(const Target &target) {
  const TargetBackend *b = lookupTargetBackend(target.kind);
  return b && b->limits ? b->limits(target) : TargetLimits();
}

} // namespace trident
