//===- CpuFaultGuard.cpp - Catching a kernel's faults on its thread -------===//
#include "CpuFaultGuard.h"
#include "CpuTasks.h"

#include <algorithm>
#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <pthread.h>

namespace trident::cpu {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

/// One guarded range on one thread: where the handler jumps back to.
struct Frame {
  sigjmp_buf env;
  volatile int signal = 0;
  volatile uintptr_t address = 0;
  volatile int code = 0;
};

thread_local Frame *currentFrame = nullptr;
thread_local int64_t currentProgramId = -1;

/// The handlers ours replaced, called for faults outside a guard.
std::mutex installMutex;
struct sigaction previous[std::size(kSignals)];

/// Each thread that runs kernels has an alternate signal stack (unless it
/// has one already), so that a kernel that overflows its stack is caught
/// like any other fault.
struct AltStack {
  void *memory = nullptr;
  AltStack() {
    stack_t old;
    if (sigaltstack(nullptr, &old) == 0 && !(old.ss_flags & SS_DISABLE))
      return;
    size_t size = std::max<size_t>(SIGSTKSZ, 64 * 1024);
    memory = std::malloc(size);
    if (!memory)
      return;
    stack_t s{};
    s.ss_sp = memory;
    s.ss_size = size;
    if (sigaltstack(&s, nullptr) != 0) {
      std::free(memory);
      memory = nullptr;
    }
  }
  ~AltStack() {
    if (!memory)
      return;
    stack_t s{};
    s.ss_flags = SS_DISABLE;
    sigaltstack(&s, nullptr);
    std::free(memory);
  }
};
thread_local AltStack altStack;

void handler(int sig, siginfo_t *info, void *context) {
  if (Frame *f = currentFrame) {
    currentFrame = nullptr; // a fault from here on is not the kernel's
    f->signal = sig;
    f->address = reinterpret_cast<uintptr_t>(info ? info->si_addr : nullptr);
    f->code = info ? info->si_code : 0;
    siglongjmp(f->env, 1);
  }
  // Not a kernel's fault: what would have happened without us.
  size_t i = std::find(std::begin(kSignals), std::end(kSignals), sig) -
             std::begin(kSignals);
  struct sigaction prev = previous[i];
  if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
    if (prev.sa_flags & SA_SIGINFO)
      prev.sa_sigaction(sig, info, context);
    else
      prev.sa_handler(sig);
    return;
  }
  struct sigaction dfl{};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, nullptr);
  // A fault re-executes its instruction on return and dies of the default
  // action; a signal sent by kill() or raise() is sent again.
  if (!info || info->si_code <= 0)
    raise(sig);
}

std::atomic<int32_t> interrupt{0};
std::atomic<int32_t> runningLaunches{0};
/// The SIGINT handler ours was put in front of.
struct sigaction previousInterrupt;

void interruptHandler(int sig, siginfo_t *info, void *context) {
  // (Lock-free atomics: safe in a signal handler.)
  if (runningLaunches.load(std::memory_order_relaxed) > 0)
    interrupt.store(1, std::memory_order_relaxed);
  struct sigaction prev = previousInterrupt;
  if (prev.sa_flags & SA_SIGINFO)
    prev.sa_sigaction(sig, info, context);
  else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN)
    prev.sa_handler(sig);
}

bool installed(int sig) {
  struct sigaction current;
  return sigaction(sig, nullptr, &current) == 0 &&
         (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == handler;
}

} // namespace

void installFaultHandlers() {
  // Whoever replaces one of the handlers (LLVM's, the compiler's crash
  // recovery, Python's faulthandler) replaces them all: one system call
  // per launch when nothing changed.
  if (installed(SIGSEGV))
    return;
  std::lock_guard<std::mutex> lock(installMutex);
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction current;
    if (sigaction(kSignals[i], nullptr, &current) != 0)
      continue;
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == handler)
      continue;
    previous[i] = current;
    struct sigaction ours{};
    ours.sa_sigaction = handler;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    sigaction(kSignals[i], &ours, nullptr);
  }
}

std::atomic<int32_t> &interruptFlag() { return interrupt; }

void installInterruptHandler() {
  static_assert(std::atomic<int32_t>::is_always_lock_free);
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0)
    return;
  bool info = current.sa_flags & SA_SIGINFO;
  if (info && current.sa_sigaction == interruptHandler)
    return;
  // SIGINT that kills the process, or is ignored, stays so.
  if (!info && (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
    return;
  std::lock_guard<std::mutex> lock(installMutex);
  if (sigaction(SIGINT, nullptr, &current) != 0 ||
      ((current.sa_flags & SA_SIGINFO) &&
       current.sa_sigaction == interruptHandler))
    return;
  previousInterrupt = current;
  struct sigaction ours{};
  ours.sa_sigaction = interruptHandler;
  ours.sa_flags =
      SA_SIGINFO | (current.sa_flags & (SA_ONSTACK | SA_RESTART | SA_NODEFER));
  ours.sa_mask = current.sa_mask;
  sigaction(SIGINT, &ours, nullptr);
}

InterruptibleLaunch::InterruptibleLaunch() {
  installInterruptHandler();
  runningLaunches.fetch_add(1, std::memory_order_relaxed);
}

InterruptibleLaunch::~InterruptibleLaunch() {
  if (runningLaunches.fetch_sub(1, std::memory_order_relaxed) == 1)
    interrupt.store(0, std::memory_order_relaxed);
}

bool runProgramsGuarded(GridEntryFn entry, void **args, int64_t begin,
                        int64_t end, int32_t nx, int32_t ny, int32_t nz,
                        const std::atomic<bool> &stop, ProgramFault &fault) {
  (void)altStack.memory; // this thread's alternate stack, made once
  Frame frame;
  Frame *outer = currentFrame;
  int64_t outerProgram = currentProgramId;
  volatile int64_t p = begin;
  // The signal mask is not saved (a system call per range): the fault path
  // unblocks the signal its handler was left in.
  if (sigsetjmp(frame.env, /*savemask=*/0) != 0) {
    if (frame.signal != 0 && frame.signal != SIGINT) {
      sigset_t set;
      sigemptyset(&set);
      sigaddset(&set, frame.signal);
      pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    }
    currentFrame = outer;
    fault.signal = frame.signal;
    fault.address = frame.address;
    fault.code = frame.code;
    fault.program = p;
    // The program's partitions (threads of its own) end with it.
    abandonProgramTasks(fault);
    currentProgramId = outerProgram;
    return false;
  }
  currentFrame = &frame;
  for (; p < end; p = p + 1) {
    if (stop.load(std::memory_order_relaxed))
      break;
    currentProgramId = p;
    if (interrupt.load(std::memory_order_relaxed))
      interruptCurrentProgram();
    entry(args, p, p + 1, nx, ny, nz);
  }
  currentFrame = outer;
  currentProgramId = outerProgram;
  return true;
}

bool runCallGuarded(void (*fn)(void *), void *arg, int64_t program,
                    ProgramFault &fault) {
  (void)altStack.memory;
  Frame frame;
  Frame *outer = currentFrame;
  int64_t outerProgram = currentProgramId;
  if (sigsetjmp(frame.env, /*savemask=*/0) != 0) {
    if (frame.signal > 0 && frame.signal != SIGINT) {
      sigset_t set;
      sigemptyset(&set);
      sigaddset(&set, frame.signal);
      pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    }
    currentFrame = outer;
    currentProgramId = outerProgram;
    fault.signal = frame.signal;
    fault.address = frame.address;
    fault.code = frame.code;
    fault.program = program;
    return false;
  }
  currentFrame = &frame;
  currentProgramId = program;
  fn(arg);
  currentFrame = outer;
  currentProgramId = outerProgram;
  return true;
}

void failCurrentProgram(const ProgramFault &fault) {
  Frame *f = currentFrame;
  if (!f)
    return;
  currentFrame = nullptr;
  f->signal = fault.signal;
  f->address = fault.address;
  f->code = fault.code;
  // (The signal is not blocked on this thread: the fault path's unblock
  // is harmless.)
  siglongjmp(f->env, 3);
}

int64_t currentProgram() { return currentFrame ? currentProgramId : -1; }

void interruptCurrentProgram() {
  Frame *f = currentFrame;
  if (!f)
    return;
  currentFrame = nullptr;
  f->signal = SIGINT;
  f->address = 0;
  f->code = 0;
  siglongjmp(f->env, 4);
}

void stopCurrentProgram() {
  Frame *f = currentFrame;
  if (!f)
    return;
  currentFrame = nullptr;
  f->signal = 0;
  f->address = 0;
  f->code = 0;
  siglongjmp(f->env, 2);
}

} // namespace trident::cpu

extern "C" void tridentCpuInterrupted() {
  trident::cpu::interruptCurrentProgram();
}
