//===- TargetBackend.cpp - The NVIDIA back end's target registration ------===//
//
// cuda:90a, cuda:90, cuda:80: stages tir, gir, llir, ptx, cubin, and their
// default entries. The last entries of llir, ptx and cubin are translation
// steps (Compiler/TranslationStep.h, registered in Registration.cpp).
//
//===----------------------------------------------------------------------===//
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Pipeline/TargetRegistry.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace llvm;

namespace trident {

namespace {

/// The compute capability of a CUDA architecture ("90a" -> 90), or 0.
unsigned computeCapability(const Target &target) {
  unsigned cc = 0;
  if (StringRef(target.arch).take_while(isDigit).getAsInteger(10, cc))
    return 0;
  return cc;
}

void fillStage(const Target &target, StringRef stage, PassListBuilder &e) {
  unsigned cc = computeCapability(target);
  if (stage == "tir") {
    // Descriptors passed as arguments are TMA's on sm_90 (and those made in
    // the kernel that TMA can serve stay too).
    addTileIRCleanup(e, cc >= 90 ? "tma=true" : "");
  } else if (stage == "gir") {
    // The compute capability lets dots take tensor-core layouts.
    addGPUIRLayouts(e, cc ? "compute-capability=" + std::to_string(cc) : "");
    // Programs of num_ctas > 1 CTAs: which tiles each CTA holds a block of.
    e.add("gir-split-ctas");
    // Loads feeding tensor-core dots become asynchronous copies into a ring
    // of shared-memory buffers, issued iterations ahead.
    e.add("gir-pipeline", "num-stages=3 async-dot=true");
    e.add("canonicalize", "", "pipelined");
    e.add("cse", "", "pipelined");
  } else if (stage == "llir") {
    // The CTAs of a cluster that use each other's shared memory meet
    // around that use; every shared-memory buffer gets its offset; then the
    // module goes to the LLVM and NVVM dialects, NVVM ops with no LLVM
    // intrinsic become inline PTX, and the module leaves MLIR.
    e.add("gir-cluster-barriers");
    e.add("gir-allocate-shared-memory");
    e.add("convert-gir-to-llvm");
    e.add("convert-nvvm-to-llvm");
    e.add("reconcile-unrealized-casts");
    e.add("translate-to-llvmir");
  } else if (stage == "ptx") {
    e.add("llc-nvptx");
  } else if (stage == "cubin") {
    e.add("ptxas");
  }
}

/// What a CTA may use on compute capability `cc`.
TargetLimits limits(const Target &target) {
  unsigned cc = computeCapability(target);
  TargetLimits l;
  // Shared memory per block with the opt-in (CUDA programming guide,
  // "Technical specifications per compute capability").
  if (cc >= 90)
    l.sharedBytesPerProgram = 227 * 1024;
  else if (cc == 80 || cc == 87)
    l.sharedBytesPerProgram = 163 * 1024;
  else if (cc >= 86)
    l.sharedBytesPerProgram = 99 * 1024;
  else
    l.sharedBytesPerProgram = 48 * 1024;
  l.threadsPerProgram = 1024;
  l.registersPerProgram = 64 * 1024;
  // Thread-block clusters (portable size 8) from Hopper on.
  l.ctasPerProgram = cc >= 90 ? 8 : 1;
  return l;
}

} // namespace

TargetBackend nvidia::targetBackend() {
  TargetBackend b;
  b.kind = "cuda";
  b.displayName = "CUDA";
  b.archs = {"90a", "90", "80"};
  b.stages = {"tir", "gir", "llir", "ptx", "cubin"};
  // NVIDIA's back half: LLVM IR, PTX (NVPTX in process), cubin (ptxas).
  b.runnableStages = b.stages;
  b.fillStage = fillStage;
  b.limits = limits;
  return b;
}

PipelineEdit nvidia::boundBarrierWaitsEdit(int64_t timeoutMs) {
  PipelineEdit edit;
  edit.kind = PipelineEdit::Kind::InsertBefore;
  edit.target = "cuda";
  edit.stage = "llir";
  edit.anchor = "convert-gir-to-llvm";
  PassEntry entry;
  entry.pass = "gir-bound-barrier-waits";
  entry.options = "timeout-ms=" + std::to_string(timeoutMs);
  edit.passes.push_back(entry);
  return edit;
}

} // namespace trident
