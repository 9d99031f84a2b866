//===- Files.h - Checking a file before reading it --------------*- C++ -*-===//
//
// Before Trident opens a file it did not make (a plugin, an input), it asks
// what the path is: a FIFO would block open() forever and a device such as
// /dev/zero never ends, so only regular files are read, and a path that
// cannot be used is refused with its real reason (a symlink loop, a name too
// long, no permission, an empty file) rather than "no such file".
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_SUPPORT_FILES_H
#define TRIDENT_SUPPORT_FILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace trident {

/// Success if `path` names a regular file (after symlinks) that this
/// process may read and that is not empty (unless `allowEmpty`); else an
/// error saying why, without the path (callers put it in front).
llvm::Error checkReadableFile(llvm::StringRef path, bool allowEmpty = false);

} // namespace trident

#endif
