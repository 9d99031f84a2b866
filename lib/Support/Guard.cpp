//===- Guard.cpp - Running code that may crash, and surviving it ----------===//
//
// One handler per way a call can end abnormally. Inside a guarded call on its
// thread, each notes what happened and the frames of the guarded call, then
// leaves through the call's llvm::CrashRecoveryContext (a longjmp). None of
// them keeps state from one failure to the next (libstdc++'s verbose
// terminate handler does: its second call aborts, "terminate called
// recursively"), none allocates, and the thread's signal mask is restored
// after each failure, so the hundredth failure is caught like the first.
// Outside guarded calls every handler defers to the one it replaced.
//
// This file is compiled with exceptions enabled (lib/Support/CMakeLists.txt):
// the terminate handler reads the uncaught exception, an exception leaving
// the guarded function is caught, and the new-handler throws std::bad_alloc
// outside guarded calls, as the default one does.
//
//===----------------------------------------------------------------------===//
#include "trident/Support/Guard.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <exception>
#include <iterator>
#include <mutex>
#include <new>
#include <optional>
#include <pthread.h>
#include <typeinfo>
#include <unistd.h>
#include <unwind.h>

#ifndef TRIDENT_BUG_REPORT_URL
#define TRIDENT_BUG_REPORT_URL ""
#endif

namespace trident {

namespace {

using Kind = GuardFailure::Kind;

constexpr int kMaxFrames = 64;
constexpr size_t kReasonSize = 512;

/// A guarded call in progress on this thread; `current` is the innermost.
/// It lives in runGuarded's frame: the handlers write only into it.
struct ActiveGuard {
  ActiveGuard *outer = nullptr;
  llvm::CrashRecoveryContext *crc = nullptr;
  /// runGuarded's frame address: frames whose CFA lies above it belong to
  /// runGuarded's callers, not to the guarded call.
  uintptr_t stackTop = 0;
  bool failed = false;
  Kind kind = Kind::Signal;
  int signal = 0;
  char reason[kReasonSize] = {};
  const void *frames[kMaxFrames] = {};
  int numFrames = 0;
};

thread_local ActiveGuard *current = nullptr;

// The signals a crash raises; their replaced actions, by index.
const int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
struct sigaction previousActions[std::size(kSignals)];
std::new_handler previousNewHandler = nullptr;
std::terminate_handler previousTerminate = nullptr;
std::mutex installMutex;

void copyReason(ActiveGuard &g, const char *a, const char *b = "") {
  size_t n = 0;
  for (const char *s : {a, b})
    for (; s && *s && n + 1 < kReasonSize; ++s)
      g.reason[n++] = *s;
  g.reason[n] = 0;
}

struct Capture {
  ActiveGuard *guard;
  bool fromSignal;
  bool started;
};

_Unwind_Reason_Code captureFrame(_Unwind_Context *context, void *arg) {
  auto *c = static_cast<Capture *>(arg);
  ActiveGuard &g = *c->guard;
  int beforeInsn = 0;
  uintptr_t ip = _Unwind_GetIPInfo(context, &beforeInsn);
  if (!ip)
    return _URC_END_OF_STACK;
  if (!c->started) {
    // From a signal, the handler's own frames come first: start at the
    // frame the signal interrupted (its IP is the faulting instruction).
    if (c->fromSignal && !beforeInsn)
      return _URC_NO_REASON;
    c->started = true;
  }
  // The unwinder gives each frame its callee's CFA: the first frame's may be
  // on the signal stack, anywhere in memory; the others are on the thread's
  // stack, which grows down towards the guarded call's frames.
  if (g.numFrames == kMaxFrames ||
      (g.numFrames > 0 && _Unwind_GetCFA(context) > g.stackTop))
    return _URC_END_OF_STACK;
  // A return address points past its call: step back into the call.
  g.frames[g.numFrames++] =
      reinterpret_cast<const void *>(beforeInsn ? ip : ip - 1);
  return _URC_NO_REASON;
}

void captureFrames(ActiveGuard &g, bool fromSignal) {
  Capture c{&g, fromSignal, false};
  g.numFrames = 0;
  _Unwind_Backtrace(captureFrame, &c);
  if (fromSignal && g.numFrames == 0) {
    // The unwinder did not mark the interrupted frame: take every frame.
    c = Capture{&g, false, false};
    _Unwind_Backtrace(captureFrame, &c);
  }
}

/// Records the failure in the innermost guard and leaves through it.
[[noreturn]] void fail(ActiveGuard &g, Kind kind, int signal, const char *a,
                       const char *b = "") {
  g.failed = true;
  g.kind = kind;
  g.signal = signal;
  copyReason(g, a, b);
  captureFrames(g, kind == Kind::Signal);
  g.crc->HandleExit(kind == Kind::Signal ? 128 + signal : 1);
}

/// The guard a handler may report to: the innermost one, unless it is
/// already failing (a failure inside a handler is not caught again).
ActiveGuard *reportable() {
  ActiveGuard *g = current;
  return g && !g->failed ? g : nullptr;
}

void forwardSignal(int sig, siginfo_t *info, void *context) {
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    if (kSignals[i] != sig)
      continue;
    const struct sigaction &prev = previousActions[i];
    if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
      prev.sa_sigaction(sig, info, context);
      return;
    }
    if (prev.sa_handler == SIG_IGN)
      return;
    if (prev.sa_handler != SIG_DFL && prev.sa_handler) {
      prev.sa_handler(sig);
      return;
    }
  }
  // The default action: delivered (and fatal) once this handler returns.
  std::signal(sig, SIG_DFL);
  raise(sig);
}

void onSignal(int sig, siginfo_t *info, void *context) {
  if (ActiveGuard *g = reportable())
    fail(*g, Kind::Signal, sig, "");
  forwardSignal(sig, info, context);
}

void onNewFailure() {
  if (ActiveGuard *g = reportable())
    fail(*g, Kind::OutOfMemory, 0, "operator new");
  if (previousNewHandler) {
    previousNewHandler();
    return;
  }
  throw std::bad_alloc();
}

/// "std::length_error: vector::reserve" for the exception being handled.
void describeCurrentException(ActiveGuard &g, const char *prefix) {
  std::type_info *type = abi::__cxa_current_exception_type();
  if (!type) {
    copyReason(g, "no active exception");
    return;
  }
  // __cxa_demangle allocates; out of memory it fails and the mangled name
  // is used.
  int status = 0;
  char *name = abi::__cxa_demangle(type->name(), nullptr, nullptr, &status);
  char head[kReasonSize];
  snprintf(head, sizeof head, "%s%s", prefix, name ? name : type->name());
  std::free(name);
  try {
    throw;
  } catch (const std::exception &e) {
    char full[kReasonSize];
    snprintf(full, sizeof full, "%s: %s", head, e.what());
    copyReason(g, full);
    return;
  } catch (...) {
  }
  copyReason(g, head);
}

void onTerminate() {
  if (ActiveGuard *g = reportable()) {
    describeCurrentException(*g, "uncaught ");
    fail(*g, Kind::Terminate, 0, g->reason);
  }
  if (previousTerminate)
    previousTerminate();
  std::abort();
}

void onLLVMBadAlloc(void *, const char *reason, bool) {
  if (ActiveGuard *g = reportable())
    fail(*g, Kind::OutOfMemory, 0, reason ? reason : "");
  // Outside guarded code, what LLVM does without a handler.
  const char *head = "LLVM ERROR: out of memory\n";
  (void)!::write(2, head, strlen(head));
  if (reason)
    (void)!::write(2, reason, strlen(reason));
  (void)!::write(2, "\n", 1);
  std::abort();
}

void onLLVMFatalError(void *, const char *reason, bool) {
  if (ActiveGuard *g = reportable())
    fail(*g, Kind::FatalError, 0, reason ? reason : "");
  // Outside guarded code: LLVM's message; LLVM then exits or aborts.
  const char *head = "LLVM ERROR: ";
  (void)!::write(2, head, strlen(head));
  if (reason)
    (void)!::write(2, reason, strlen(reason));
  (void)!::write(2, "\n", 1);
}

/// (Re)installs the handlers that someone replaced since: LLVM registers
/// its own signal handlers lazily (the first file removed on a signal, say),
/// and crash recovery can be disabled by a crash outside any guard.
void assertHandlers() {
  std::lock_guard<std::mutex> lock(installMutex);
  llvm::CrashRecoveryContext::Enable();
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction now;
    if (sigaction(kSignals[i], nullptr, &now) != 0)
      continue;
    if ((now.sa_flags & SA_SIGINFO) && now.sa_sigaction == onSignal)
      continue;
    struct sigaction ours = {};
    ours.sa_sigaction = onSignal;
    // On the thread's signal stack, where it has one (ensureSignalStack):
    // a stack overflow is a fault with no stack left to handle it on.
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    sigaction(kSignals[i], &ours, &previousActions[i]);
  }
  if (std::get_new_handler() != onNewFailure)
    previousNewHandler = std::set_new_handler(onNewFailure);
  if (std::get_terminate() != onTerminate)
    previousTerminate = std::set_terminate(onTerminate);
}

/// This thread's own signal stack, made the first time the thread runs a
/// guarded call (unless it has one already), and removed when it exits.
struct SignalStack {
  ~SignalStack() {
    if (!memory)
      return;
    stack_t off = {};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    std::free(memory);
  }
  void *memory = nullptr;
};

void ensureSignalStack() {
  static thread_local SignalStack mine;
  static thread_local bool checked = false;
  if (checked)
    return;
  checked = true;
  stack_t now;
  if (sigaltstack(nullptr, &now) != 0 || !(now.ss_flags & SS_DISABLE))
    return; // it has one (LLVM's, say) or cannot tell
  constexpr size_t kSize = 128 * 1024;
  void *memory = std::malloc(kSize);
  if (!memory)
    return;
  stack_t ss = {};
  ss.ss_sp = memory;
  ss.ss_size = kSize;
  if (sigaltstack(&ss, nullptr) != 0) {
    std::free(memory);
    return;
  }
  mine.memory = memory;
}

const std::string &bugReportBanner() {
  static const std::string banner =
      "PLEASE submit a bug report to " + bugReportPlace().str() +
      " and include the crash backtrace, the input file and the command "
      "line.\n";
  return banner;
}

} // namespace

llvm::StringRef bugReportPlace() {
  static const std::string place =
      std::strlen(TRIDENT_BUG_REPORT_URL)
          ? "the Trident issue tracker (" TRIDENT_BUG_REPORT_URL ")"
          : "the Trident issue tracker";
  return place;
}

void installCrashHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Load the unwinder now: a first backtrace may allocate, and the
    // handlers take one when memory has run out.
    _Unwind_Backtrace(
        [](_Unwind_Context *, void *) { return _URC_END_OF_STACK; }, nullptr);
    llvm::install_fatal_error_handler(onLLVMFatalError);
    llvm::install_bad_alloc_error_handler(onLLVMBadAlloc);
    llvm::setBugReportMsg(bugReportBanner().c_str());
  });
  assertHandlers();
}

/// TRIDENT_NO_CRASH_GUARD=1 (read once): guarded calls run unguarded, so
/// that a crash reaches a debugger, a sanitizer or the fuzzer with its own
/// stack (docs/fuzzing.md).
static bool guardDisabled() {
  static const bool disabled = [] {
    const char *v = std::getenv("TRIDENT_NO_CRASH_GUARD");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return disabled;
}

bool runGuarded(llvm::function_ref<void()> fn, GuardFailure *failure) {
  if (guardDisabled()) {
    fn();
    return true;
  }
  installCrashHandlers();
  ensureSignalStack();
  sigset_t mask;
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  llvm::CrashRecoveryContext crc;
  ActiveGuard g;
  g.outer = current;
  g.crc = &crc;
  g.stackTop = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  current = &g;
  bool survived = crc.RunSafely([&] {
    // An exception that leaves `fn` (through code built without exceptions,
    // which runs no destructors on the way) fails the call too; it is left
    // (and freed) before the call is.
    std::optional<Kind> thrown;
    try {
      fn();
    } catch (const std::bad_alloc &) {
      copyReason(g, "std::bad_alloc");
      thrown = Kind::OutOfMemory;
    } catch (...) {
      describeCurrentException(g, "uncaught exception ");
      thrown = Kind::Terminate;
    }
    if (thrown)
      fail(g, *thrown, 0, g.reason);
  });
  current = g.outer;
  if (survived)
    return true;
  // A signal handler leaves with its signal blocked; so may code that
  // blocked signals and crashed.
  pthread_sigmask(SIG_SETMASK, &mask, nullptr);
  if (failure) {
    *failure = GuardFailure();
    if (g.failed) {
      failure->kind = g.kind;
      failure->signal = g.signal;
      failure->reason = g.reason;
      failure->frames.assign(g.frames, g.frames + g.numFrames);
    } else {
      // Caught by crash recovery's own handler (a handler installed over
      // ours since the last check); it only tells the signal.
      failure->signal = crc.RetCode > 128 ? crc.RetCode - 128 : 0;
    }
  }
  return false;
}

std::string GuardFailure::summary() const {
  switch (kind) {
  case Kind::Signal:
    switch (signal) {
    case SIGSEGV:
      return "SIGSEGV (invalid memory access)";
    case SIGBUS:
      return "SIGBUS (bus error)";
    case SIGFPE:
      return "SIGFPE (arithmetic error)";
    case SIGILL:
      return "SIGILL (illegal instruction)";
    case SIGABRT:
      return "SIGABRT (abort)";
    case SIGTRAP:
      return "SIGTRAP (trap)";
    default:
      return "signal " + std::to_string(signal);
    }
  case Kind::OutOfMemory:
    return "out of memory (" + reason + ")";
  case Kind::FatalError:
    return "LLVM fatal error: " + reason;
  case Kind::Terminate:
    return "std::terminate (" + reason + ")";
  }
  return reason;
}

std::string describeCodeAddress(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fname)
    return "";
  std::string object = llvm::sys::path::filename(info.dli_fname).str();
  if (info.dli_sname)
    return llvm::demangle(info.dli_sname) + " (" + object + ")";
  char offset[32];
  snprintf(offset, sizeof offset, "+0x%zx",
           static_cast<size_t>(static_cast<const char *>(address) -
                               static_cast<const char *>(info.dli_fbase)));
  return object + offset;
}

} // namespace trident
