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
//   if (auto hit = cache.lookup(key, "obj", "obj"); hit && *hit) ... use **hit
//   else { compile; cache.store(key, *compiler.artifact()); }
//
// Layout: <dir>/<key>/artifact.<format> (the artifact's bytes) and
// <dir>/<key>/artifact.json, its description: the cache format version, the
// key, the stage and format, the artifact's size and SHA-256, its metadata
// and tool log, and the SHA-256 of the description itself (of its text
// with that checksum's 64 digits written as zeros). Entries are written to
// a private temporary directory and renamed into place (an older entry is
// first renamed aside whole), so concurrent writers and readers see either
// nothing or a whole entry.
//
// Every read checks the entry (docs/architecture.md, "The artifact cache"):
// only regular files are opened (lstat first, O_NOFOLLOW | O_NONBLOCK,
// the same file after open), their real paths lie under the cache
// directory's, an artifact is at most kMaxArtifactBytes and a description
// kMaxDescriptionBytes (never read beyond that), the sizes and hashes
// match the description, and the description's key, stage and format are
// the ones asked for. An entry that fails any check is reported once per
// process as a warning naming the file and the reason, removed (without
// following symbolic links) and, by compileCached, rebuilt and stored again.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_ARTIFACTCACHE_H
#define TRIDENT_COMPILER_ARTIFACTCACHE_H

#include "trident/Compiler/TranslationStep.h"
#include "trident/Pipeline/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace trident {

class ArtifactCache {
public:
  /// The largest artifact file an entry may hold (256 MiB, as the Python
  /// cache's entries); a bigger one is a bad entry and is never read.
  static constexpr uint64_t kMaxArtifactBytes = uint64_t(256) << 20;
  /// The largest description (artifact.json) an entry may hold (16 MiB).
  static constexpr uint64_t kMaxDescriptionBytes = uint64_t(16) << 20;
  /// The version of the entry layout; an entry of another version is bad.
  static constexpr int kFormatVersion = 2;

  /// Receives each warning (without a "trident: warning: " prefix); the
  /// default prints it to stderr with that prefix.
  using WarningHandler = std::function<void(llvm::StringRef message)>;

  /// $TRIDENT_CACHE_DIR, else $XDG_CACHE_HOME/trident, else
  /// ~/.cache/trident.
  static std::string defaultDirectory();

  explicit ArtifactCache(std::string directory, WarningHandler onWarning = {});
  const std::string &directory() const { return dir; }

  /// The key of compiling `moduleText` (the module as parsed from the
  /// user's source) with `pipeline` through `stage`: 16 hex digits.
  static std::string key(llvm::StringRef moduleText, const Pipeline &pipeline,
                         llvm::StringRef stage);

  /// The artifact stored under `key` for `stage`, in `format` if that is
  /// not empty; std::nullopt if there is none or the entry is bad (then it
  /// has been reported and removed). An error for a key that is not a
  /// plain name, or a cache directory that exists but is not a directory.
  llvm::Expected<std::optional<Artifact>>
  lookup(llvm::StringRef key, llvm::StringRef stage,
         llvm::StringRef format = "") const;
  /// Stores `artifact` under `key` (replacing any entry); errors name the
  /// path that could not be written, or an artifact over the size cap.
  llvm::Error store(llvm::StringRef key, const Artifact &artifact) const;
  /// Reports the entry under `key` (naming its artifact file, of
  /// `format`) as bad for `reason`, once per process and path, and removes
  /// it: for an entry whose checks pass but whose artifact its user cannot
  /// use.
  void discard(llvm::StringRef key, llvm::StringRef format,
               llvm::StringRef reason) const;

  /// Reports `message` through the warning handler.
  void warn(llvm::StringRef message) const;

private:
  /// Reports `path` (a file or directory of an entry) bad for `reason`,
  /// once per process and path, and removes the entry at `entry`.
  void reject(llvm::StringRef entry, llvm::StringRef path,
              llvm::StringRef reason) const;

  std::string dir;
  WarningHandler onWarning;
};

class Compiler;

/// What a caller does with a cached artifact before taking it (loading an
/// object, say); an error makes the entry bad: it is discarded (the error
/// is the reason) and the artifact rebuilt.
using AcceptArtifact = std::function<llvm::Error(const Artifact &)>;

/// The artifact of compiling `module` with `pipeline` through `stage` (a
/// stage that ends in a translation step), from `cache` when it holds a
/// good entry for it (one that `accept`, if given, takes), else compiled by
/// `compiler` and stored in `cache` (a bad entry is reported, removed and
/// replaced; a cache that cannot be written is a warning, not an error).
/// `hit`, if given, says which. With no cache, just compiles.
llvm::Expected<Artifact> compileCached(Compiler &compiler,
                                       mlir::ModuleOp module,
                                       const Pipeline &pipeline,
                                       llvm::StringRef stage,
                                       const ArtifactCache *cache,
                                       bool *hit = nullptr,
                                       const AcceptArtifact &accept = {});

/// The format of the artifact that `stage` of `pipeline` ends with (the
/// output of its last enabled translation step), or "" if it ends in none.
std::string stageArtifactFormat(const Pipeline &pipeline,
                                llvm::StringRef stage);

} // namespace trident

#endif
