//===- CacheFiles.h - Reading and removing artifact cache files -*- C++ -*-===//
//
// The file-system half of the artifact cache's checks (ArtifactCache.h):
// an entry's files are opened only if they are regular files, not symbolic
// links, whose real paths lie under the cache directory's, and are read up
// to a cap and no further; an entry is removed without following the
// symbolic links it may hold. Private to lib/Compiler.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_COMPILER_CACHEFILES_H
#define TRIDENT_LIB_COMPILER_CACHEFILES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace trident::cache {

/// What reading or examining a path of an entry gave.
struct FileCheck {
  enum Status { Ok, Missing, Bad } status = Ok;
  /// Why the path is bad (for Bad): "is a symbolic link", "is empty", ...
  std::string reason;
  /// The file's bytes (for Ok, from readEntryFile).
  std::string data;

  static FileCheck missing() { return {Missing, "", ""}; }
  static FileCheck bad(std::string why) { return {Bad, std::move(why), ""}; }
};

/// Checks that `path` is a directory itself (lstat: not a symbolic link to
/// one); Missing if nothing is there.
FileCheck checkEntryDirectory(llvm::StringRef path);

/// The bytes of `path`, which must be a regular file itself (not a
/// symbolic link, FIFO, device, ...), not empty, whose real path lies under
/// `realRoot` (a real path), of at most `maxBytes` bytes and, if
/// `expectedSize` is given, of exactly that many. It is opened with
/// O_NOFOLLOW | O_NONBLOCK and must still be the file lstat saw; at most
/// `maxBytes` + 1 bytes are ever read. Missing if nothing is there.
FileCheck readEntryFile(llvm::StringRef path, llvm::StringRef realRoot,
                        uint64_t maxBytes,
                        std::optional<uint64_t> expectedSize = std::nullopt);

/// Removes `path` and, if it is a directory, everything under it, without
/// following symbolic links (a link is removed, never what it points to).
/// Best effort: false if something could not be removed.
bool removeTree(llvm::StringRef path);

/// `bytes` as "N bytes" ("1 byte").
std::string bytesText(uint64_t bytes);

} // namespace trident::cache

#endif
