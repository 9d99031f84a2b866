//===- TranslationStep.h - Stages that leave MLIR ---------------*- C++ -*-===//
//
// A stage is an ordered list of named entries. Most entries are MLIR passes;
// the last entry of a stage may instead be a *translation step*: a named,
// registered function that turns the module (or the previous step's
// artifact) into an artifact that is no longer MLIR: LLVM IR text, PTX text,
// a cubin. Steps live in the same entry list as passes, so plugins address
// them with the same edits (insert a pass before `translate-to-llvmir`,
// replace `ptxas` with another registered step, ...).
//
// Rules, checked when the pipeline runs:
//  - a step is the last enabled entry of its stage;
//  - once a step has turned the module into an artifact, later stages hold
//    steps only (an MLIR pass has no module left to run on), and each step's
//    input format must be the current artifact's format.
//
// The cuda targets' steps: llir ends in `translate-to-llvmir` (mlir -> ll),
// ptx is `llc-nvptx` (ll -> ptx), cubin is `ptxas` (ptx -> cubin, with the
// kernel metadata).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_TRANSLATIONSTEP_H
#define TRIDENT_COMPILER_TRANSLATIONSTEP_H

#include "trident/Pipeline/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
}

namespace trident {

/// What a translation step produces.
struct Artifact {
  /// The format, also the file extension: "ll", "ptx", "cubin", ...
  std::string format;
  /// The content: text for "ll" and "ptx", raw bytes for binaries.
  std::string data;
  bool binary = false;
  /// Facts about the kernel gathered by the steps so far (for NVIDIA: see
  /// Target/NVIDIA/KernelMetadata.h). Each step copies its input's metadata
  /// and adds to it.
  llvm::json::Object metadata;
  /// Output of an external tool worth keeping (ptxas -v), or empty.
  std::string log;
  /// The stage whose step produced this artifact.
  std::string stage;
};

/// What a step is handed.
struct StepInput {
  const Target &target;
  /// The module; valid for steps whose input format is "mlir".
  mlir::ModuleOp module;
  /// The previous step's artifact; null for steps whose input is "mlir".
  const Artifact *artifact = nullptr;
  /// The entry's options text ("key=value key=value").
  llvm::StringRef options;
};

struct TranslationStepInfo {
  std::string id;          ///< the entry name, e.g. "ptxas"
  std::string description; ///< one line, for messages and listings
  std::string input;       ///< "mlir" or an artifact format
  std::string output;      ///< the artifact format it produces
  std::function<llvm::Expected<Artifact>(const StepInput &)> run;
};

/// Registers a step (a name already used by a step or pass is an error).
llvm::Error registerTranslationStep(TranslationStepInfo info);
/// The step named `id`, or null.
const TranslationStepInfo *lookupTranslationStep(llvm::StringRef id);
std::vector<const TranslationStepInfo *> translationSteps();

/// The "ll" artifact of a step that leaves MLIR: `module` as LLVM IR text,
/// with `metadata` (a JSON object).
Artifact llvmIRArtifact(const llvm::Module &module, llvm::json::Value metadata);

/// The module of an "ll" artifact, parsed in `context`; a parse error names
/// the line ("cannot parse the LLVM IR: llir:LINE:COL: ...").
llvm::Expected<std::unique_ptr<llvm::Module>>
parseLLVMIRArtifact(const Artifact &artifact, llvm::LLVMContext &context);

/// Splits "a=1 b=x" into pairs; an item without '=' is an error. `allowed`
/// lists the keys a step accepts.
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
parseStepOptions(llvm::StringRef stepId, llvm::StringRef options,
                 llvm::ArrayRef<llvm::StringRef> allowed);

} // namespace trident

#endif
