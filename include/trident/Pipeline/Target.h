//===- Target.h - Compilation targets and their stages ----------*- C++ -*-===//
//
// A target is a kind ("cuda", "amd", "cpu") and an architecture ("90a",
// "gfx942", "x86-64"). Each kind has a fixed, ordered list of stage names.
// Kinds, architectures and stages are what the back ends registered
// (TargetRegistry.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PIPELINE_TARGET_H
#define TRIDENT_PIPELINE_TARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace trident {

struct Target {
  std::string kind;
  std::string arch;

  /// Parses "cuda:90a", "cuda:80", "amd:gfx942", "cpu" (or "cpu:native"),
  /// "cpu:x86-64".
  static llvm::Expected<Target> parse(llvm::StringRef spec);
  std::string str() const { return kind + ":" + arch; }
  /// The fixed stage names of this target's kind, in order.
  llvm::ArrayRef<llvm::StringRef> stageNames() const;
  /// Whether this build can run stage `stage` of the target. Stages that a
  /// back end has not filled yet exist (plugins may edit them) but do not run.
  bool canRunStage(llvm::StringRef stage) const;
  /// Whether an edit's target pattern ("*", a kind, or kind:arch) matches.
  bool matches(llvm::StringRef pattern) const;
};

/// Every target kind Trident knows, with its stage names.
llvm::ArrayRef<llvm::StringRef> targetKinds();
llvm::ArrayRef<llvm::StringRef> stageNamesOf(llvm::StringRef kind);
/// Every supported "kind:arch" target.
llvm::ArrayRef<llvm::StringRef> knownTargets();

} // namespace trident

#endif
