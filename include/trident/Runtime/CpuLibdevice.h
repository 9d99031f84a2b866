//===- CpuLibdevice.h - libdevice's functions for the CPU target -*- C++ -*-===//
//
// Kernels call CUDA libdevice's scalar functions (`__nv_erfinvf`,
// `__nv_fadd_rz`, ...) through tir.extern_elementwise. On a GPU they are
// linked from libdevice.10.bc; on the CPU target these are their
// implementations, written on the C library's math (with the rounding mode
// switched for the _rz/_rd/_ru variants), so that one kernel source runs on
// both. The CPU runner links kernels against them; the CPU lowering asks
// whether a `__nv_` name has one, so that a missing one is a compile error
// at the op, not a link error at launch.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_RUNTIME_CPULIBDEVICE_H
#define TRIDENT_RUNTIME_CPULIBDEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace trident::cpu {

struct LibdeviceFunction {
  llvm::StringRef name; ///< libdevice's symbol, e.g. "__nv_lgammaf"
  void *address;        ///< its CPU implementation (C calling convention)
};

/// Every libdevice function the CPU target implements, sorted by name.
llvm::ArrayRef<LibdeviceFunction> libdeviceFunctions();

/// The CPU implementation of libdevice's `name`, or null.
void *lookupLibdeviceFunction(llvm::StringRef name);

} // namespace trident::cpu

#endif // TRIDENT_RUNTIME_CPULIBDEVICE_H
