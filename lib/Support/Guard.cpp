//===- Guard.cpp - Running plugin code under crash recovery ---------------===//
#include "trident/Support/Guard.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <mutex>

namespace trident {

bool runGuarded(llvm::function_ref<void()> fn) {
  static std::once_flag once;
  std::call_once(once, [] { llvm::CrashRecoveryContext::Enable(); });
  llvm::CrashRecoveryContext crc;
  return crc.RunSafely(fn);
}

} // namespace trident
