//===- Pipeline.h - Staged pass pipelines -----------------------*- C++ -*-===//
//
// A pipeline is an ordered list of named stages; a stage is an ordered list of
// pass entries. An entry names a registered pass by its flag, with options and
// an optional label; its id ("pass" or "pass#label") is unique in its stage.
// Every entry remembers which plugin inserted, replaced or disabled it, so the
// printed pipeline says who changed what.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PIPELINE_PIPELINE_H
#define TRIDENT_PIPELINE_PIPELINE_H

#include "trident/Pipeline/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <deque>
#include <vector>

namespace trident {

struct PassEntry {
  std::string pass;    ///< registered pass flag, e.g. "canonicalize"
  std::string options; ///< textual pass options, e.g. "max-iterations=3"
  std::string label;   ///< distinguishes repeated passes in one stage
  bool disabled = false;
  std::string insertedBy; ///< plugin that inserted the entry ("" = core)
  std::string replacedBy; ///< plugin whose entry replaced a core one
  std::string replaces;   ///< id of the entry this one replaced
  std::string disabledBy; ///< plugin that disabled the entry

  std::string id() const { return label.empty() ? pass : pass + "#" + label; }
  /// The entry as pass-pipeline text: "pass{options}".
  std::string pipelineText() const;
};

struct Stage {
  std::string name;
  std::vector<PassEntry> entries;
  std::string overriddenBy; ///< plugin that replaced the whole stage

  PassEntry *find(llvm::StringRef id);
  const PassEntry *find(llvm::StringRef id) const;
};

class Pipeline {
public:
  Target target;
  std::string name = "default"; ///< "default" or a named pipeline
  std::string overriddenBy;     ///< plugin that replaced the whole pipeline
  std::vector<Stage> stages;

  Stage *findStage(llvm::StringRef name);
  const Stage *findStage(llvm::StringRef name) const;

  /// Prints every stage and entry in order, marking edited entries with the
  /// plugin responsible.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;
  /// A stable hash of the pipeline's content and of the cache keys of the
  /// plugins it was built with; computed when the pipeline is built.
  std::string fingerprint;
};

/// Collects pass entries; handed to plugin callbacks that build a stage.
class PassListBuilder {
public:
  /// Adds a pass entry. Unknown passes and duplicate ids are reported when
  /// the builder's result is checked.
  PassListBuilder &add(llvm::StringRef pass, llvm::StringRef options = "",
                       llvm::StringRef label = "");
  std::vector<PassEntry> entries;
};

/// Builds a whole pipeline; handed to plugin callbacks that override one.
class PipelineBuilder {
public:
  explicit PipelineBuilder(Target target) : target(std::move(target)) {}
  /// Returns the builder of stage `name`, creating it (at the end) on first
  /// use. Stage names must be the target's, in the target's order.
  PassListBuilder &stage(llvm::StringRef name);

  Target target;
  std::deque<std::pair<std::string, PassListBuilder>> stages;
};

/// The target's built-in pipeline, before any plugin edits.
Pipeline defaultPipeline(const Target &target);

} // namespace trident

#endif
