//===- CacheFiles.cpp - Reading and removing artifact cache files ---------===//
#include "../Support/FileKind.h"
#include "CacheFiles.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Twine.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace trident::cache {

namespace {

std::string errnoText(const char *what, int error) {
  return std::string(what) + ": " + std::strerror(error);
}

/// Whether the real path `real` is `root` or lies under it.
bool isUnder(StringRef real, StringRef root) {
  if (root == "/")
    return real.starts_with("/");
  return real == root ||
         (real.starts_with(root) && real.size() > root.size() &&
          real[root.size()] == '/');
}

/// Reads exactly `size` bytes of `fd` into `out`, and checks that nothing
/// follows them; at most `size` + 1 bytes are read.
FileCheck readExactly(int fd, uint64_t size) {
  FileCheck result;
  result.data.resize(size);
  uint64_t done = 0;
  while (done < size) {
    ssize_t n = ::read(fd, &result.data[done], size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return FileCheck::bad(errnoText("cannot be read", errno));
    if (n == 0)
      return FileCheck::bad("was truncated while being read (" +
                            bytesText(done) + " of " + bytesText(size) + ")");
    done += uint64_t(n);
  }
  char extra;
  ssize_t n;
  do
    n = ::read(fd, &extra, 1);
  while (n < 0 && errno == EINTR);
  if (n > 0)
    return FileCheck::bad("grew while being read (over " + bytesText(size) +
                          ")");
  return result;
}

/// Removes `name` in the directory `parentFd`, depth levels down.
bool removeAt(int parentFd, const char *name, unsigned depth) {
  struct stat st;
  if (::fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
    return errno == ENOENT;
  if (!S_ISDIR(st.st_mode))
    return ::unlinkat(parentFd, name, 0) == 0 || errno == ENOENT;
  // An entry is one level of files; a deeper tree is not ours to walk far.
  if (depth > 8)
    return false;
  int fd = ::openat(parentFd, name,
                    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return false;
  DIR *d = ::fdopendir(fd);
  if (!d) {
    ::close(fd);
    return false;
  }
  bool ok = true;
  while (struct dirent *e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0)
      continue;
    ok &= removeAt(::dirfd(d), e->d_name, depth + 1);
  }
  ::closedir(d);
  return (::unlinkat(parentFd, name, AT_REMOVEDIR) == 0 || errno == ENOENT) &&
         ok;
}

} // namespace

std::string bytesText(uint64_t bytes) {
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

FileCheck checkEntryDirectory(StringRef path) {
  std::string p = path.str();
  struct stat st;
  if (::lstat(p.c_str(), &st) != 0) {
    if (errno == ENOENT)
      return FileCheck::missing();
    return FileCheck::bad(errnoText("cannot be examined", errno));
  }
  if (!S_ISDIR(st.st_mode))
    return FileCheck::bad(std::string("is ") + describeFileKind(st.st_mode) +
                          ", not a directory");
  return {};
}

FileCheck readEntryFile(StringRef path, StringRef realRoot, uint64_t maxBytes,
                        std::optional<uint64_t> expectedSize) {
  std::string p = path.str();
  struct stat st;
  if (::lstat(p.c_str(), &st) != 0) {
    if (errno == ENOENT)
      return FileCheck::missing();
    return FileCheck::bad(errnoText("cannot be examined", errno));
  }
  if (!S_ISREG(st.st_mode))
    return FileCheck::bad(std::string("is ") + describeFileKind(st.st_mode) +
                          ", not a regular file");
  uint64_t size = uint64_t(st.st_size);
  if (size > maxBytes)
    return FileCheck::bad("is " + bytesText(size) + ", over the cap of " +
                          bytesText(maxBytes));
  if (size == 0)
    return FileCheck::bad("is empty");
  if (expectedSize && size != *expectedSize)
    return FileCheck::bad("is " + bytesText(size) + ", not the " +
                          bytesText(*expectedSize) +
                          " its description records (truncated or "
                          "extended)");
  char *resolved = ::realpath(p.c_str(), nullptr);
  if (!resolved)
    return FileCheck::bad(errnoText("has no real path", errno));
  std::string real(resolved);
  std::free(resolved);
  if (!isUnder(real, realRoot))
    return FileCheck::bad("lies outside the cache directory (its real path "
                          "is " + real + ")");
  // O_NOFOLLOW: a symbolic link put there since lstat is refused;
  // O_NONBLOCK: a FIFO put there cannot block open().
  int fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return FileCheck::bad(errnoText(
        errno == ELOOP ? "became a symbolic link" : "cannot be opened",
        errno));
  scope_exit closeFd([&] { ::close(fd); });
  struct stat opened;
  if (::fstat(fd, &opened) != 0)
    return FileCheck::bad(errnoText("cannot be examined", errno));
  if (!S_ISREG(opened.st_mode) || opened.st_dev != st.st_dev ||
      opened.st_ino != st.st_ino)
    return FileCheck::bad("was replaced while being opened");
  return readExactly(fd, size);
}

bool removeTree(StringRef path) {
  std::string p = path.str();
  return removeAt(AT_FDCWD, p.c_str(), 0);
}

} // namespace trident::cache
