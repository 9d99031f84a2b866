//===- Files.cpp - Checking a file before reading it ----------------------===//
#include "FileKind.h"
#include "trident/Support/Files.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace trident {

namespace {

/// What stat()'s errno means for a path the user gave.
std::string statFailure(int error) {
  switch (error) {
  case ENOENT:
    return "no such file";
  case ELOOP:
    return "a loop of symbolic links";
  case ENAMETOOLONG:
    return "the path or one of its names is too long";
  case EACCES:
    return "permission denied (a directory on the path cannot be searched)";
  case ENOTDIR:
    return "a component of the path is not a directory";
  default:
    return std::string("cannot be examined: ") + std::strerror(error);
  }
}

} // namespace

Error checkReadableFile(StringRef path, bool allowEmpty) {
  if (path.empty())
    return createStringError("empty path");
  std::string p = path.str();
  struct stat st;
  if (::stat(p.c_str(), &st) != 0)
    return createStringError(statFailure(errno));
  if (!S_ISREG(st.st_mode))
    return createStringError(std::string("is ") + describeFileKind(st.st_mode) +
                             ", not a regular file");
  if (::access(p.c_str(), R_OK) != 0)
    return createStringError("permission denied (the file is not readable)");
  if (!allowEmpty && st.st_size == 0)
    return createStringError("is empty");
  return Error::success();
}

} // namespace trident
