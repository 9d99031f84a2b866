//===- CpuBoundsCheck.h - The runtime of cpu-bounds-check -------*- C++ -*-===//
//
// A kernel compiled with cpu-bounds-check calls
//
//   __trident_cpu_check_access(ptr, elementBytes, lanes, mask, site)
//
// before each load, store or atomic through a pointer: lane i (i < lanes,
// bit i of `mask` set) accesses elementBytes bytes at ptr + i *
// elementBytes; `site` is "<op> at <file:line:col>". The access must lie in
// one of the launch's buffers. The first one that does not is recorded
// with the buffer nearest to it, and its program instance stops
// (stopCurrentProgram); the launch then reports it.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_RUNTIME_CPUBOUNDSCHECK_H
#define TRIDENT_LIB_RUNTIME_CPUBOUNDSCHECK_H

#include "trident/Runtime/CpuRunner.h"

#include <array>
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace trident::cpu {

class BoundsChecker {
public:
  BoundsChecker(llvm::ArrayRef<BufferExtent> buffers,
                std::array<unsigned, 3> grid);

  /// Makes this checker the one that the hook uses on this thread (null:
  /// none, the hook then lets every access through).
  static void bind(BoundsChecker *checker);
  /// The checker bound on this thread, or null.
  static BoundsChecker *current();

  /// The first violation's report, if there was one.
  std::optional<std::string> report();

  /// The hook's work (see the file comment).
  void check(uintptr_t ptr, int64_t elementBytes, int64_t lanes,
             uint64_t mask, const char *site);

private:
  /// Whether [address, address + bytes) lies in one buffer.
  bool inBounds(uintptr_t address, uint64_t bytes) const;
  /// "byte offset 4096 of 'out' (a buffer of 4000 bytes)" for the buffer
  /// nearest `address`.
  std::string describe(uintptr_t address) const;

  std::vector<BufferExtent> buffers; ///< sorted by base
  std::array<unsigned, 3> grid;
  std::mutex mutex;
  std::atomic<bool> violated{false};
  std::string firstReport;
};

/// The hook kernels call (its symbol in the JIT: __trident_cpu_check_access).
extern "C" void tridentCpuCheckAccess(void *ptr, int64_t elementBytes,
                                      int64_t lanes, uint64_t mask,
                                      const char *site);

} // namespace trident::cpu

#endif
