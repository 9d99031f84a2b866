//===- TargetBackend.cpp - The CPU back end's target registration ---------===//
//
// cpu:native and cpu:x86-64: stages tir, cir, llir, obj, and their default
// entries. The last entries of llir and obj are translation steps
// (Compiler/TranslationStep.h, registered in Registration.cpp).
//
//===----------------------------------------------------------------------===//
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Pipeline/TargetRegistry.h"
#include "trident/Target/CPU/CPU.h"

using namespace llvm;

namespace trident {

namespace {

void fillStage(const Target &target, StringRef stage, PassListBuilder &e) {
  if (stage == "tir") {
    addTileIRCleanup(e);
  } else if (stage == "cir") {
    // Each kernel becomes one program instance of loops over buffers (scf,
    // memref, vector, arith, math; pointers in the llvm dialect).
    // Descriptor arguments (no TMA here): base, shape, strides, padding
    // flag (the front end expands host descriptors so already). Loops
    // step along the last dimension in vectors as wide as the CPU's
    // registers (the host's for cpu:native, SSE's for x86-64).
    e.add("tir-lower-descriptors", "expand-arguments=true");
    e.add("convert-tir-to-cpu",
          target.arch == "x86-64" ? "vector-bits=128" : "");
    e.add("canonicalize");
    e.add("cse");
    e.add("loop-invariant-code-motion");
    // exp, log, tanh, ... on vectors as polynomials (no vector libm).
    e.add("cpu-approximate-math");
  } else if (stage == "llir") {
    // The standard conversions to the LLVM dialect, then LLVM IR for the
    // target's CPU.
    e.add("math-extend-to-supported-types");
    e.add("arith-expand", "include-bf16=true");
    e.add("convert-scf-to-cf");
    // Math functions LLVM has no intrinsic for (asinh, cbrt, f64 erf, ...)
    // become libm calls element by element: their vector.extract and
    // vector.insert are lowered by convert-vector-to-llvm after them.
    e.add("convert-math-to-llvm");
    e.add("convert-math-to-libm");
    e.add("convert-vector-to-llvm");
    e.add("finalize-memref-to-llvm");
    e.add("convert-arith-to-llvm");
    e.add("convert-cf-to-llvm");
    e.add("convert-func-to-llvm");
    e.add("convert-ub-to-llvm");
    e.add("reconcile-unrealized-casts");
    e.add("translate-to-llvmir-cpu");
  } else if (stage == "obj") {
    e.add("llc-cpu");
  }
}

} // namespace

TargetBackend cpu::targetBackend() {
  TargetBackend b;
  b.kind = "cpu";
  b.displayName = "CPU";
  b.archs = {"native", "x86-64"};
  b.stages = {"tir", "cir", "llir", "obj"};
  // The CPU's back half: LLVM IR and an object file (X86 in process).
  b.runnableStages = b.stages;
  b.fillStage = fillStage;
  // A program is one host thread: no shared memory, no clusters.
  b.limits = [](const Target &) {
    TargetLimits l;
    l.threadsPerProgram = 1;
    return l;
  };
  return b;
}

PipelineEdit cpu::boundsCheckEdit() {
  PipelineEdit edit;
  edit.kind = PipelineEdit::Kind::InsertAfter;
  edit.target = "cpu";
  edit.stage = "cir";
  edit.anchor = "convert-tir-to-cpu";
  PassEntry entry;
  entry.pass = "cpu-bounds-check";
  edit.passes.push_back(entry);
  return edit;
}

} // namespace trident
