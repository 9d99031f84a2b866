//===- Pipeline.cpp - Staged pass pipelines ---------------------*- C++ -*-===//
#include "trident/Pipeline/Pipeline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace trident {

std::string PassEntry::pipelineText() const {
  if (options.empty())
    return pass;
  return pass + "{" + options + "}";
}

PassEntry *Stage::find(StringRef id) {
  for (PassEntry &e : entries)
    if (e.id() == id)
      return &e;
  return nullptr;
}

const PassEntry *Stage::find(StringRef id) const {
  return const_cast<Stage *>(this)->find(id);
}

Stage *Pipeline::findStage(StringRef stageName) {
  for (Stage &s : stages)
    if (s.name == stageName)
      return &s;
  return nullptr;
}

const Stage *Pipeline::findStage(StringRef stageName) const {
  return const_cast<Pipeline *>(this)->findStage(stageName);
}

void Pipeline::print(raw_ostream &os) const {
  os << "pipeline '" << name << "' for target " << target.str();
  if (!overriddenBy.empty())
    os << "  [pipeline overridden by plugin '" << overriddenBy << "']";
  os << "\n";
  for (const Stage &stage : stages) {
    os << "stage " << stage.name;
    if (!stage.overriddenBy.empty())
      os << "  [stage overridden by plugin '" << stage.overriddenBy << "']";
    os << "\n";
    if (stage.entries.empty())
      os << "  (no passes)\n";
    for (const PassEntry &e : stage.entries) {
      std::string text = e.id();
      if (!e.options.empty())
        text += " {" + e.options + "}";
      SmallVector<std::string> marks;
      if (!e.replacedBy.empty())
        marks.push_back("replaces '" + e.replaces + "', by plugin '" +
                        e.replacedBy + "'");
      else if (!e.insertedBy.empty())
        marks.push_back("inserted by plugin '" + e.insertedBy + "'");
      if (e.disabled)
        marks.push_back("disabled by plugin '" + e.disabledBy + "'");
      os << "  " << (e.disabled ? "- " : "") << text;
      if (!marks.empty())
        os << "  [" << join(marks, "; ") << "]";
      os << "\n";
    }
  }
}

std::string Pipeline::str() const {
  std::string s;
  raw_string_ostream os(s);
  print(os);
  return s;
}

PassListBuilder &PassListBuilder::add(StringRef pass, StringRef options,
                                      StringRef label) {
  PassEntry e;
  e.pass = pass.str();
  e.options = options.str();
  e.label = label.str();
  entries.push_back(std::move(e));
  return *this;
}

PassListBuilder &PipelineBuilder::stage(StringRef stageName) {
  for (auto &[n, b] : stages)
    if (n == stageName)
      return b;
  stages.emplace_back(stageName.str(), PassListBuilder());
  return stages.back().second;
}

static void addCore(Stage &stage, StringRef pass, StringRef options = "",
                    StringRef label = "") {
  PassEntry e;
  e.pass = pass.str();
  e.options = options.str();
  e.label = label.str();
  stage.entries.push_back(std::move(e));
}

Pipeline defaultPipeline(const Target &target) {
  Pipeline p;
  p.target = target;
  for (StringRef name : target.stageNames()) {
    Stage stage;
    stage.name = name.str();
    if (name == "tir") {
      // Target-independent clean-up of the kernel as the front end wrote it.
      addCore(stage, "inline");
      // Block pointers become base + offsets arithmetic and masked loads
      // and stores (loops and ifs carry their parts).
      addCore(stage, "tir-lower-block-pointers");
      // Descriptors made in the kernel become masked pointer accesses
      // (those passed as arguments are the back end's: TMA on sm_90, where
      // descriptors made in the kernel that TMA can serve stay too: the
      // back end builds their tensor maps in global scratch).
      unsigned cc = 0;
      bool tma = target.kind == "cuda" &&
                 !StringRef(target.arch).take_while(llvm::isDigit)
                      .getAsInteger(10, cc) &&
                 cc >= 90;
      addCore(stage, "tir-lower-descriptors", tma ? "tma=true" : "");
      addCore(stage, "tir-combine");
      addCore(stage, "canonicalize");
      addCore(stage, "cse");
      addCore(stage, "loop-invariant-code-motion");
      // Loops marked flatten (persistent kernels' tile loops) and the loop
      // they hold become one loop, once invariant code is out of both.
      // (The gir stage's clean-up follows.)
      addCore(stage, "tir-flatten-loops");
      addCore(stage, "symbol-dce");
    } else if (name == "gir") {
      // Every tile gets a register layout: the default one, then coalesced
      // memory accesses and tensor-core accumulators, then the other tiles
      // around those choices; then clean-up. CUDA targets name their
      // compute capability ("90a" -> 90) so that dots can take tensor-core
      // layouts.
      std::string options;
      if (target.kind == "cuda") {
        unsigned cc = 0;
        if (!StringRef(target.arch).take_while(llvm::isDigit).getAsInteger(10, cc))
          options = "compute-capability=" + std::to_string(cc);
      }
      addCore(stage, "convert-tir-to-gir", options);
      addCore(stage, "gir-coalesce");
      addCore(stage, "gir-dot-layouts");
      addCore(stage, "gir-remove-layout-conversions");
      addCore(stage, "canonicalize");
      addCore(stage, "cse");
      // Loads feeding tensor-core dots become asynchronous copies into a
      // ring of shared-memory buffers, issued iterations ahead.
      if (target.kind == "cuda") {
        addCore(stage, "gir-pipeline", "num-stages=3 async-dot=true");
        addCore(stage, "canonicalize", "", "pipelined");
        addCore(stage, "cse", "", "pipelined");
      }
    } else if (name == "cir") {
      // Each kernel becomes one program instance of loops over buffers
      // (scf, memref, vector, arith, math; pointers in the llvm dialect).
      // Descriptor arguments (no TMA here): base, shape and strides.
      // Loops step along the last dimension in vectors as wide as the
      // CPU's registers (the host's for cpu:native, SSE's for x86-64).
      addCore(stage, "tir-lower-descriptors", "expand-arguments=true");
      addCore(stage, "convert-tir-to-cpu",
              target.arch == "x86-64" ? "vector-bits=128" : "");
      addCore(stage, "canonicalize");
      addCore(stage, "cse");
      addCore(stage, "loop-invariant-code-motion");
      // exp, log, tanh, ... on vectors as polynomials (no vector libm).
      addCore(stage, "cpu-approximate-math");
    } else if (target.kind == "cpu" && name == "llir") {
      // The standard conversions to the LLVM dialect, then LLVM IR for the
      // target's CPU (Target/CPU registers the translation steps).
      addCore(stage, "math-extend-to-supported-types");
      addCore(stage, "arith-expand", "include-bf16=true");
      addCore(stage, "convert-scf-to-cf");
      // Math functions LLVM has no intrinsic for (asinh, cbrt, f64 erf,
      // ...) become libm calls element by element: their vector.extract and
      // vector.insert are lowered by convert-vector-to-llvm after them.
      addCore(stage, "convert-math-to-llvm");
      addCore(stage, "convert-math-to-libm");
      addCore(stage, "convert-vector-to-llvm");
      addCore(stage, "finalize-memref-to-llvm");
      addCore(stage, "convert-arith-to-llvm");
      addCore(stage, "convert-cf-to-llvm");
      addCore(stage, "convert-func-to-llvm");
      addCore(stage, "convert-ub-to-llvm");
      addCore(stage, "reconcile-unrealized-casts");
      addCore(stage, "translate-to-llvmir-cpu");
    } else if (target.kind == "cpu" && name == "obj") {
      addCore(stage, "llc-cpu");
    } else if (target.kind == "cuda" && name == "llir") {
      // The module is in the LLVM and NVVM dialects here. NVVM ops with no
      // LLVM intrinsic become inline PTX; then the module leaves MLIR. The
      // last entries of this and the next stages are translation steps
      // (Compiler/TranslationStep.h), registered by Target/NVIDIA.
      addCore(stage, "convert-gir-to-llvm");
      addCore(stage, "convert-nvvm-to-llvm");
      addCore(stage, "reconcile-unrealized-casts");
      addCore(stage, "translate-to-llvmir");
    } else if (target.kind == "cuda" && name == "ptx") {
      addCore(stage, "llc-nvptx");
    } else if (target.kind == "cuda" && name == "cubin") {
      addCore(stage, "ptxas");
    }
    p.stages.push_back(std::move(stage));
  }
  return p;
}

} // namespace trident
