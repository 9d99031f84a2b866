//===- CpuBoundsCheck.cpp - Checking a kernel's accesses against buffers --===//
#include "CpuBoundsCheck.h"
#include "CpuFaultGuard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace trident::cpu {

namespace {
thread_local BoundsChecker *boundChecker = nullptr;
} // namespace

BoundsChecker::BoundsChecker(ArrayRef<BufferExtent> extents,
                             std::array<unsigned, 3> grid)
    : buffers(extents.begin(), extents.end()), grid(grid) {
  llvm::sort(buffers, [](const BufferExtent &a, const BufferExtent &b) {
    return a.base < b.base;
  });
}

void BoundsChecker::bind(BoundsChecker *checker) { boundChecker = checker; }

BoundsChecker *BoundsChecker::current() { return boundChecker; }

std::optional<std::string> BoundsChecker::report() {
  std::lock_guard<std::mutex> lock(mutex);
  if (!violated)
    return std::nullopt;
  return firstReport;
}

bool BoundsChecker::inBounds(uintptr_t address, uint64_t bytes) const {
  // The last buffer that starts at or before `address`.
  auto it = std::upper_bound(
      buffers.begin(), buffers.end(), address,
      [](uintptr_t a, const BufferExtent &b) {
        return a < reinterpret_cast<uintptr_t>(b.base);
      });
  // Buffers may overlap (views of one array): any that holds it will do.
  for (auto b = buffers.begin(); b != it; ++b) {
    uintptr_t base = reinterpret_cast<uintptr_t>(b->base);
    if (address - base <= b->bytes && bytes <= b->bytes - (address - base))
      return true;
  }
  return false;
}

std::string BoundsChecker::describe(uintptr_t address) const {
  const BufferExtent *nearest = nullptr;
  uint64_t best = UINT64_MAX;
  for (const BufferExtent &b : buffers) {
    uintptr_t base = reinterpret_cast<uintptr_t>(b.base);
    uint64_t distance = address < base              ? base - address
                        : address - base < b.bytes ? 0
                                                   : address - base - b.bytes;
    if (distance < best) {
      best = distance;
      nearest = &b;
    }
  }
  if (!nearest)
    return "address 0x" + utohexstr(address, /*LowerCase=*/true) +
           ", and the launch has no buffers";
  int64_t offset = int64_t(address - reinterpret_cast<uintptr_t>(nearest->base));
  return ("byte offset " + Twine(offset) + " of '" + nearest->name +
          "' (a buffer of " + Twine(nearest->bytes) + " bytes)")
      .str();
}

void BoundsChecker::check(uintptr_t ptr, int64_t elementBytes, int64_t lanes,
                          uint64_t mask, const char *site) {
  for (int64_t i = 0; i < lanes && i < 64; ++i) {
    if (!(mask >> i & 1))
      continue;
    uintptr_t address = ptr + uintptr_t(i * elementBytes);
    if (inBounds(address, uint64_t(elementBytes)))
      continue;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!violated) {
        int64_t p = currentProgram();
        int64_t nx = grid[0], ny = grid[1];
        std::string where =
            p < 0 ? std::string()
                  : (" in program (" + Twine(p % nx) + ", " +
                     Twine(p / nx % ny) + ", " + Twine(p / (nx * ny)) + ")")
                        .str();
        firstReport = ("out-of-bounds " + Twine(site) + where + ": " +
                       Twine(elementBytes) + " bytes at " + describe(address))
                          .str();
        if (lanes > 1)
          firstReport += " (lane " + std::to_string(i) + " of a " +
                         std::to_string(lanes) + "-lane access)";
        violated = true;
      }
    }
    stopCurrentProgram();
    return;
  }
}

extern "C" void tridentCpuCheckAccess(void *ptr, int64_t elementBytes,
                                      int64_t lanes, uint64_t mask,
                                      const char *site) {
  if (BoundsChecker *c = boundChecker)
    c->check(reinterpret_cast<uintptr_t>(ptr), elementBytes, lanes, mask,
             site);
}

} // namespace trident::cpu
