//===- Guard.h - Running plugin code under crash recovery -------*- C++ -*-===//
#ifndef TRIDENT_SUPPORT_GUARD_H
#define TRIDENT_SUPPORT_GUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace trident {

/// Runs `fn` so that a crash inside it (a signal such as SIGSEGV) returns
/// false instead of killing the process. Installs LLVM's crash-recovery
/// signal handlers on first use.
bool runGuarded(llvm::function_ref<void()> fn);

} // namespace trident

#endif
