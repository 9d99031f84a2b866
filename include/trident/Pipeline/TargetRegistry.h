//===- TargetRegistry.h - The back ends and what each registers -*- C++ -*-===//
//
// Each back end registers, once, everything the generic code needs to know
// of its kind of target: the architectures, the ordered stage names, which
// of them this build can run, the entries of its default pipeline, and what
// one program may use on each architecture (limits).
// Target parsing, stage lists and defaultPipeline() read this registry and
// do not branch on the target themselves. The built-in back ends (NVIDIA,
// CPU, and AMD, which so far has no code generation) are registered on the
// first lookup.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PIPELINE_TARGETREGISTRY_H
#define TRIDENT_PIPELINE_TARGETREGISTRY_H

#include "trident/Pipeline/Pipeline.h"

#include <functional>
#include <string>
#include <vector>

namespace trident {

/// What one program may use on an architecture (0: the kind has no such
/// resource, or no bound is known).
struct TargetLimits {
  /// Shared memory per program, in bytes (with the opt-in above 48 KiB).
  int64_t sharedBytesPerProgram = 0;
  /// Threads per program (a CTA), and the register file one program's
  /// threads share (32-bit registers).
  int64_t threadsPerProgram = 0;
  int64_t registersPerProgram = 0;
  /// CTAs a program may run on (a cluster); 1: no clusters.
  int64_t ctasPerProgram = 1;
};

struct TargetBackend {
  /// The target kind ("cuda") and how messages name it ("CUDA").
  std::string kind;
  std::string displayName;
  /// Its architectures; the first is the one a bare kind means.
  std::vector<std::string> archs;
  /// The stage names, in order (string literals: they are handed out as
  /// StringRefs).
  std::vector<llvm::StringRef> stages;
  /// The stages this build can run; a stage not listed exists (plugins may
  /// edit it) but the compiler stops before it and says so.
  std::vector<llvm::StringRef> runnableStages;
  /// The default entries of stage `stage` for `target`.
  std::function<void(const Target &target, llvm::StringRef stage,
                     PassListBuilder &entries)>
      fillStage;
  /// The limits of an architecture of this kind.
  std::function<TargetLimits(const Target &target)> limits;
};

/// Adds a back end; an error if its kind is registered already.
llvm::Error registerTargetBackend(TargetBackend backend);
/// The back end of `kind`, or null.
const TargetBackend *lookupTargetBackend(llvm::StringRef kind);
/// Every back end, in registration order.
std::vector<const TargetBackend *> targetBackends();
/// The limits of `target` (all 0 for a kind without a back end or limits).
TargetLimits targetLimits(const Target &target);

/// The stage entries every back end starts its `tir` stage with: clean-up
/// of the kernel as the front end wrote it (inlining, block pointers and
/// descriptors lowered, `tir-combine`, CSE, LICM, loop flattening).
/// `descriptorOptions` are tir-lower-descriptors' ("tma=true" keeps the
/// descriptors that TMA serves).
void addTileIRCleanup(PassListBuilder &entries,
                      llvm::StringRef descriptorOptions = "");
/// Layout assignment for GPU targets: convert-tir-to-gir (with
/// `convertOptions`), gir-coalesce, gir-dot-layouts,
/// gir-remove-layout-conversions, then canonicalize and cse.
void addGPUIRLayouts(PassListBuilder &entries,
                     llvm::StringRef convertOptions = "");

namespace nvidia {
/// The NVIDIA back end's registration (lib/Target/NVIDIA).
TargetBackend targetBackend();
} // namespace nvidia
namespace cpu {
/// The CPU back end's registration (lib/Target/CPU).
TargetBackend targetBackend();
} // namespace cpu

} // namespace trident

#endif
