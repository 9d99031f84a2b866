//===- FileKind.h - Naming a file that is not a regular file ----*- C++ -*-===//
//
// Shared by the checks before a file is read (Files.cpp) and the artifact
// cache's own checks (lib/Compiler/CacheFiles.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_SUPPORT_FILEKIND_H
#define TRIDENT_LIB_SUPPORT_FILEKIND_H

#include <sys/stat.h>

namespace trident {

/// What a file of mode `mode` is, when it is not a regular file: "a
/// symbolic link", "a directory", "a named pipe (FIFO)", ...
inline const char *describeFileKind(mode_t mode) {
  if (S_ISLNK(mode))
    return "a symbolic link";
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a named pipe (FIFO)";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "a special file";
}

} // namespace trident

#endif
