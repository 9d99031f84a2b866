//===- Guard.h - Running code that may crash, and surviving it --*- C++ -*-===//
//
// runGuarded runs a function so that whatever ends it abnormally returns to
// the caller instead of ending the process: a signal (SIGSEGV, SIGABRT...),
// an allocation failure (operator new, LLVM's allocators), an LLVM fatal
// error (report_fatal_error, "SmallVector unable to grow"), or
// std::terminate (an uncaught exception). It holds however many times it is
// used: every failure is caught the same way, on every thread.
//
// The handlers behind it (signals, std::set_new_handler, std::set_terminate,
// LLVM's fatal-error and bad-alloc handlers) are installed once per process,
// at the first runGuarded or installCrashHandlers call. Outside a guarded
// call they behave as before: the process ends, with a banner asking for a
// Trident bug report.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_SUPPORT_GUARD_H
#define TRIDENT_SUPPORT_GUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace trident {

/// How a guarded call ended, when it did not return.
struct GuardFailure {
  enum class Kind {
    Signal,      ///< a signal: `signal` says which
    OutOfMemory, ///< an allocation failed (`reason` says whose)
    FatalError,  ///< an LLVM fatal error (`reason` is its message)
    Terminate,   ///< std::terminate (`reason` names the exception, if any)
  };
  Kind kind = Kind::Signal;
  int signal = 0;
  std::string reason;
  /// Code addresses of the frames of the guarded call when it failed,
  /// innermost first (for a signal, starting at the faulting instruction),
  /// down to the guarded function itself.
  std::vector<const void *> frames;

  /// One phrase: "SIGSEGV", "out of memory (operator new)", "LLVM fatal
  /// error: <message>", "std::terminate (uncaught std::length_error:
  /// vector::reserve)".
  std::string summary() const;
};

/// Runs `fn` so that a failure inside it returns false (and fills `failure`
/// if given) instead of ending the process. The state `fn` was working on
/// may be left inconsistent (no destructors run in the abandoned frames):
/// callers discard it.
bool runGuarded(llvm::function_ref<void()> fn, GuardFailure *failure = nullptr);

/// Installs the handlers runGuarded relies on and the bug-report banner of
/// LLVM's crash printer. Idempotent; tools call it first thing.
void installCrashHandlers();

/// Where to report a bug in Trident: "the Trident issue tracker (URL)".
llvm::StringRef bugReportPlace();

/// The symbol and shared object of a code address, as "symbol (object)" or
/// "object+0xOFFSET" when it has no symbol; "" when no object contains it.
std::string describeCodeAddress(const void *address);

} // namespace trident

#endif
