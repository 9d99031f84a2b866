//===- PipelineEdit.h - Editing pipelines by entry id -----------*- C++ -*-===//
//
// The pipeline-edit API: insert before / after an entry, append to a stage,
// disable or replace an entry, override a stage or the whole pipeline. Edits
// are applied in three phases, whatever order they were made in:
//   1. at most one whole-pipeline override,
//   2. stage overrides (at most one per stage),
//   3. entry edits (insert, append, disable, replace) in the order given.
// Edits that contradict each other (two plugins replacing one entry or one
// stage, an anchor that no longer exists because another plugin replaced it)
// are errors naming both plugins.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PIPELINE_PIPELINEEDIT_H
#define TRIDENT_PIPELINE_PIPELINEEDIT_H

#include "trident/Pipeline/Pipeline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace trident {

struct PipelineEdit {
  enum class Kind {
    InsertBefore,
    InsertAfter,
    Append,
    Disable,
    Replace,
    OverrideStage,
    OverridePipeline,
  };
  using StageCallback =
      std::function<llvm::Error(PassListBuilder &, const Target &)>;
  using PipelineCallback =
      std::function<llvm::Error(PipelineBuilder &, const Target &)>;

  Kind kind;
  std::string owner = "user"; ///< plugin name, or "user" for API callers
  std::string target = "*";   ///< "*", a kind, or "kind:arch"
  std::string stage;
  std::string anchor;              ///< entry id, for before/after/etc.
  std::vector<PassEntry> passes;   ///< entries to insert / the new stage
  StageCallback buildStage;        ///< OverrideStage alternative to passes
  PipelineCallback buildPipeline;  ///< OverridePipeline

  static llvm::StringRef kindName(Kind kind);
  /// "insert-before tir:cse" and the like, for messages.
  std::string describe() const;
};

/// Applies `edits` to `pipeline` (see the phases above). Entries must name
/// registered passes; `isRegisteredPass` decides which are.
llvm::Error applyEdits(Pipeline &pipeline, llvm::ArrayRef<PipelineEdit> edits,
                       const std::function<bool(llvm::StringRef)> &isRegisteredPass);

} // namespace trident

#endif
