//===- ArtifactCache.h - A disk cache of compiled kernels -------*- C++ -*-===//
//
// Compiled artifacts (a cubin, PTX, LLVM IR, a CPU object file, each with
// its kernel metadata) kept on disk, keyed by everything that decides their
// bytes: the module as given, the pipeline's fingerprint (its entries and
// options, every loaded plugin's name, version and cache key, and the
// Trident build; see Pipeline::fingerprint) and the stage compiled to. The
// key is computed once per compile, never per launch. The GPU and CPU
// paths share it.
//
//   trident::ArtifactCache cache(trident::ArtifactCache::defaultDirectory());
//   std::string key = trident::ArtifactCache::key(moduleText, pipeline, "obj");
//   if (auto hit = cache.lookup(key); hit && *hit) ... use **hit
//   else { compile; cache.store(key, *compiler.artifact()); }
//
// Layout: <dir>/<key>/artifact.<format> and <dir>/<key>/artifact.json
// (format, stage, metadata, tool log). Entries are written to a temporary
// directory and renamed into place, so concurrent writers and readers see
// either nothing or a whole entry; an entry that cannot be read is a miss.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_ARTIFACTCACHE_H
#define TRIDENT_COMPILER_ARTIFACTCACHE_H

#include "trident/Compiler/TranslationStep.h"
#include "trident/Pipeline/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace trident {

class ArtifactCache {
public:
  /// $TRIDENT_CACHE_DIR, else $XDG_CACHE_HOME/trident, else
  /// ~/.cache/trident.
  static std::string defaultDirectory();

  explicit ArtifactCache(std::string directory)
      : dir(std::move(directory)) {}
  const std::string &directory() const { return dir; }

  /// The key of compiling `moduleText` (the module as parsed from the
  /// user's source) with `pipeline` through `stage`: 16 hex digits.
  static std::string key(llvm::StringRef moduleText, const Pipeline &pipeline,
                         llvm::StringRef stage);

  /// The artifact stored under `key`, std::nullopt if there is none (or
  /// it is unreadable); an error only for a cache directory that exists
  /// but cannot be read.
  llvm::Expected<std::optional<Artifact>> lookup(llvm::StringRef key) const;
  /// Stores `artifact` under `key` (replacing any entry); errors name the
  /// path that could not be written.
  llvm::Error store(llvm::StringRef key, const Artifact &artifact) const;

private:
  std::string dir;
};

class Compiler;

/// The artifact of compiling `module` with `pipeline` through `stage` (a
/// stage that ends in a translation step), from `cache` when it holds it,
/// else compiled by `compiler` and stored in `cache`. `hit`, if given, says
/// which. With no cache, just compiles.
llvm::Expected<Artifact> compileCached(Compiler &compiler,
                                       mlir::ModuleOp module,
                                       const Pipeline &pipeline,
                                       llvm::StringRef stage,
                                       const ArtifactCache *cache,
                                       bool *hit = nullptr);

} // namespace trident

#endif
